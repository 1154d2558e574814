/**
 * SIGTERM under load (docs/architecture.md §9 "Shutdown"; server/http/shutdown.ts), on the
 * process `npm start` runs (tests/support/shop-process.ts): 16 clients, each on its own
 * keep-alive connection, render pages in a loop (page cache off, so answers are in flight when
 * the signal comes). Once signalled the shop takes no new work — the connections close after
 * their current answer, the listener closes, `/readyz` answers 503 while it still answers — yet
 * every request sent before the signal is answered in full, no request is reset, and the process
 * exits in a few seconds, far inside Kubernetes' and compose's grace periods.
 */
import { startShopProcess } from '../support/shop-process';
import { SIGTERM_CLIENTS, sigtermFigures, sigtermUnderLoad } from '../support/sigterm-load';

/** The process's figures that must hold whatever the drain window. */
const SOUND = { code: 0, resets: [], unfinished: [], badRefusals: 0, keptAlive: 0 };
const sound = (f: ReturnType<typeof sigtermFigures>) => ({
  code: f.code,
  resets: f.resets,
  unfinished: f.unfinished,
  badRefusals: f.badRefusals,
  keptAlive: f.keptAlive,
});

test('SIGTERM under 16 keep-alive clients: new work stops at once, every request in flight is answered, none is reset, exit in seconds', async () => {
  const shop = await startShopProcess({ env: { PAGE_CACHE: 'off', RATE_LIMIT_PAGES: 'off' } });
  try {
    const run = await sigtermUnderLoad(shop);
    const f = sigtermFigures(run);
    expect(sound(f)).toEqual(SOUND);
    // Before: idle connections kept 65 s, longer than a balancer's 60 s (server/http/shutdown.ts SERVER_TIMEOUTS).
    const keptOpen = run.outcomes.filter((o) => o.connection === 'keep-alive');
    expect(keptOpen.length).toBeGreaterThanOrEqual(2 * SIGTERM_CLIENTS);
    expect(new Set(keptOpen.map((o) => o.keepAlive))).toEqual(new Set(['timeout=65']));
    // Each connection carries at most the one request its client sent as its last answer arrived.
    expect(Number.isFinite(run.readAt)).toBe(true);
    expect(f.answeredAfterSignal).toBeLessThanOrEqual(SIGTERM_CLIENTS);
    // /readyz on its open connection: 200 until the shop has read the signal, then 503 (and
    // that connection closes), then a new connection is refused.
    expect(run.readyz.map((o) => o.status ?? o.error).join(' ')).toMatch(/^(200 )+(503 )+ECONNREFUSED$/);
    // Page renders finish within a second; then the outbox, the emulators and Redis.
    expect(f.exitMs).toBeLessThan(5_000);
    expect(shop.lines.some((l) => l.includes('every connection closed'))).toBe(true);
  } finally {
    await shop.stop();
  }
}, 120_000);

test('with SHUTDOWN_DRAIN_MS (a balancer that learns only from /readyz): /readyz answers 503 at once, answers go on with Connection: close until the window ends', async () => {
  const drainMs = 2_000;
  const shop = await startShopProcess({ env: { PAGE_CACHE: 'off', RATE_LIMIT_PAGES: 'off', SHUTDOWN_DRAIN_MS: String(drainMs) } });
  try {
    // The balancer probes on new connections and stops sending shoppers halfway through the
    // window (its reaction to the 503s); the test stops its probes before the window ends (a
    // probe racing the listener's close is a connection the kernel may reset; no shopper's is).
    // The window opens when the shop reads the signal, which a busy machine delays by up to a second.
    const run = await sigtermUnderLoad(shop, {
      freshProbe: true,
      stopLoops: (r) => Date.now() > r.readAt + drainMs / 2,
      stopProbe: (r) => Date.now() > r.readAt + drainMs - 300,
    });
    const f = sigtermFigures(run);
    expect(sound(f)).toEqual(SOUND);
    // Probes: every one sent once the shop has read the signal is 503.
    // How many fit in the window depends on the machine's load; two at least, so "every" means something.
    const afterRead = run.readyz.filter((o) => o.sentAt >= run.readAt);
    expect(afterRead.length).toBeGreaterThanOrEqual(2);
    expect(afterRead.filter((o) => o.status !== 503)).toEqual([]);
    // In the window, shoppers' requests on new connections are still answered, with Connection: close.
    const inWindow = run.outcomes.filter((o) => o.sentAt >= run.readAt);
    expect(inWindow.filter((o) => o.status === 200 && !o.reused).length).toBeGreaterThan(0);
    expect(inWindow.filter((o) => o.status !== 200)).toEqual([]);
    // The listener stayed open for the window, then the process left soon after.
    expect(f.exitMs).toBeGreaterThanOrEqual(drainMs);
    expect(f.exitMs).toBeLessThan(drainMs + 5_000);
  } finally {
    await shop.stop();
  }
}, 120_000);
