/**
 * What every emulator shares: its start options, its running handle, and `listen`, which binds
 * an http server (port 0 = any free port, for tests) and gives back a clean `stop`.
 */
import type { Server } from 'node:http';
import type { RequestListener } from 'node:http';
import { createServer } from 'node:http';
import path from 'node:path';

export type EmulatorOptions = {
  /** TCP port; 0 picks a free one (tests). Each emulator has its docs/architecture.md §2 default. */
  port?: number;
  /** Bind address, default 127.0.0.1 (loopback only). */
  host?: string;
  /** Where mutable state is persisted (carts, orders…), default `<repo>/.data`. */
  dataDir?: string;
  /** The seed dataset folder, default `<repo>/content`. */
  contentDir?: string;
};

export type RunningEmulator = {
  name: string;
  /** Base URL, e.g. http://127.0.0.1:4001 */
  url: string;
  port: number;
  /** Stops accepting connections, closes idle ones and flushes state. */
  stop(): Promise<void>;
};

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const DEFAULT_CONTENT_DIR = path.join(REPO_ROOT, 'content');
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.data');

/** Listen on host:port and resolve once bound. `onStop` runs after the server closed. */
export async function listen(
  name: string,
  handler: RequestListener,
  { port, host = '127.0.0.1' }: { port: number; host?: string },
  onStop: () => Promise<void> | void = () => {},
): Promise<RunningEmulator> {
  const server: Server = createServer(handler);
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
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await onStop();
    },
  };
}
