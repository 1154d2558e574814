/**
 * Process entry (`npm start` → dist/server/index.js): read config, start the emulators in local
 * mode, build the app with the real renderer, listen on PORT, and on SIGTERM/SIGINT stop
 * accepting, let in-flight requests finish (10 s at most), stop the emulators, close Redis.
 */
import type { Server } from 'node:http';
import path from 'node:path';
import { createApp } from './app';
import { createCache } from './cache';
import { ConfigError, detectMode, loadConfig, PROJECT_ROOT, type Config } from './config';
import { createLogger } from './logger';
import { createRenderHandler, loadClientManifest } from './render';
import { startEmulators, type RunningEmulators } from '../emulators';

const SHUTDOWN_GRACE_MS = 10_000;

async function configure(): Promise<{ config: Config; emulators: RunningEmulators | null }> {
  if (detectMode(process.env) === 'live') return { config: loadConfig(process.env), emulators: null };
  const defaults = loadConfig(process.env);
  const port = (url: string) => Number(new URL(url).port);
  const sf = new URL(defaults.storefront.endpoint);
  const emulators = await startEmulators({
    ports: {
      storefront: Number(sf.port),
      content: port(defaults.content.apiHost!),
      scheduler: port(defaults.scheduler.url),
    },
    shopUrl: defaults.siteUrl,
    // Explicit, because the emulators' own defaults assume they run from source, not the bundle.
    contentDir: path.join(PROJECT_ROOT, 'content'),
    dataDir: defaults.emulators.dataDir,
    host: defaults.emulators.host,
  });
  const config = loadConfig(process.env, {
    storefront: emulators.storefront.url, content: emulators.content.url, scheduler: emulators.scheduler.url,
  });
  return { config, emulators };
}

async function main() {
  const { config, emulators } = await configure();
  const log = createLogger(config.logLevel);
  const manifest = loadClientManifest(config.clientDistDir);
  const cache = createCache(config.redisUrl, log);
  const app = createApp(config, {
    log,
    cache,
    buildId: manifest.buildId,
    render: (dataSource) => createRenderHandler({
      dataSource, manifest, siteUrl: config.siteUrl, shippingExcludedTag: config.shippingExcludedTag, logError: (err, ctx) => log.error({ err, ...ctx }, 'render failed'),
    }),
  });

  const server: Server = app.listen(config.port, () => {
    log.info({ mode: config.mode, url: `http://localhost:${config.port}`, emulators: emulators && {
      storefront: emulators.storefront.url, content: emulators.content.url, scheduler: emulators.scheduler.url,
    } }, `storefront listening on http://localhost:${config.port}`);
  });
  server.on('error', (err) => {
    log.fatal({ err }, 'server failed');
    process.exit(1);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearTimeout(force);
    await emulators?.stopAll();
    await cache.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  // Config errors list every bad variable; print them plainly, without a stack.
  process.stderr.write(`${err instanceof ConfigError ? err.message : err instanceof Error ? err.stack : err}\n`);
  process.exit(1);
});
