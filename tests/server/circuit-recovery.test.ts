/**
 * Recovery from an upstream outage (docs/architecture.md §8 "Faults", ADR-0017): shoppers keep
 * arriving (a cart fetch every 25 ms, each a Storefront API call) while the Storefront emulator's
 * fault switch fails every request, then hangs every request; once the switch is back to `none`,
 * the shop's answers must be whole again within 1 s, with the circuit breakers' default settings
 * (server/upstream/circuit.ts). While the circuit is open, shoppers get their 503 at once: only
 * the few probe calls wait on a hung upstream.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { setFault, type FaultRequest } from '../support/faults';
import { until } from '../support/shop-process';
import { newCart } from '../support/cart';
import { startTestApp, type TestApp } from '../support/app';

/** One shopper request: when it was sent and answered, its status (0: no answer). */
type Outcome = { sentAt: number; answeredAt: number; status: number };

/**
 * How long the outage goes on with the circuit open, and how long the test watches after it: at
 * least AFTER_MS, and until AFTER_1S_SENT requests have been sent a second or more after the
 * recovery (a busy machine slows the 25 ms timer), so "every one whole" counts enough of them.
 */
const OPEN_MS = 2_000;
const AFTER_MS = 3_000;
const AFTER_1S_SENT = 20;
/** The same for the outage: at least OPEN_MS with the circuit open, and until this many were sent in it. */
const WHILE_OPEN_SENT = 20;

let t: TestApp;
let server: Server;
let origin: string;
let cartId: string;

beforeAll(async () => {
  // The breakers' defaults: what the shop runs with.
  t = await startTestApp();
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  cartId = await newCart(t.app);
});
afterAll(async () => {
  await setFault(t.emulators.storefront, { mode: 'none' });
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.stop();
});

/**
 * Fires a cart fetch every 25 ms (not waiting for answers: shoppers arrive regardless), sets
 * `fault`, waits until the storefront circuit has left `closed` and OPEN_MS more, sets the switch
 * back to `none`, watches AFTER_MS (and until AFTER_1S_SENT have been sent a second after it),
 * then waits for every answer.
 * @returns every request, when the switch answered `none` (recoveredAt) and when the circuit opened
 */
async function outageThenRecovery(fault: FaultRequest): Promise<{ outcomes: Outcome[]; openedAt: number; recoveredAt: number }> {
  const outcomes: Outcome[] = [];
  const pending: Promise<void>[] = [];
  const sent: number[] = [];
  /** Waits (up to 20 s) until `count` requests have been sent at or after `from` (ms since the epoch). */
  const untilSent = (from: number, count: number, when: string) =>
    until(() => (sent.filter((at) => at >= from).length >= count ? true : undefined), `${count} requests sent ${when}`, 20_000);
  const fire = () => {
    const sentAt = Date.now();
    sent.push(sentAt);
    pending.push(
      fetch(`${origin}/api/cart?id=${encodeURIComponent(cartId)}`).then(
        async (res) => {
          await res.arrayBuffer();
          outcomes.push({ sentAt, answeredAt: Date.now(), status: res.status });
        },
        () => void outcomes.push({ sentAt, answeredAt: Date.now(), status: 0 }),
      ),
    );
  };
  const timer = setInterval(fire, 25);
  try {
    await new Promise((r) => setTimeout(r, 500));
    await setFault(t.emulators.storefront, fault);
    await until(() => (t.app.locals.circuits.state('storefront') === 'closed' ? undefined : true), 'the storefront circuit to open', 20_000);
    const openedAt = Date.now();
    await new Promise((r) => setTimeout(r, OPEN_MS));
    await untilSent(openedAt, WHILE_OPEN_SENT, 'while open');
    await setFault(t.emulators.storefront, { mode: 'none' });
    const recoveredAt = Date.now();
    await new Promise((r) => setTimeout(r, AFTER_MS));
    await untilSent(recoveredAt + 1_000, AFTER_1S_SENT, 'a second after the recovery');
    clearInterval(timer);
    await Promise.all(pending);
    return { outcomes, openedAt, recoveredAt };
  } finally {
    clearInterval(timer);
  }
}

/** The figures a failure prints. */
function figures({ outcomes, openedAt, recoveredAt }: { outcomes: Outcome[]; openedAt: number; recoveredAt: number }) {
  const failed = (o: Outcome) => o.status === 0 || o.status >= 500;
  const after = outcomes.filter((o) => o.sentAt >= recoveredAt);
  const lastError = Math.max(recoveredAt, ...after.filter(failed).map((o) => o.answeredAt));
  const whileOpen = outcomes.filter((o) => o.sentAt >= openedAt && o.sentAt < recoveredAt);
  return {
    // Requests sent after the switch was back to none: answered 5xx, and how long after it the last one came.
    errorsAfterRecovery: after.filter(failed).length,
    lastErrorMs: lastError - recoveredAt,
    // Requests sent a second or more after the switch that did not get their 200.
    notWholeAfter1s: after.filter((o) => o.sentAt >= recoveredAt + 1_000 && o.status !== 200).length,
    answeredAfter1s: after.filter((o) => o.sentAt >= recoveredAt + 1_000).length,
    // Requests sent before the switch whose 5xx came after it (probes held by the hang until their deadline).
    heldPastRecovery: outcomes.filter((o) => o.sentAt < recoveredAt && o.answeredAt >= recoveredAt && failed(o)).length,
    // Requests sent while the circuit was open that waited over a second for their answer.
    waitedWhileOpen: whileOpen.filter((o) => o.answeredAt - o.sentAt > 1_000).length,
    sentWhileOpen: whileOpen.length,
  };
}

test('after an outage (every call answered 503), errors stop within 1 s of the upstream coming back', async () => {
  const f = figures(await outageThenRecovery({ mode: 'error', status: 503 }));
  expect(f).toEqual({ ...f, lastErrorMs: expect.any(Number), notWholeAfter1s: 0 });
  expect(f.lastErrorMs).toBeLessThan(1_000);
  expect(f.answeredAfter1s).toBeGreaterThanOrEqual(AFTER_1S_SENT);
}, 60_000);

test('after a hang (calls never answered), errors stop within 1 s of the upstream coming back; while open, only probes wait', async () => {
  const run = await outageThenRecovery({ mode: 'hang' });
  const f = figures(run);
  expect(f).toEqual({ ...f, lastErrorMs: expect.any(Number), notWholeAfter1s: 0 });
  expect(f.lastErrorMs).toBeLessThan(1_000);
  expect(f.answeredAfter1s).toBeGreaterThanOrEqual(AFTER_1S_SENT);
  // One probe per cool-down (500 ms) may hang (until its request's deadline); every other shopper gets the 503 at once.
  expect(f.waitedWhileOpen).toBeLessThanOrEqual((run.recoveredAt - run.openedAt) / 500 + 2);
  expect(f.sentWhileOpen).toBeGreaterThanOrEqual(WHILE_OPEN_SENT);
}, 60_000);
