/**
 * A TCP gate in front of one emulator, so the fault suite can stop one upstream under load and
 * bring it back without restarting the others (they all live in one emulators process): while
 * closed, new connections are refused (the port is not listening) and open ones are cut, which
 * is what the shop sees when an upstream process stops.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export type Gate = {
  /** `http://127.0.0.1:<port>` the shop is given instead of the emulator's origin. */
  url: string;
  /** Refuse new connections and cut the open ones. */
  close(): Promise<void>;
  /** Listen again on the same port. */
  open(): Promise<void>;
};

/**
 * Opens a gate on 127.0.0.1:`port` forwarding to `target` (`http://host:port`).
 * @throws when the port is taken
 */
export async function openGate(port: number, target: string): Promise<Gate> {
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = createConnection(Number(targetPort), hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await listen();
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      const closing = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      for (const s of sockets) s.destroy();
      await closing;
      server = null;
    },
    open: listen,
  };
}
