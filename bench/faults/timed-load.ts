/**
 * Load that keeps every request's own record, for the fault suite's hung-upstream section
 * (./hang.ts), whose figures are cut by time (during the hang, each second after it): clients in
 * a loop over node:http, and requests started at a steady pace whatever the clients wait on;
 * each request's start, end and status or error kept. autocannon (./load.ts) gives totals per
 * run only.
 */
import { type Agent, request as httpRequest } from 'node:http';

/** One request to send: method, path, an optional JSON body, and a label for the figures. */
export type TimedRequest = { method: 'GET' | 'POST'; path: string; body?: unknown; label?: string };

/** What happened to one request; times are epoch ms. */
export type Outcome = {
  request: TimedRequest;
  start: number;
  end: number;
  /** HTTP status, or 0 when the request failed without an answer. */
  status: number;
  /**
   * Why it failed without an answer: `socket hang up` (the connection closed before an answer),
   * `ECONNRESET`, `ECONNREFUSED`, `timeout`, or another error code; null when answered.
   */
  error: string | null;
};

/**
 * Sends `request` to 127.0.0.1:`port` through `agent`; never throws (a failure is an outcome).
 * @param timeoutMs the client gives up after this long without an answer (error `timeout`)
 */
export function timedRequest(port: number, agent: Agent | false, request: TimedRequest, timeoutMs: number): Promise<Outcome> {
  const start = Date.now();
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  return new Promise((resolve) => {
    let settled = false;
    const done = (status: number, error: string | null) => {
      if (settled) return;
      settled = true;
      resolve({ request, start, end: Date.now(), status, error });
    };
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.path,
        agent,
        headers: body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0, null));
        res.on('error', (err: NodeJS.ErrnoException) => done(0, errorName(err)));
      },
    );
    req.setTimeout(timeoutMs, () => {
      done(0, 'timeout');
      req.destroy();
    });
    req.on('error', (err: NodeJS.ErrnoException) => done(0, errorName(err)));
    req.end(body);
  });
}

function errorName(err: NodeJS.ErrnoException): string {
  return err.message === 'socket hang up' ? 'socket hang up' : (err.code ?? err.message);
}

/**
 * `clients` loops, each sending `next(i)` (i counts every request of the run) until `running()`
 * is false, then resolves with every outcome. After a failure a client waits `pauseAfterErrorMs`
 * before its next request, so a closed port is not hammered in a tight loop.
 */
export async function loadLoop(opts: {
  port: number;
  clients: number;
  agent: Agent | false;
  next: (i: number) => TimedRequest;
  running: () => boolean;
  timeoutMs: number;
  pauseAfterErrorMs?: number;
}): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let i = 0;
  const client = async () => {
    while (opts.running()) {
      const outcome = await timedRequest(opts.port, opts.agent, opts.next(i++), opts.timeoutMs);
      outcomes.push(outcome);
      if (outcome.error) await new Promise((r) => setTimeout(r, opts.pauseAfterErrorMs ?? 50));
    }
  };
  await Promise.all(Array.from({ length: opts.clients }, client));
  return outcomes.sort((a, b) => a.start - b.start);
}

/** The `p`-th percentile (0–100) of `values`, nearest rank; NaN when empty. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Counts of `keys`, as `{ key: count }` in first-seen order. */
export function tally(keys: (string | number)[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
  return counts;
}

/**
 * Open-loop requests: one `next(i)` every `everyMs` while `running()`, each on a new connection,
 * whether or not the earlier ones have been answered, so a stretch of time has requests starting
 * in it even while every looping client waits on a slow answer. Resolves with every outcome once
 * the last one has ended.
 */
export async function paced(opts: {
  port: number;
  everyMs: number;
  next: (i: number) => TimedRequest;
  running: () => boolean;
  timeoutMs: number;
}): Promise<Outcome[]> {
  const pending: Promise<Outcome>[] = [];
  for (let i = 0; opts.running(); i += 1) {
    pending.push(timedRequest(opts.port, false, opts.next(i), opts.timeoutMs));
    await new Promise((r) => setTimeout(r, opts.everyMs));
  }
  return Promise.all(pending);
}
