/**
 * Test harness for the server: the real emulators on free ports with a throwaway data dir, the
 * real config (local mode) pointed at them, and createApp with the real render handler.
 * The client bundle is the built one (dist/client, as `npm test` builds first) or, when absent,
 * built once into a temporary folder; a suite may name its own build with `env.CLIENT_DIST_DIR`.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pino from 'pino';
import { buildClient } from '../../esbuild.config';
import { startEmulators, type RunningEmulators } from '../../emulators';
import { createApp, type App, type AppDeps } from '../../server/app';
import { MemoryCache, type Cache } from '../../server/cache';
import { loadConfig, type Config, type LocalUpstreams } from '../../server/config';
import { createLogger } from '../../server/logger';
import { createSignUpOutbox, type SignUpOutboxOptions } from '../../server/marketing/outbox';
import type { Outbox } from '../../server/outbox';
import { loadClientManifest } from '../../server/render';

export type TestApp = {
  app: App;
  config: Config;
  emulators: RunningEmulators;
  cache: Cache;
  /** The app's sign-up outbox, its worker running. */
  outbox: Outbox;
  /**
   * A process restart: this app's outbox stops (as a process going away would) and a new app
   * and outbox take over the same emulators, spool folder and Redis queue. Stop the new one
   * first, then this one (which owns the emulators).
   */
  respawn(): Promise<TestApp>;
  stop(): Promise<void>;
};

const REPO_DIST = path.resolve(__dirname, '../../dist/client');
/** The shop's public origin in tests (config.siteUrl) unless `opts.env.SITE_URL` says otherwise. */
const SITE_URL = 'http://shop.test';
/** Limits no suite reaches: the default of the tiers a shopper's browsing and cart use. */
export const UNTHROTTLED = { limit: 1_000_000, windowMs: 60_000 };
let builtClientDir: Promise<string> | undefined;

/** dist/client when it was built, else a one-off build into a temp folder (per test worker). */
function clientDistDir(): Promise<string> {
  if (existsSync(path.join(REPO_DIST, 'manifest.json'))) return Promise.resolve(REPO_DIST);
  builtClientDir ??= (async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gs-client-'));
    await buildClient(dir);
    return dir;
  })();
  return builtClientDir;
}

export async function startTestApp(
  opts: {
    env?: Record<string, string>;
    contentDir?: string;
    cache?: (log: pino.Logger) => Cache;
    /**
     * Rate limit overrides. By default the cart and pages tiers are out of reach
     * (UNTHROTTLED), so suites that make many carts or pages from one IP are not refused; the
     * account and sign-up tiers keep their real limits. A suite testing a tier sets it here.
     */
    rateLimits?: AppDeps['rateLimits'];
    /** Storefront emulator: customer access token lifetime in ms (default Shopify's 14 days). */
    customerAccessTokenTtlMs?: number;
    /** Storefront emulator: its clock for carts and customer tokens (a suite moves it instead of waiting). */
    storefrontNow?: () => Date;
    /** The app's logger (default: silent unless LOG_LEVEL is set). */
    log?: pino.Logger;
    /** Sign-up outbox options (a short backoff for suites that wait for retries). */
    outbox?: SignUpOutboxOptions;
    /** Origin page cache overrides (a clock, windows). */
    pageCache?: AppDeps['pageCache'];
    /** Upstream circuit breaker overrides (threshold, cool-down, state hook). */
    circuits?: AppDeps['circuits'];
    /** Rewrites the emulators' connection settings the config is built from (a suite's proxy in front of one). */
    connection?: (emulators: LocalUpstreams) => LocalUpstreams;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gs-data-'));
  const siteUrl = opts.env?.SITE_URL ?? SITE_URL;
  const emulators = await startEmulators({
    dataDir,
    contentDir: opts.contentDir,
    ports: { storefront: 0, content: 0, scheduler: 0, customerAccount: 0, marketing: 0 },
    // The customer-account emulator only redirects to the site the config names.
    shopUrl: siteUrl,
    customerAccessTokenTtlMs: opts.customerAccessTokenTtlMs,
    storefrontNow: opts.storefrontNow,
  });
  // A suite's own build (`env.CLIENT_DIST_DIR`) gives the manifest too, not only the served files.
  const distDir = opts.env?.CLIENT_DIST_DIR ?? (await clientDistDir());
  // The origin page cache is on, as in production (server/config.ts), so every journey meets it
  // as a shopper does. A suite that changes an upstream and asks for the same public URL again
  // turns it off itself (`env: { PAGE_CACHE: 'off' }`, saying why); PAGE_CACHE=off in the
  // environment turns it off for a whole run.
  const pageCache = process.env.PAGE_CACHE ?? 'on';
  const env = {
    NODE_ENV: 'test',
    SITE_URL: siteUrl,
    CLIENT_DIST_DIR: distDir,
    OUTBOX_DIR: path.join(dataDir, 'outbox'),
    PAGE_CACHE: pageCache,
    // Supertest stands for a client behind one proxy: X-Forwarded-For names the client.
    TRUSTED_PROXY_HOPS: '1',
    ...opts.env,
  };
  const config = loadConfig(env, opts.connection?.(emulators.connection) ?? emulators.connection);
  const log = opts.log ?? createLogger(process.env.LOG_LEVEL ?? 'silent');
  // A tier given as undefined keeps its configured (RATE_LIMIT_*) or default limit.
  const rateLimits = Object.fromEntries(
    Object.entries({ cartCreate: UNTHROTTLED, cartWrites: UNTHROTTLED, pages: UNTHROTTLED, ...opts.rateLimits }).filter(([, limit]) => limit),
  );
  const manifest = loadClientManifest(distDir);
  // Each test app has its own queue in the shared test Redis.
  const outboxOptions = { redisPrefix: `gs-test-outbox-${randomUUID()}`, ...opts.outbox };

  /** One "process": its cache, outbox (started) and app, over the shared emulators. */
  const spawn = (owner: boolean): TestApp => {
    const cache = opts.cache?.(log) ?? new MemoryCache(log);
    const outbox = createSignUpOutbox(config, log, outboxOptions);
    outbox.start();
    const app = createApp(config, { log, cache, manifest, outbox, rateLimits, pageCache: opts.pageCache, circuits: opts.circuits });
    return {
      app,
      config,
      emulators,
      cache,
      outbox,
      async respawn() {
        await outbox.stop();
        return spawn(false);
      },
      async stop() {
        await outbox.stop();
        await app.locals.pageCache?.close();
        await cache.close();
        if (!owner) return;
        await emulators.stopAll();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  };
  return spawn(true);
}
