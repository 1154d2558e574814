/**
 * What every emulator shares: its start options, its running handle, and `listen`, which binds
 * an http server (port 0 = any free port, for tests) and gives back a clean `stop`.
 *
 * Every emulator's debug endpoints (`/__emulator/*`: orders with names and addresses, the mail
 * inbox, fault switches) answer only requests carrying the run's debug token, in
 * `x-emulator-token: <token>` or `Authorization: Bearer <token>`; others get 401 (ADR-0020).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import path from 'node:path';
import { safeEqual } from './safe-equal';

export type EmulatorOptions = {
  /** TCP port; 0 picks a free one (tests). Each emulator has its docs/architecture.md §2 default. */
  port?: number;
  /** Bind address, default 127.0.0.1 (loopback only). */
  host?: string;
  /** Where mutable state is persisted (carts, orders…), default `<repo>/.data`. */
  dataDir?: string;
  /** The seed dataset folder, default `<repo>/content`. */
  contentDir?: string;
  /** The token `/__emulator/*` requires (see `DEBUG_TOKEN_HEADER`); default a random one per start. */
  debugToken?: string;
};

export type RunningEmulator = {
  name: string;
  /** Base URL, e.g. http://127.0.0.1:4001 */
  url: string;
  port: number;
  /** The token its `/__emulator/*` endpoints require, sent as `x-emulator-token` (DEBUG_TOKEN_HEADER). */
  debugToken: string;
  /** Stops accepting connections, closes idle ones and flushes state. */
  stop(): Promise<void>;
};

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const DEFAULT_CONTENT_DIR = path.join(REPO_ROOT, 'content');
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.data');

/** Header carrying the debug token; `Authorization: Bearer <token>` is accepted too. */
export const DEBUG_TOKEN_HEADER = 'x-emulator-token';
/** Path prefix of every emulator's debug endpoints. */
export const DEBUG_PATH_PREFIX = '/__emulator';

/** A fresh unguessable debug token (256 bits, base64url). */
export function newDebugToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether `req` carries `token` (constant-time comparison). */
function carriesToken(req: IncomingMessage, token: string): boolean {
  const header = req.headers[DEBUG_TOKEN_HEADER];
  const sent = typeof header === 'string' ? header : /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (sent === undefined) return false;
  return safeEqual(sent, token);
}

/**
 * Whether a request target is under `/__emulator`, read as loosely as a router might: express
 * matches case-insensitively, so `/__EMULATOR/orders`, `//__emulator/…` and percent-encoded
 * letters count too (a target that does not decode is treated as one).
 */
function isDebugPath(target: string): boolean {
  let pathname = target.split('?')[0];
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  return new RegExp(`^/+${DEBUG_PATH_PREFIX.slice(1)}(/|$)`, 'i').test(pathname);
}

/** `handler`, with `/__emulator` and everything under it refused (401 JSON) without `token`. */
export function guardDebugEndpoints(handler: RequestListener, token: string): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (isDebugPath(req.url ?? '/') && !carriesToken(req, token)) {
      res.writeHead(401, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'www-authenticate': 'Bearer' });
      res.end(JSON.stringify({ error: `The emulator's debug endpoints need this run's token (header ${DEBUG_TOKEN_HEADER}).` }));
      return;
    }
    handler(req, res);
  };
}

/**
 * Listen on host:port and resolve once bound, `/__emulator/*` guarded by `debugToken` (default a
 * random one, handed back as `RunningEmulator.debugToken`). `onStop` runs after the server closed.
 */
export async function listen(
  name: string,
  handler: RequestListener,
  { port, host = '127.0.0.1', debugToken = newDebugToken() }: { port: number; host?: string; debugToken?: string },
  onStop: () => Promise<void> | void = () => {},
): Promise<RunningEmulator> {
  const server: Server = createServer(guardDebugEndpoints(handler, debugToken));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  // Bound to every interface (a container publishing the port): loopback still reaches it, from
  // inside and, through the published port, from the host's browser.
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  // An IPv6 literal needs brackets in a URL: http://[::1]:4001.
  const urlAuthority = urlHost.includes(':') ? `[${urlHost}]` : urlHost;
  return {
    name,
    url: `http://${urlAuthority}:${boundPort}`,
    port: boundPort,
    debugToken,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await onStop();
    },
  };
}
