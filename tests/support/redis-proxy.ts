/**
 * A TCP proxy in front of the test Redis (REDIS_TEST_URL) that can hold back what its clients
 * send: a slow Redis (`delayMs` a little over a command timeout) or a hung one (the process
 * stopped, the socket still open: a long `delayMs`). `commands` counts the chunks clients sent,
 * so a test can tell whether the shop asked Redis at all.
 */
import { connect, createServer, type Socket } from 'node:net';
import { REDIS_TEST_URL } from './services';

export type DelayingProxy = {
  /** `delayMs`: how long each chunk a client sends is held (0: passed at once); `commands`: chunks received so far. */
  state: { delayMs: number; commands: number };
  /** `redis://127.0.0.1:{port}/{db}` of the proxy. */
  url: string;
  close(): Promise<void>;
};

export async function delayingProxy(): Promise<DelayingProxy> {
  const target = new URL(REDIS_TEST_URL);
  const state = { delayMs: 0, commands: 0 };
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => {
      state.commands++;
      if (state.delayMs) setTimeout(() => upstream.write(chunk), state.delayMs).unref();
      else upstream.write(chunk);
    });
    upstream.pipe(client);
    const end = () => (client.destroy(), upstream.destroy());
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const close = () => new Promise<void>((resolve) => (sockets.forEach((s) => s.destroy()), server.close(() => resolve())));
  return { state, url: `redis://127.0.0.1:${port}${target.pathname}`, close };
}
