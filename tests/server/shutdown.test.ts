/**
 * SIGTERM under load (docs/architecture.md §9 "Shutdown"; server/http/shutdown.ts), on the
 * process `npm start` runs (tests/support/shop-process.ts): 16 clients, each on its own
 * keep-alive connection, render pages in a loop (page cache off, so answers are in flight when
 * the signal comes). Once signalled the shop takes no new work — the connections close after
 * their current answer, the listener closes, `/readyz` answers 503 while it still answers — yet
 * every request sent before the signal is answered in full, no request is reset, and the process
 * exits in a few seconds, far inside Kubernetes' and compose's grace periods.
 */
import http from 'node:http';
import { startShopProcess, type ShopProcess } from '../support/shop-process';

const CLIENTS = 16;
const PAGES = ['/', '/products', '/products/classic-gramercy-bouquet', '/journal', '/collections/bouquets'];

/** One request of a client's loop. */
type Outcome = {
  client: number;
  path: string;
  sentAt: number;
  /** On a connection an earlier request of the client used. */
  reused: boolean;
  status?: number;
  /** The answer's Connection and Keep-Alive headers. */
  connection?: string;
  keepAlive?: string;
  /** The whole body arrived (the page's closing tag included). */
  complete?: boolean;
  error?: string;
};

/** GET `path` over `agent` (null: a connection of its own). */
function get(origin: string, path: string, agent: http.Agent | false, client = -1): Promise<Outcome> {
  const sentAt = Date.now();
  return new Promise((resolve) => {
    const req = http.get(`${origin}${path}`, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({
          client,
          path,
          sentAt,
          reused: req.reusedSocket,
          status: res.statusCode,
          connection: res.headers.connection,
          keepAlive: res.headers['keep-alive']?.toString(),
          complete: res.complete && (path === '/readyz' || body.trimEnd().endsWith('</html>')),
        }),
      );
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ client, path, sentAt, reused: req.reusedSocket, error: err.code ?? err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ client, path, sentAt, reused: req.reusedSocket, error: err.code ?? err.message }));
  });
}

/**
 * What happened around the signal: every request, when the signal was sent, when the shop read
 * it (its log line's time: the two differ by as long as its event loop is busy), when it exited.
 */
type Run = { outcomes: Outcome[]; readyz: Outcome[]; signalAt: number; readAt: number; exitMs: number; code: number | null };

/**
 * Starts CLIENTS page loops, each on its own keep-alive connection, and a `/readyz` probe every
 * 50 ms (on a connection of its own, or a new one each time: `probe.fresh`); sends SIGTERM once
 * every loop has been answered twice on its connection. A loop ends when its request fails (a
 * refused connection: the listener closed), or when `stopLoops` says so; the probe when it fails
 * or `stopProbe` says so.
 */
async function sigtermUnderLoad(
  shop: ShopProcess,
  opts: { freshProbe?: boolean; stopLoops?: (run: Run) => boolean; stopProbe?: (run: Run) => boolean } = {},
): Promise<Run> {
  const run: Run = { outcomes: [], readyz: [], signalAt: Infinity, readAt: Infinity, exitMs: NaN, code: null };
  const agents = Array.from({ length: CLIENTS }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let exited = false;
  const loops = agents.map(async (agent, client) => {
    for (let i = client; !exited && !opts.stopLoops?.(run); i += 1) {
      const outcome = await get(shop.origin, PAGES[i % PAGES.length], agent, client);
      run.outcomes.push(outcome);
      if (outcome.error) return;
    }
  });
  const probing = (async () => {
    while (!exited && !opts.stopProbe?.(run)) {
      const outcome = await get(shop.origin, '/readyz', opts.freshProbe ? false : probeAgent);
      run.readyz.push(outcome);
      if (outcome.error) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const warm = () => agents.every((_, client) => run.outcomes.filter((o) => o.client === client && o.status === 200).length >= 2);
  while (!warm()) {
    const failed = [...run.outcomes, ...run.readyz].find((o) => o.error);
    if (failed) throw new Error(`a request failed before the signal: ${JSON.stringify(failed)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  run.signalAt = Date.now();
  shop.child.kill('SIGTERM');
  run.code = await shop.exited;
  run.exitMs = Date.now() - run.signalAt;
  run.readAt = Date.parse(String(shop.logged(30).find((l) => l.msg.startsWith('shutting down'))?.time));
  exited = true;
  await Promise.all([...loops, probing]);
  for (const agent of [...agents, probeAgent]) agent.destroy();
  return run;
}

/** The figures a failure prints: counts by kind, and the requests that went wrong. */
function figures({ outcomes, readyz, signalAt, readAt, exitMs, code }: Run) {
  const all = [...outcomes, ...readyz];
  const afterRead = all.filter((o) => o.sentAt >= readAt);
  return {
    exitMs,
    code,
    requests: outcomes.length,
    answeredAfterSignal: outcomes.filter((o) => o.sentAt >= readAt && o.status !== undefined).length,
    resets: all.filter((o) => o.error && o.error !== 'ECONNREFUSED').map((o) => `${o.client} ${o.path}: ${o.error}`),
    // A request that was taken (not refused) and did not get its whole 200.
    unfinished: outcomes.filter((o) => !o.error && (o.status !== 200 || !o.complete)).map((o) => `${o.client} ${o.path}: ${o.status}`),
    // A refusal is only right on a new connection (nothing was sent on it), after the signal.
    badRefusals: all.filter((o) => o.error === 'ECONNREFUSED' && (o.reused || o.sentAt < signalAt)).length,
    // Answers to requests sent once the shop had read the signal that left their connection open.
    keptAlive: afterRead.filter((o) => o.status !== undefined && o.connection !== 'close').length,
  };
}

/** The process's figures that must hold whatever the drain window. */
const SOUND = { code: 0, resets: [], unfinished: [], badRefusals: 0, keptAlive: 0 };
const sound = (f: ReturnType<typeof figures>) => ({
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
    const f = figures(run);
    expect(sound(f)).toEqual(SOUND);
    // Before: idle connections kept 65 s, longer than a balancer's 60 s (server/http/shutdown.ts SERVER_TIMEOUTS).
    const keptOpen = run.outcomes.filter((o) => o.connection === 'keep-alive');
    expect(keptOpen.length).toBeGreaterThanOrEqual(2 * CLIENTS);
    expect(new Set(keptOpen.map((o) => o.keepAlive))).toEqual(new Set(['timeout=65']));
    // Each connection carries at most the one request its client sent as its last answer arrived.
    expect(Number.isFinite(run.readAt)).toBe(true);
    expect(f.answeredAfterSignal).toBeLessThanOrEqual(CLIENTS);
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
    const run = await sigtermUnderLoad(shop, {
      freshProbe: true,
      stopLoops: (r) => Date.now() > r.signalAt + drainMs / 2,
      stopProbe: (r) => Date.now() > r.signalAt + drainMs - 300,
    });
    const f = figures(run);
    expect(sound(f)).toEqual(SOUND);
    // Probes: every one sent once the shop has read the signal is 503.
    const afterRead = run.readyz.filter((o) => o.sentAt >= run.readAt);
    expect(afterRead.length).toBeGreaterThan(5);
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
