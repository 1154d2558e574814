/**
 * The emulators as a child process of the shop (built to dist/emulators/index.js; forked by
 * server/local-emulators.ts in local mode, docs/decisions/0020-emulators-child-process.md).
 *
 * Handshake over the IPC channel (JSON serialisation), child → parent:
 * - `{ type: 'ready', connection, debugToken, urls }` once all five listen, where `connection` is
 *   `EmulatorConnection` (./index.ts), `debugToken` the per-run token of `/__emulator/*` and
 *   `urls` each emulator's base URL by name;
 * - `{ type: 'failed', message }` when they cannot start (bad variables, port taken), then exit 1.
 * Parent → child: `{ type: 'stop' }`: stop them (state flushed) and exit 0.
 *
 * Settings come from the environment (./env.ts: ports, DATA_DIR, STOREFRONT_PRIVATE_TOKEN; SITE_URL is the shop's public
 * URL; EMULATOR_PUBLIC_BASE_URL the base under which the shop proxies them for the browser), except the bind address: always 127.0.0.1, whatever EMULATOR_HOST says, so nothing but
 * the shop's host reaches them (ADR-0020). Signals are left to the parent, which stops the child
 * after draining its own requests; if the parent dies, the IPC channel closes and the child stops.
 */
import path from 'node:path';
import { EmulatorEnvError, emulatorOptionsFromEnv, startEmulators, type EmulatorConnection } from './index';
import { REPO_ROOT } from './shared/server';

/** What the child sends its parent. */
export type ChildMessage =
  { type: 'ready'; connection: EmulatorConnection; debugToken: string; urls: Record<string, string> } | { type: 'failed'; message: string };

/** What the parent sends the child. */
export type ParentMessage = { type: 'stop' };

/** The loopback address the child binds, whatever the environment says. */
export const CHILD_HOST = '127.0.0.1';

function send(message: ChildMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

async function main(): Promise<void> {
  if (!process.send) {
    process.stderr.write('emulators/child: must be started by the shop (an IPC channel is required); use `npm run emulators` to run them alone\n');
    process.exit(2);
  }
  let emulators: Awaited<ReturnType<typeof startEmulators>>;
  try {
    emulators = await startEmulators({
      ...emulatorOptionsFromEnv(process.env),
      host: CHILD_HOST,
      shopUrl: process.env.SITE_URL || undefined,
      // The shop's /__local/… proxy: what the browser visits goes through the shop's origin.
      publicBaseUrl: process.env.EMULATOR_PUBLIC_BASE_URL || undefined,
      contentDir: path.join(REPO_ROOT, 'content'),
    });
  } catch (err) {
    const message =
      err instanceof EmulatorEnvError ? err.message : `the emulators failed to start: ${err instanceof Error ? err.message : String(err)}`;
    await send({ type: 'failed', message });
    process.exit(1);
  }
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await emulators.stopAll();
    process.exit(0);
  };
  process.on('message', (message: ParentMessage) => {
    if (message?.type === 'stop') void stop();
  });
  // The parent is gone (crashed, killed): nobody can reach or stop us any more.
  process.on('disconnect', () => void stop());
  // Ctrl-C (or a group-wide SIGTERM) reaches us too: the parent drains its requests, then sends 'stop'.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => {});
  const urls = Object.fromEntries(
    [emulators.storefront, emulators.content, emulators.scheduler, emulators.marketing, emulators.customerAccount].map((e) => [e.name, e.url]),
  );
  await send({ type: 'ready', connection: emulators.connection, debugToken: emulators.debugToken, urls });
}

void main();
