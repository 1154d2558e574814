/**
 * Starts every local emulator (DESIGN §2): Storefront API, content lake and scheduler, on their
 * default ports or the given ones (0 = any free port, for tests). If one fails to start, the
 * ones already running are stopped before the error is rethrown.
 */
import { startContentLakeEmulator } from './content-lake';
import { startSchedulerEmulator } from './scheduler';
import type { RunningEmulator } from './shared/server';
import { startStorefrontEmulator } from './storefront-api';

export type EmulatorPorts = { storefront?: number; content?: number; scheduler?: number };

export type StartEmulatorsOptions = {
  /** Mutable state (carts, orders), default `<repo>/.data`. */
  dataDir?: string;
  /** Seed dataset folder, default `<repo>/content`. */
  contentDir?: string;
  ports?: EmulatorPorts;
  host?: string;
  /** The storefront's public URL, for the checkout page's links back to the shop. */
  shopUrl?: string;
};

export type RunningEmulators = {
  storefront: RunningEmulator;
  content: RunningEmulator;
  scheduler: RunningEmulator;
  /** Stops all of them (in parallel); safe to call twice. */
  stopAll(): Promise<void>;
};

export async function startEmulators(opts: StartEmulatorsOptions = {}): Promise<RunningEmulators> {
  const common = { dataDir: opts.dataDir, contentDir: opts.contentDir, host: opts.host };
  const started: RunningEmulator[] = [];
  const stopAll = async () => {
    const running = started.splice(0);
    await Promise.all(running.map((e) => e.stop()));
  };
  const track = async (start: Promise<RunningEmulator>) => {
    const emulator = await start;
    started.push(emulator);
    return emulator;
  };
  try {
    const [storefront, content, scheduler] = await Promise.all([
      track(startStorefrontEmulator({ ...common, port: opts.ports?.storefront, shopUrl: opts.shopUrl })),
      track(startContentLakeEmulator({ ...common, port: opts.ports?.content })),
      track(startSchedulerEmulator({ ...common, port: opts.ports?.scheduler })),
    ]);
    return { storefront, content, scheduler, stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
