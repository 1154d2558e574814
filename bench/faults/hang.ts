/**
 * Hung upstreams, for the fault suite: unlike a stopped one (./gate.ts refuses the connection),
 * an upstream whose emulator's fault switch says `hang` (emulators/shared/faults.ts) accepts the
 * request and never answers, so only the shop's own limits end the wait: the request deadline
 * (REQUEST_DEADLINE_MS, 8 s), the clients' timeouts, the circuit breakers
 * (server/upstream/circuit.ts). For each upstream with a switch, under load (clients in a loop,
 * and a request of the mix started every 50 ms whatever the loop is waiting on): a few seconds
 * healthy, `hang` for a while, then `none`; each request's start, end and status are kept
 * (./timed-load.ts) so the figures can say what the hang did (5xx, latency p50/p99/max, answers
 * slower than the deadline) and how long errors went on after `none` (the recovery lag, per
 * second).
 *
 * The request mix reaches every upstream on every pass, past the caches: a page (page cache), a
 * journal entry nobody has (a content lake query each time), a new cart and a read of one
 * (Storefront API), the cart's delivery calendar (the scheduler; the instance caches it for 1 s,
 * AVAILABILITY_TTL_SECONDS), a newsletter sign-up (the outbox; the marketing API is called by its
 * worker, never by the request).
 */
import { Agent } from 'node:http';
import type { EmulatorConnection } from '../../tests/support/cluster';
import { setFault } from '../../tests/support/faults';
import { loadLoop, paced, percentile, tally, timedRequest, type Outcome, type TimedRequest } from './timed-load';

/** The upstreams with a fault switch (the customer-account emulator has none). */
export const HANGABLE = ['storefront', 'content', 'scheduler', 'marketing'] as const;
export type Hangable = (typeof HANGABLE)[number];

/** A seeded variant with stock (content/catalog.json). */
const VARIANT = 'gid://shopify/ProductVariant/800201';
/** The shop's request deadline (server/config.ts REQUEST_DEADLINE_MS default): no answer should take longer. */
export const DEADLINE_MS = 8000;

export type HangFigures = {
  /** Requests started while the upstream hung. */
  during: Outcome[];
  /** Requests started after `none`. */
  after: Outcome[];
  /** When `none` was set (epoch ms). */
  clearedAt: number;
  /**
   * From `none` to the start of the first pass of the whole mix, one request after the other,
   * with no 5xx and no failure (checked every 200 ms after the load); null when none came
   * within SETTLE_MS.
   */
  healthyAfterMs: number | null;
};

/** How long after the load the run waits for a clean pass of the mix. */
const SETTLE_MS = 60_000;

/** Passes of the whole mix, one request at a time, until one has no 5xx or failure; its start, or null after SETTLE_MS. */
async function untilHealthy(port: number, next: (i: number) => TimedRequest, size: number): Promise<number | null> {
  const deadline = Date.now() + SETTLE_MS;
  for (let pass = 0; Date.now() < deadline; pass += 1) {
    const start = Date.now();
    let clean = true;
    for (let i = 0; i < size && clean; i += 1) {
      const o = await timedRequest(port, false, next(pass * size + i), 30_000);
      clean = !o.error && o.status < 500;
    }
    if (clean) return start;
    await new Promise((r) => setTimeout(r, 200));
  }
  return null;
}

function emulatorOf(c: EmulatorConnection, name: Hangable): { url: string; debugToken: string } {
  const url = { storefront: c.storefront.origin, content: c.content.apiHost, scheduler: c.scheduler.url, marketing: c.marketing.apiUrl }[name];
  return { url, debugToken: c.debugToken };
}

async function postJson(url: string, body: unknown): Promise<{ data?: { id?: string } }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as { data?: { id?: string } };
}

/** One kind of request of the mix; `i` and `stream` (one per loop) make slugs and addresses new each pass. */
type MixEntry = (at: { i: number; stream: string; cartId: string }) => TimedRequest;

/** The request mix (see the module comment), one of each per pass. */
const MIX: MixEntry[] = [
  () => ({ method: 'GET', path: '/', label: 'page /' }),
  ({ i, stream }) => ({ method: 'GET', path: `/journal/bench-hang-${stream}-${i}`, label: 'unknown journal entry' }),
  () => ({ method: 'POST', path: '/api/cart', body: {}, label: 'new cart' }),
  ({ cartId }) => ({ method: 'GET', path: `/api/cart?id=${encodeURIComponent(cartId)}`, label: 'read cart' }),
  ({ i, cartId }) => ({ method: 'POST', path: '/api/availability', body: { cartId, type: i % 2 ? 'pickup' : 'delivery' }, label: 'calendar' }),
  ({ i, stream }) => ({
    method: 'POST',
    path: '/api/newsletter',
    body: { email: `bench-hang-${stream}-${i}-${Date.now()}@example.com`, honeypot: '', source: 'Footer', klaviyoListId: 'GSNEWS' },
    label: 'sign-up',
  }),
  () => ({ method: 'GET', path: '/products/classic-gramercy-bouquet', label: 'page product' }),
];

const mix = (cartId: string, stream: string) => (i: number) => MIX[i % MIX.length]({ i, stream, cartId });

