/**
 * The HTTP server's timeouts and its graceful stop (docs/architecture.md §9 "Shutdown").
 *
 * Timeouts (SERVER_TIMEOUTS), for a shop behind a CDN or balancer that keeps connections to it
 * open: Node's 5 s keep-alive would close an idle connection the balancer may be about to reuse
 * (it keeps them 60 s: nginx's upstream `keepalive_timeout`, an AWS ALB), which it sees as a
 * reset; so the shop keeps them longer and the balancer always closes first.
 *
 * Stop (`drain`): Node's `server.close()` alone stops listening but keeps serving every request
 * that arrives on an open keep-alive connection, and says `keep-alive` on each answer, so a
 * client looping on its connection is served until the connections are cut by force (which
 * resets the requests on them). Here, from the signal:
 *
 * 1. `draining` is true (`/readyz` answers 503) and every answer, those in flight whose headers
 *    are not sent yet included, carries `Connection: close`: each connection ends after its
 *    current answer, and its client knows not to reuse it;
 * 2. after `drainMs` (0 unless a balancer learns only from /readyz; 0: at once) the listener
 *    closes: new connections are refused, which a balancer retries elsewhere as nothing was sent;
 * 3. a connection with no request in flight is closed once it has been idle IDLE_CLOSE_MS: not
 *    at once, since a client that just read its answer may already be sending the next request
 *    on it (closing then resets that request); that request is answered, with `Connection: close`.
 *    It must also have been seen idle by two sweeps, with a turn of the event loop's I/O between
 *    them: after the loop was busy for a second, a request whose bytes wait to be read would
 *    otherwise look idle to the first sweep (timers run before I/O) and be reset;
 * 4. at `forceAfterMs` what is still open (a slow reader) is destroyed.
 */
import net, { type Socket } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * keepAliveTimeout 65 s: longer than the balancer's idle timeout (60 s for nginx and AWS ALB; a
 * balancer keeping connections longer, e.g. Google's 600 s, needs this raised above its own).
 * headersTimeout 20 s: a client (or a slowloris) that has not sent its headers by then gets a
 * 408; a balancer sends them at once. requestTimeout 30 s: the whole request, headers and body
 * (at most 32 kB of JSON); the answer's own budget is REQUEST_DEADLINE_MS (server/http/deadline.ts).
 */
export const SERVER_TIMEOUTS = { keepAliveTimeout: 65_000, headersTimeout: 20_000, requestTimeout: 30_000 } as const;

/** How long a connection with no request in flight is kept once the stop began (see step 3). */
export const IDLE_CLOSE_MS = 1_000;

/** Past an answer's deadline, what it may still take: the error page's render, a slow reader. */
const IN_FLIGHT_MARGIN_MS = 2_000;
/** After the connections: the outbox's delivery in flight, the emulators, Redis. */
const CLEANUP_MS = 5_000;

/**
 * The stop's budget from SIGTERM, for `drain` and the process's last-resort exit: connections
 * still open at `forceAfterMs` are destroyed (an answer in flight has had its whole
 * REQUEST_DEADLINE_MS and more), and the process exits at `exitByMs` whatever still hangs.
 * With the defaults 10 s and 15 s: inside Kubernetes' 30 s grace after the 5 s preStop sleep
 * (deploy/deployment.yaml, checked by tests/deploy/manifests.test.ts) and compose's 20 s.
 */
export function shutdownBudget(config: { shutdownDrainMs: number; requestDeadlineMs: number }): { forceAfterMs: number; exitByMs: number } {
  const forceAfterMs = config.shutdownDrainMs + config.requestDeadlineMs + IN_FLIGHT_MARGIN_MS;
  return { forceAfterMs, exitByMs: forceAfterMs + CLEANUP_MS };
}

/** Applies SERVER_TIMEOUTS to `server`. */
export function applyServerTimeouts(server: Server): void {
  server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveTimeout;
  server.headersTimeout = SERVER_TIMEOUTS.headersTimeout;
  server.requestTimeout = SERVER_TIMEOUTS.requestTimeout;
}

/** A server's stop, set up before it serves (it must see every connection). */
export type GracefulServer = {
  /** True from the moment `drain` is called. */
  readonly draining: boolean;
  /**
   * Stops the server as the module docstring says. Resolves once every connection is closed:
   * `drained` when they all ended by themselves, `forced` when some were destroyed at `forceAfterMs`.
   * @param opts.drainMs      how long the listener stays open (answering with `Connection: close`)
   * @param opts.forceAfterMs from the call, when the connections still open are destroyed
   */
  drain(opts: { drainMs: number; forceAfterMs: number }): Promise<'drained' | 'forced'>;
};

/** Tracks `server`'s connections and answers, for `drain`. Call before it listens. */
export function gracefulServer(server: Server): GracefulServer {
  /** Every open connection: its answers not finished, and since when it has had none. */
  const connections = new Map<Socket, { active: number; idleSince: number; idleSweeps: number }>();
  const responses = new Set<ServerResponse>();
  let draining = false;

  server.on('connection', (socket: Socket) => {
    connections.set(socket, { active: 0, idleSince: Date.now(), idleSweeps: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  // Before the app's own listener, so the header is there before any handler answers.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const state = connections.get(req.socket);
    if (state) {
      state.active += 1;
      state.idleSweeps = 0;
    }
    responses.add(res);
    if (draining) res.setHeader('Connection', 'close');
    res.once('close', () => {
      responses.delete(res);
      if (!state) return;
      state.active -= 1;
      state.idleSince = Date.now();
    });
  });

  return {
    get draining() {
      return draining;
    },
    drain({ drainMs, forceAfterMs }) {
      draining = true;
      for (const res of responses) if (!res.headersSent) res.setHeader('Connection', 'close');
      return new Promise((resolve) => {
        let forced = false;
        const sweep = setInterval(() => {
          const now = Date.now();
          for (const [socket, state] of connections) {
            state.idleSweeps = state.active === 0 ? state.idleSweeps + 1 : 0;
            if (state.idleSweeps >= 2 && now - state.idleSince >= IDLE_CLOSE_MS) socket.destroy();
          }
        }, 100);
        const force = setTimeout(() => {
          forced = true;
          for (const socket of connections.keys()) socket.destroy();
        }, forceAfterMs);
        // net.Server's close, not http.Server's: that one also closes every idle connection at
        // once, which resets a request a client is sending on one (step 3 closes them later).
        const stopListening = () =>
          net.Server.prototype.close.call(server, () => {
            clearInterval(sweep);
            clearTimeout(force);
            resolve(forced ? 'forced' : 'drained');
          });
        // Without a window, in this very tick: a client told `Connection: close` reconnects after
        // it, and is refused. A connection accepted by the kernel but not yet by Node when the
        // listener closes is reset (before any byte of it is read), so closing a turn later
        // would reset those clients.
        if (drainMs <= 0) stopListening();
        else setTimeout(stopListening, drainMs);
      });
    },
  };
}
