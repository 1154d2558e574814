/**
 * Marketing emulator (docs/architecture.md §2): a Klaviyo-shaped stand-in for the email
 * marketing provider (spec §7), revision 2024-02-15. It takes list subscriptions, back-in-stock
 * subscriptions and events (server-side with the private key, and the browser's client events
 * with the public key), applies Klaviyo's idempotency rules and records both the requests and
 * the resulting state in `<dataDir>/marketing/state.sqlite`.
 * Default address 127.0.0.1:4004 (`MARKETING_EMULATOR_PORT` through
 * `startEmulators`/`emulatorOptionsFromEnv`).
 * Endpoints: ./app.ts; bodies: ./validate.ts; state: ./store.ts; faults: ../shared/faults.ts; overview: ./README.md.
 */
import { DEFAULT_DATA_DIR, listen, type EmulatorOptions, type RunningEmulator } from '../shared/server';
import { marketingApp } from './app';
import { Faults, TIMEOUT_FAULT_HOLD_MS } from '../shared/faults';
import { MarketingStore } from './store';

export type { MarketingRecords } from './store';

/** Port used when `opts.port` is not given. */
export const DEFAULT_MARKETING_PORT = 4004;

/** The private API key `/api/*` accepts (`Authorization: Klaviyo-API-Key pk_emulator_local`) unless `opts.privateKey` says otherwise. */
export const DEFAULT_PRIVATE_API_KEY = 'pk_emulator_local';

/** The public API key (company id) `/client/*` accepts as `company_id` unless `opts.publicKey` says otherwise. */
export const DEFAULT_PUBLIC_API_KEY = 'LOCAL1';

/** The Klaviyo API revision the emulator implements; the `revision` header must say it. */
export const MARKETING_API_REVISION = '2024-02-15';

/** Path of the browser's event endpoint; the connection's `clientEventsUrl` is `${url}${CLIENT_EVENTS_PATH}`. */
export const CLIENT_EVENTS_PATH = '/client/events/';

export type MarketingEmulatorOptions = Omit<EmulatorOptions, 'contentDir'> & {
  privateKey?: string;
  publicKey?: string;
  /** Clock for recorded times and the event time check (tests); default `() => new Date()`. */
  now?: () => Date;
  /** How long a `timeout` fault holds a request before answering 504, in ms; default 30 000. */
  timeoutFaultHoldMs?: number;
};

/**
 * Starts the emulator, reading back what an earlier run recorded.
 * @throws when `<dataDir>/marketing/state.sqlite` is not a database it can read (or a legacy
 *   `records.json` is not valid JSON), or the port cannot be bound
 */
export async function startMarketingEmulator(opts: MarketingEmulatorOptions = {}): Promise<RunningEmulator> {
  const now = opts.now ?? (() => new Date());
  const store = new MarketingStore(opts.dataDir ?? DEFAULT_DATA_DIR, now);
  const { app, abortHeld } = marketingApp({
    privateKey: opts.privateKey ?? DEFAULT_PRIVATE_API_KEY,
    publicKey: opts.publicKey ?? DEFAULT_PUBLIC_API_KEY,
    revision: MARKETING_API_REVISION,
    store,
    faults: new Faults(),
    now,
    timeoutHoldMs: opts.timeoutFaultHoldMs ?? TIMEOUT_FAULT_HOLD_MS,
  });
  const running = await listen('marketing', app, { port: opts.port ?? DEFAULT_MARKETING_PORT, host: opts.host, debugToken: opts.debugToken }, () =>
    store.close(),
  ).catch((error: unknown) => {
    store.close();
    throw error;
  });
  return {
    ...running,
    async stop() {
      abortHeld();
      await running.stop();
    },
  };
}