/**
 * One upstream hung under load on the shop at 127.0.0.1:`port`: `beforeMs` healthy, `hangMs`
 * hung, `afterMs` after `none`, `clients` in a loop (keep-alive).
 * @throws when the cart the mix reads cannot be made, or a fault switch does not answer
 */
export async function hangUnderLoad(opts: {
  port: number;
  connection: EmulatorConnection;
  upstream: Hangable;
  clients: number;
  beforeMs: number;
  hangMs: number;
  afterMs: number;
}): Promise<HangFigures> {
  const base = `http://127.0.0.1:${opts.port}`;
  const cart = await postJson(`${base}/api/cart`, {});
  const cartId = cart.data?.id;
  if (!cartId) throw new Error('no cart id');
  await postJson(`${base}/api/cart/lines`, { cartId, merchandiseId: VARIANT, quantity: 1 });
  const emulator = emulatorOf(opts.connection, opts.upstream);
  const agent = new Agent({ keepAlive: true, maxSockets: opts.clients });
  const start = Date.now();
  const hungAt = start + opts.beforeMs;
  const clearedAt = hungAt + opts.hangMs;
  const endAt = clearedAt + opts.afterMs;
  const switches = (async () => {
    await new Promise((r) => setTimeout(r, hungAt - Date.now()));
    await setFault(emulator, { mode: 'hang' });
    await new Promise((r) => setTimeout(r, clearedAt - Date.now()));
    await setFault(emulator, { mode: 'none' });
  })();
  try {
    const running = () => Date.now() < endAt;
    const [looped, probes] = await Promise.all([
      loadLoop({ port: opts.port, clients: opts.clients, agent, next: mix(cartId, `${opts.upstream}-loop`), running, timeoutMs: 30_000 }),
      // The looping clients can all be waiting on hung requests when `none` comes; these keep
      // starting, so every second after it has requests to judge the recovery by.
      paced({ port: opts.port, everyMs: 50, next: mix(cartId, `${opts.upstream}-paced`), running, timeoutMs: 30_000 }),
    ]);
    const outcomes = [...looped, ...probes].sort((a, b) => a.start - b.start);
    await switches;
    // Also what the next run starts from: its cart is made on a shop that answers again.
    const healthyAt = await untilHealthy(opts.port, mix(cartId, `${opts.upstream}-settle`), MIX.length);
    return {
      during: outcomes.filter((o) => o.start >= hungAt && o.start < clearedAt),
      after: outcomes.filter((o) => o.start >= clearedAt),
      clearedAt,
      healthyAfterMs: healthyAt === null ? null : healthyAt - clearedAt,
    };
  } finally {
    await switches.catch(() => undefined);
    await setFault(emulator, { mode: 'none' }).catch(() => undefined);
    agent.destroy();
  }
}

/** The lines the suite prints for one upstream's run. */
export function formatHang(f: HangFigures): string[] {
  const lat = f.during.map((o) => o.end - o.start);
  const fmt = (n: number) => (Number.isNaN(n) ? '-' : String(n));
  const s5xx = f.during.filter((o) => o.status >= 500);
  const lines = [
    `hang     ${String(f.during.length).padStart(5)} req  5xx ${s5xx.length}  no answer ${f.during.filter((o) => o.error).length}  latency p50 ${fmt(percentile(lat, 50))} ms  p99 ${fmt(percentile(lat, 99))} ms  max ${fmt(lat.length ? Math.max(...lat) : NaN)} ms  over ${DEADLINE_MS / 1000} s ${lat.filter((l) => l > DEADLINE_MS + 500).length}`,
    `         5xx by request: ${JSON.stringify(tally(s5xx.map((o) => `${o.request.label} ${o.status}`)))}`,
  ];
  const seconds = Math.ceil((Math.max(f.clearedAt, ...f.after.map((o) => o.start)) - f.clearedAt) / 1000);
  const buckets = Array.from({ length: Math.max(1, seconds) }, (_, s) => {
    const inSecond = f.after.filter((o) => o.start >= f.clearedAt + s * 1000 && o.start < f.clearedAt + (s + 1) * 1000);
    const bad = inSecond.filter((o) => o.status >= 500 || o.error);
    const lats = inSecond.map((o) => o.end - o.start);
    return `${s}-${s + 1}s ${inSecond.length} req ${bad.length} 5xx/err p99 ${fmt(percentile(lats, 99))} ms`;
  });
  const lastBad = f.after.filter((o) => o.status >= 500 || o.error).at(-1);
  lines.push(`after    ${buckets.join(' | ')}`);
  lines.push(
    `         last 5xx/error started ${lastBad ? `${lastBad.start - f.clearedAt} ms after none (${lastBad.request.label} ${lastBad.status || lastBad.error})` : 'never (none after none)'}`,
  );
  // Errors up to the end of the run: when they stopped is the settle's figure.
  const end = Math.max(...f.after.map((o) => o.start));
  if (lastBad && end - lastBad.start < 1000)
    lines.push(
      `         still failing at the end; first clean pass of the mix ${f.healthyAfterMs === null ? `not within ${SETTLE_MS / 1000} s more` : `${f.healthyAfterMs} ms after none`}`,
    );
  return lines;
}
