/**
 * Process entry (`npm start` → dist/server/index.js): read config, start the emulators in local
 * mode, start the sign-up outbox's worker, build the app with the real renderer, listen on PORT,
 * and on SIGTERM/SIGINT stop accepting, let in-flight requests finish (10 s at most), stop the
 * outbox, the emulators, close Redis.
 *
 * The only server file that knows the emulators (docs/architecture.md §2): in local mode it
 * starts them with their own environment variables (emulators/env.ts) and hands their
 * `connection` settings to `loadConfig`, which knows nothing of them.
 */
import type { Server } from 'node:http';
import path from 'node:path';
import { createApp } from './app';
import { createCache } from './cache';
import { ConfigError, detectMode, loadConfig, PROJECT_ROOT, siteUrlFrom, type Config } from './config';
import { createLogger, type Logger } from './logger';
import { createSignUpOutbox } from './marketing/outbox';
import { loadClientManifest } from './render';
import { EmulatorEnvError, emulatorOptionsFromEnv, startEmulators, type RunningEmulators } from '../emulators';

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Live mode: the config from the environment. Local mode: validate the environment (the app's
 * variables, then the emulators'), start the emulators, and build the config from their
 * connection settings.
 * @throws ConfigError / EmulatorEnvError listing every bad variable, or an emulator start error
 */
async function configure(env: NodeJS.ProcessEnv): Promise<{ config: Config; emulators: RunningEmulators | null }> {
  if (detectMode(env) === 'live') return { config: loadConfig(env), emulators: null };
  const shopUrl = siteUrlFrom(env);
  const emulators = await startEmulators({
    ...emulatorOptionsFromEnv(env),
    shopUrl,
    // Explicit, because the emulators' own defaults assume they run from source, not the bundle.
    contentDir: path.join(PROJECT_ROOT, 'content'),
  });
  try {
    return { config: loadConfig(env, emulators.connection), emulators };
  } catch (err) {
    await emulators.stopAll();
    throw err;
  }
}

/**
 * Logs the mode the process runs in, and warns when NODE_ENV is not 'production': React then
 * runs its development build, which renders about 1.6x slower and is not what shoppers get.
 */
function logStartupMode(log: Logger, mode: Config['mode'], nodeEnv: string | undefined): void {
  const shown = nodeEnv === undefined ? 'unset' : `"${nodeEnv}"`;
  log.info(
    { mode, nodeEnv: nodeEnv ?? null },
    `starting in ${mode} mode (${mode === 'local' ? 'emulated upstreams' : 'real upstreams'}), NODE_ENV ${shown}`,
  );
  if (nodeEnv !== 'production') {
    log.warn(
      { mode, nodeEnv: nodeEnv ?? null },
      `NODE_ENV is ${shown}, not "production": React runs its DEVELOPMENT build (about 1.6x slower renders, extra checks). ` +
        'Set NODE_ENV=production for any deployment and for benchmarks.',
    );
  }
}

async function main() {
  const { config, emulators } = await configure(process.env);
  const log = createLogger(config.logLevel);
  logStartupMode(log, config.mode, process.env.NODE_ENV);
  const manifest = loadClientManifest(config.clientDistDir);
  const cache = createCache(config.redisUrl, log);
  // Sign-ups stored by an earlier process (or another instance, through Redis) are delivered too.
  const outbox = createSignUpOutbox(config, log);
  outbox.start();
  const app = createApp(config, { log, cache, manifest, outbox });

  const server: Server = app.listen(config.port, () => {
    log.info(
      {
        mode: config.mode,
        nodeEnv: process.env.NODE_ENV ?? null,
        url: `http://localhost:${config.port}`,
        emulators: emulators && {
          storefront: emulators.storefront.url,
          content: emulators.content.url,
          scheduler: emulators.scheduler.url,
          customerAccount: emulators.customerAccount.url,
          marketing: emulators.marketing.url,
        },
      },
      `storefront listening on http://localhost:${config.port}`,
    );
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
    // Before the emulators: an in-flight delivery finishes (or is retried by the next process).
    await outbox.stop();
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
  const plain = err instanceof ConfigError || err instanceof EmulatorEnvError;
  process.stderr.write(`${plain ? err.message : err instanceof Error ? err.stack : err}\n`);
  process.exit(1);
});
