/**
 * SIGTERM under keep-alive load, on a shop process (tests/support/shop-process.ts), for
 * tests/server/shutdown.test.ts (which asserts on it) and the fault suite (bench/faults/, which
 * prints it): SIGTERM_CLIENTS clients, each on its own keep-alive connection, render pages in a
 * loop; a `/readyz` probe runs beside them; the signal comes once every loop has been answered
 * twice. Every request's outcome is kept, and `sigtermFigures` counts them: answers after the
 * signal, resets, unfinished answers, refusals where none may be, connections kept alive.
 */
import http from 'node:http';
import { IDLE_CLOSE_MS } from '../../server/http/shutdown';
import type { ShopProcess } from './shop-process';

/** Looping clients, one keep-alive connection each. */
export const SIGTERM_CLIENTS = 16;
/** The pages they render in turn. */
const PAGES = ['/', '/products', '/products/classic-gramercy-bouquet', '/journal', '/collections/bouquets'];

/** One request of a client's loop. */
export type Outcome = {
  client: number;
  path: string;
  sentAt: number;
  /** On a connection an earlier request of the client used. */
  reused: boolean;
  /** How long (ms) the client waited after its previous answer before sending this one (its loop, or its process, stalled). */
  waited?: number;
  /** When the answer ended, or the request failed. */
  endedAt?: number;
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
          endedAt: Date.now(),
        }),
      );
      res.on('error', (err: NodeJS.ErrnoException) =>
        resolve({ client, path, sentAt, reused: req.reusedSocket, error: err.code ?? err.message, endedAt: Date.now() }),
      );
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ client, path, sentAt, reused: req.reusedSocket, error: err.code ?? err.message, endedAt: Date.now() }),
    );
  });
}

/**
 * What happened around the signal: every request, when the signal was sent, when the shop read
 * it (its log line's time: the two differ by as long as its event loop is busy; Infinity until
 * the line is seen), when it exited.
 */
export type Run = { outcomes: Outcome[]; readyz: Outcome[]; signalAt: number; readAt: number; exitMs: number; code: number | null };

/**
 * Starts CLIENTS page loops, each on its own keep-alive connection, and a `/readyz` probe every
 * 50 ms (on a connection of its own, or a new one each time: `probe.fresh`); sends SIGTERM once
 * every loop has been answered twice on its connection. A loop ends when its request fails (a
 * refused connection: the listener closed), or when `stopLoops` says so; the probe when it fails
 * or `stopProbe` says so.
 */
export async function sigtermUnderLoad(
  shop: ShopProcess,
  opts: { freshProbe?: boolean; stopLoops?: (run: Run) => boolean; stopProbe?: (run: Run) => boolean } = {},
): Promise<Run> {
  const run: Run = { outcomes: [], readyz: [], signalAt: Infinity, readAt: Infinity, exitMs: NaN, code: null };
  const agents = Array.from({ length: SIGTERM_CLIENTS }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let exited = false;
  const loops = agents.map(async (agent, client) => {
    let previousEnd: number | undefined;
    for (let i = client; !exited && !opts.stopLoops?.(run); i += 1) {
      const outcome = await get(shop.origin, PAGES[i % PAGES.length], agent, client);
      if (previousEnd !== undefined) outcome.waited = outcome.sentAt - previousEnd;
      previousEnd = outcome.endedAt;
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
  const readTime = () => {
    const line = shop.lines.find((l) => l.includes('"msg":"shutting down'));
    return line ? Date.parse(String((JSON.parse(line) as { time: string }).time)) : NaN;
  };
  run.signalAt = Date.now();
  shop.child.kill('SIGTERM');
  // readAt is known as soon as the shop logs it, so `stopLoops` and `stopProbe` can count from it.
  const watch = setInterval(() => {
    if (!Number.isFinite(run.readAt)) run.readAt = readTime();
    if (Number.isNaN(run.readAt)) run.readAt = Infinity;
  }, 10);
  run.code = await shop.exited;
  clearInterval(watch);
  run.exitMs = Date.now() - run.signalAt;
  run.readAt = readTime();
  exited = true;
  await Promise.all([...loops, probing]);
  for (const agent of [...agents, probeAgent]) agent.destroy();
  return run;
}

/**
 * A reset the shop's stop allows (server/http/shutdown.ts step 3): the request went out on a
 * connection its client had left idle for IDLE_CLOSE_MS or more (the test's own process stalled
 * on a loaded machine), which the shop may be closing as it arrives. HTTP clients retry those
 * (RFC 9112 §9.3.1); counted apart, not as a reset.
 */
const idleRace = (o: Outcome) => o.error === 'ECONNRESET' && o.reused && (o.waited ?? 0) >= IDLE_CLOSE_MS;

/** The run's figures: counts by kind, and the requests that went wrong. */
export function sigtermFigures({ outcomes, readyz, signalAt, readAt, exitMs, code }: Run) {
  const all = [...outcomes, ...readyz];
  const afterRead = all.filter((o) => o.sentAt >= readAt);
  return {
    exitMs,
    code,
    requests: outcomes.length,
    answeredAfterSignal: outcomes.filter((o) => o.sentAt >= readAt && o.status !== undefined).length,
    // With what a failure needs to be told apart: the connection, when the request left (ms from
    // the shop's reading of the signal) and how long the client had left its connection idle.
    resets: all
      .filter((o) => o.error && o.error !== 'ECONNREFUSED' && !idleRace(o))
      .map(
        (o) =>
          `${o.client} ${o.path}: ${o.error} on a ${o.reused ? 'reused' : 'new'} connection, sent at ${o.sentAt - readAt} ms after ${o.waited ?? '?'} ms idle`,
      ),
    idleRaces: all.filter(idleRace).length,
    // A request that was taken (not refused) and did not get its whole 200.
    unfinished: outcomes.filter((o) => !o.error && (o.status !== 200 || !o.complete)).map((o) => `${o.client} ${o.path}: ${o.status}`),
    // A refusal is only right on a new connection (nothing was sent on it), after the signal.
    badRefusals: all.filter((o) => o.error === 'ECONNREFUSED' && (o.reused || o.sentAt < signalAt)).length,
    // Answers to requests sent once the shop had read the signal that left their connection open.
    keptAlive: afterRead.filter((o) => o.status !== undefined && o.connection !== 'close').length,
  };
}
