/**
 * Process entry (`npm start` → dist/server/index.js): read config, start the emulators' child
 * process in local mode, start the sign-up outbox's worker, build the app with the real
 * renderer, listen on PORT, and on SIGTERM/SIGINT stop taking work (`/readyz` 503, every answer
 * closes its connection, the listener closes), let the answers in flight finish (their request
 * deadline and 2 s at most; server/http/shutdown.ts), stop the outbox, the emulators' process,
 * close Redis, exit.
 *
 * In local mode the emulators run in their own process (./local-emulators.ts, ADR-0020), whose
 * handshake hands back their connection settings for `loadConfig`, which knows nothing of them;
 * with `LOCAL_UPSTREAMS` set (`npm run dev`, ADR-0031), the shop uses the emulators it names and
 * forks none.
 * With NODE_ENV=production, local mode must be asked for (`SHOP_MODE=local`, or `npm start`'s
 * `--local-by-default`); otherwise the process exits after one fatal log line (ADR-0020).
 */
// First: an older Node stops here with a clear message, before any module it cannot load (ADR-0030).
import './node-version';
import { createServer } from 'node:http';
import { createApp } from './app';
import { createCache } from './cache';
import { cacheNamespace } from './cache/namespace';
import { configWarnings } from './config-warnings';
import { ConfigError, detectMode, loadConfig, localModeRefusal, type Config } from './config';
import { localGraphiqlUrl } from './http/local-proxy';
import { applyServerTimeouts, gracefulServer, shutdownBudget } from './http/shutdown';
import {
  emulatorEnvironment,
  LOCAL_UPSTREAMS_VARIABLE,
  LocalEmulatorsError,
  runningLocalEmulators,
  startLocalEmulators,
  type LocalEmulators,
} from './local-emulators';
import { createLogger, type Logger } from './logger';
import { createSignUpOutbox } from './marketing/outbox';
import { loadClientManifest } from './render';
import { localDeveloperUrl } from './routes/local-developer';

/**
 * Live mode: the config from the environment. Local mode: validate the app's variables, start
 * the emulators' process (which validates its own), and build the config from its handshake;
 * or, with `LOCAL_UPSTREAMS` set, from the running emulators it names.
 * @param onEmulatorsExit called if the emulators' process dies while the shop runs
 * @throws ConfigError listing every bad variable, or LocalEmulatorsError
 */
async function configure(env: NodeJS.ProcessEnv, onEmulatorsExit: () => void): Promise<{ config: Config; emulators: LocalEmulators | null }> {
  if (detectMode(env) === 'live') return { config: loadConfig(env), emulators: null };
  const running = env[LOCAL_UPSTREAMS_VARIABLE];
  const emulators = running ? runningLocalEmulators(running) : await startLocalEmulators(emulatorEnvironment(env), { onExit: onEmulatorsExit });
  try {
    return { config: loadConfig(env, emulators.upstreams), emulators };
  } catch (err) {
    await emulators.stop();
    throw err;
  }
}

/**
 * Local mode: where a developer looks first, the developer page and GraphiQL (through the shop's
 * /__local, ADR-0027) and the Storefront API's tokens: the public one (the same every run) and the
 * private one (new every run like the debug token on the listening line, unless the emulators'
 * STOREFRONT_PRIVATE_TOKEN pins it, emulators/env.ts). Live mode has neither.
 */
function logDeveloperTools(log: Logger, config: Config, emulators: LocalEmulators): void {
  const developerPage = localDeveloperUrl(config.siteUrl);
  const graphiql = localGraphiqlUrl(config.siteUrl);
  const { publicToken, privateToken } = emulators.upstreams.storefront;
  log.info(
    { mode: config.mode, developerPage, graphiql, storefront: { endpoint: config.storefront.endpoint, publicToken, privateToken } },
    `developer page ${developerPage}, GraphiQL ${graphiql}; Storefront API public token ${publicToken}, private token ${privateToken}`,
  );
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
  const refusal = localModeRefusal(process.env, process.argv.slice(2));
  if (refusal) {
    createLogger('info').fatal({ mode: 'local', nodeEnv: process.env.NODE_ENV }, refusal);
    process.exit(1);
  }
  const { config, emulators } = await configure(process.env, () => {
    // Every upstream is gone: better a restart (compose, the supervisor) than a shop of 502s.
    createLogger('info').fatal("the emulators' process exited unexpectedly; stopping");
    process.exit(1);
  });
  const log = createLogger(config.logLevel);
  logStartupMode(log, config.mode, process.env.NODE_ENV);
  if (emulators) logDeveloperTools(log, config, emulators);
  for (const warning of configWarnings(config)) log.warn({ mode: config.mode }, warning);
  const manifest = loadClientManifest(config.clientDistDir);
  // One namespace per shop (server/cache/namespace.ts): its instances share it, other shops on the same Redis do not.
  const cache = createCache(config.redisUrl, log, { keyPrefix: cacheNamespace(config) });
  // Sign-ups stored by an earlier process (or another instance, through Redis) are delivered too.
  const outbox = createSignUpOutbox(config, log);
  outbox.start();
  // The server before the app: the stop must see every connection, and /readyz asks it.
  const server = createServer();
  applyServerTimeouts(server);
  const graceful = gracefulServer(server);
  const app = createApp(config, { log, cache, manifest, outbox, stopping: () => graceful.draining });
  server.on('request', app);

  server.listen(config.port, () => {
    log.info(
      {
        mode: config.mode,
        nodeEnv: process.env.NODE_ENV ?? null,
        url: `http://localhost:${config.port}`,
        // Local mode: the run's debug token, so a developer can open the orders list, records and
        // fault switches the README points to (header x-emulator-token); the emulators bind loopback only.
        // And the run's webhook and preview secrets (random per run, unless set), to sign a
        // webhook or open a draft preview by hand.
        emulators: emulators && {
          pid: emulators.pid,
          ...emulators.urls,
          debugToken: emulators.debugToken,
          sanityWebhookSecret: config.webhooks.sanitySecret,
          shopifyWebhookSecret: config.webhooks.shopifySecret,
          previewSecret: config.preview.secret,
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
    const started = Date.now();
    const { forceAfterMs, exitByMs } = shutdownBudget(config);
    log.info({ signal, drainMs: config.shutdownDrainMs, forceAfterMs }, 'shutting down: /readyz 503, every answer closes its connection');
    // Whatever hangs below, the process is gone inside the orchestrator's grace period.
    setTimeout(() => {
      log.error({ exitByMs }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, exitByMs).unref();
    const outcome = await graceful.drain({ drainMs: config.shutdownDrainMs, forceAfterMs });
    const ms = Date.now() - started;
    if (outcome === 'forced') log.warn({ ms }, 'connections still open at the deadline were closed');
    else log.info({ ms }, 'every connection closed');
    // Before the emulators: an in-flight delivery finishes (or is retried by the next process).
    await outbox.stop();
    await emulators?.stop();
    await cache.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  // Config errors list every bad variable; print them plainly, without a stack.
  const plain = err instanceof ConfigError || err instanceof LocalEmulatorsError;
  process.stderr.write(`${plain ? err.message : err instanceof Error ? err.stack : err}\n`);
  process.exit(1);
});
