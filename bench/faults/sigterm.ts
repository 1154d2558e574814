/**
 * SIGTERM under keep-alive load, for the fault suite: what a rolling deploy does to one instance
 * (server/index.ts stops accepting, lets in-flight requests finish, closes). Clients loop over
 * pages on keep-alive connections (./timed-load.ts); a poller asks `/readyz` every 100 ms on a
 * fresh connection, as a balancer would; the instance gets SIGTERM after `beforeMs`. Counted
 * after the signal: requests answered, connections reset or hung up under a request, refused
 * connections (the port closed), the time to exit and `/readyz`'s answers. Figures only.
 */
import { Agent } from 'node:http';
import type { ShopInstance } from '../../tests/support/cluster';
import { LOAD_PAGES } from '../../tests/support/instance-kill';
import { loadLoop, tally, timedRequest, type Outcome } from './timed-load';

export type SigtermFigures = {
  /** Requests answered before the signal. */
  answeredBefore: number;
  /** Requests answered after the signal, by status; of them, started after the signal. */
  answeredAfter: Record<string, number>;
  startedAfterAndAnswered: number;
  /**
   * Requests that got no answer between the signal and the exit, by error (`socket hang up`,
   * `ECONNRESET`, `ECONNREFUSED`: the port closed while the process still ran…).
   */
  failedAfter: Record<string, number>;
  /** From the signal to the process's exit, ms. */
  exitMs: number;
  /**
   * `/readyz` between the signal and the exit: answers by status (0: no answer), and when the
   * first answer other than 200 came (ms after the signal).
   */
  readyz: Record<string, number>;
  firstNotReadyMs: number | null;
};

/**
 * Loads `shop` with `clients` keep-alive clients for `beforeMs`, sends SIGTERM, goes on until the
 * process has exited and 1 s more.
 */
export async function sigtermUnderLoad(shop: ShopInstance, opts: { clients: number; beforeMs: number }): Promise<SigtermFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: opts.clients });
  let signalAt = Infinity;
  let exitedAt = Infinity;
  const running = () => Date.now() < exitedAt + 1000;
  const load = loadLoop({
    port: shop.port,
    clients: opts.clients,
    agent,
    next: (i) => ({ method: 'GET', path: LOAD_PAGES[i % LOAD_PAGES.length] }),
    running,
    timeoutMs: 30_000,
    pauseAfterErrorMs: 100,
  });
  const probes: Outcome[] = [];
  const poll = (async () => {
    while (running()) {
      if (Date.now() >= signalAt) probes.push(await timedRequest(shop.port, false, { method: 'GET', path: '/readyz' }, 2000));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  await new Promise((r) => setTimeout(r, opts.beforeMs));
  signalAt = Date.now();
  await shop.stop('SIGTERM');
  exitedAt = Date.now();
  const outcomes = await load;
  await poll;
  agent.destroy();
  const after = outcomes.filter((o) => o.end >= signalAt);
  const answered = after.filter((o) => !o.error);
  const untilExit = probes.filter((p) => p.start <= exitedAt);
  const notReady = untilExit.find((p) => p.status !== 200);
  return {
    answeredBefore: outcomes.filter((o) => o.end < signalAt && !o.error).length,
    answeredAfter: tally(answered.map((o) => o.status)),
    startedAfterAndAnswered: answered.filter((o) => o.start >= signalAt).length,
    failedAfter: tally(after.filter((o) => o.error && o.end <= exitedAt).map((o) => o.error!)),
    exitMs: exitedAt - signalAt,
    readyz: tally(untilExit.map((p) => p.status)),
    firstNotReadyMs: notReady ? notReady.start - signalAt : null,
  };
}
