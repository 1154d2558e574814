/**
 * Local mode's upstreams (docs/decisions/0020-emulators-child-process.md): the emulators run in
 * their own child process, the emulator bundle dist/emulators/index.js (emulators/child.ts),
 * forked here and stopped on shutdown. The handshake is one IPC message: the child's
 * connection settings (`LocalUpstreams`), the per-run debug token of `/__emulator/*`, and each
 * emulator's base URL. The child binds loopback only and exits by itself if this process dies.
 *
 * Or the emulators run already, owned by another process (`npm run dev`'s runner, scripts/dev.ts,
 * which keeps them up while it restarts the shop; or `npm run emulators`): `LOCAL_UPSTREAMS` hands
 * the shop their connection settings and the shop forks none (ADR-0031).
 *
 * This module knows the child's messages, not the emulators' code: nothing here imports them, so a
 * production install without the emulators' workspace package (the Docker image's default target, ADR-0033)
 * loads it and runs live mode; asked for local mode, it says what is missing before forking.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PROJECT_ROOT, siteUrlFrom, type LocalUpstreams } from './config';
import { LOCAL_PROXY_PREFIX } from './http/local-proxy';

/** The emulator bundle, built by `npm run build` next to the server bundle. */
export const EMULATOR_ENTRY = path.join(PROJECT_ROOT, 'dist', 'emulators', 'index.js');

/**
 * The emulators' npm workspace package (emulators/package.json): installed with the shop by
 * `npm ci`, left out of a production install (`npm ci --omit=dev --workspaces=false`, ADR-0033),
 * and with it every package only the emulators need.
 */
export const EMULATORS_PACKAGE = '@florist/emulators';

/**
 * Why local mode cannot start from this install, or null when it can: the emulators' workspace
 * package must be installed (npm links it as node_modules/@florist/emulators, with its
 * dependencies) and their bundle built.
 * @param entry the emulators' bundle, by default dist/emulators/index.js
 * @param root the project root whose node_modules is searched
 * @returns one sentence saying what is missing and what to do instead
 */
export function localEmulatorsMissing(entry: string = EMULATOR_ENTRY, root: string = PROJECT_ROOT): string | null {
  try {
    createRequire(path.join(root, 'package.json')).resolve(`${EMULATORS_PACKAGE}/package.json`);
  } catch {
    return (
      `local mode needs the emulators, and this install has none (${EMULATORS_PACKAGE} is not in ${path.join(root, 'node_modules')}): ` +
      "it is a production install of the shop alone (the Docker image's default target, or npm ci --workspaces=false), which runs in live mode only. " +
      'Set SHOP_MODE=live with the upstream variables (see .env.example), or run local mode from a full install (npm ci, then npm start) ' +
      "or the image's local target (docker compose, docker build --target local)"
    );
  }
  if (!existsSync(entry)) return `local mode needs the emulators' bundle ${entry}, which is not built: run npm run build`;
  return null;
}

/** Each emulator's name (as the child reports it) and its loopback base URL. */
export type LocalEmulatorUrls = Record<'storefront-api' | 'content-lake' | 'scheduler' | 'marketing' | 'customer-account', string>;

export type LocalEmulators = {
  /** Where and with which credentials to reach them (for `loadConfig`). */
  upstreams: LocalUpstreams;
  /** The per-run token their `/__emulator/*` endpoints require (header `x-emulator-token`). */
  debugToken: string;
  urls: LocalEmulatorUrls;
  /** The child's process id; null when another process owns them (`LOCAL_UPSTREAMS`). */
  pid: number | null;
  /**
   * Asks the child to stop (state flushed) and waits for it to exit; SIGKILL after `STOP_GRACE_MS`. Safe to call twice.
   * Emulators another process owns are left running.
   */
  stop(): Promise<void>;
};

/**
 * The variable naming emulators that already run: their connection settings as JSON, the
 * `connection` of the child's handshake, which is also what `npm run emulators` prints.
 */
export const LOCAL_UPSTREAMS_VARIABLE = 'LOCAL_UPSTREAMS';

/** What every connection setting must have (the shape is `LocalUpstreams`). */
const UPSTREAM_KEYS = ['debugToken', 'storefront', 'content', 'scheduler', 'customerAccount', 'marketing'] as const;

/** The emulators' process failed to start (its message says why: a bad variable, a port taken). */
export class LocalEmulatorsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocalEmulatorsError';
  }
}

type ChildMessage = { type: 'ready'; connection: LocalUpstreams; debugToken: string; urls: LocalEmulatorUrls } | { type: 'failed'; message: string };

const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;

/**
 * The emulators' process environment for a shop configured by `env`: `env`, with SITE_URL the
 * shop's public origin and EMULATOR_PUBLIC_BASE_URL its `/__local` proxy, through which the
 * browser reaches them (ADR-0020).
 * @throws ConfigError listing every invalid variable of `env`
 */
export function emulatorEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const shopUrl = siteUrlFrom(env);
  return { ...env, SITE_URL: shopUrl, EMULATOR_PUBLIC_BASE_URL: `${shopUrl}${LOCAL_PROXY_PREFIX}` };
}

/**
 * Emulators another process runs, from the value of `LOCAL_UPSTREAMS`: the shop uses them instead
 * of forking its own, and leaves them running when it stops (their owner stops them).
 * @param json their connection settings (`LocalUpstreams`) as JSON
 * @throws LocalEmulatorsError when it is not JSON naming every upstream
 */
export function runningLocalEmulators(json: string): LocalEmulators {
  let upstreams: LocalUpstreams;
  try {
    upstreams = JSON.parse(json) as LocalUpstreams;
  } catch (err) {
    throw new LocalEmulatorsError(`${LOCAL_UPSTREAMS_VARIABLE} is not JSON: ${(err as Error).message}`);
  }
  const missing = UPSTREAM_KEYS.filter((key) => !(upstreams as Partial<LocalUpstreams> | null)?.[key]);
  if (missing.length) {
    throw new LocalEmulatorsError(
      `${LOCAL_UPSTREAMS_VARIABLE} lacks ${missing.join(', ')}: give the connection settings \`npm run emulators\` prints, whole`,
    );
  }
  return {
    upstreams,
    debugToken: upstreams.debugToken,
    urls: {
      'storefront-api': upstreams.storefront.origin,
      'content-lake': upstreams.content.apiHost,
      scheduler: upstreams.scheduler.url,
      marketing: upstreams.marketing.apiUrl,
      'customer-account': upstreams.customerAccount.issuer,
    },
    pid: null,
    stop: async () => {},
  };
}

/**
 * Forks the emulators' process and waits for its handshake.
 * @param env its environment: the emulator variables (emulators/env.ts) and SITE_URL, the shop's public URL
 * @param opts `onExit`: called if the child exits without being asked to (the shop cannot serve without it)
 * @throws LocalEmulatorsError when the emulators are not installed or built (`localEmulatorsMissing`), or
 *   their process reports a failure, exits early, or is not ready within 60 s
 */
export async function startLocalEmulators(
  env: NodeJS.ProcessEnv,
  opts: { entry?: string; onExit?: (code: number | null, signal: NodeJS.Signals | null) => void } = {},
): Promise<LocalEmulators> {
  const missing = localEmulatorsMissing(opts.entry);
  if (missing) throw new LocalEmulatorsError(missing);
  const child: ChildProcess = fork(opts.entry ?? EMULATOR_ENTRY, [], {
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'json',
  });
  let stopping = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const ready = await new Promise<Extract<ChildMessage, { type: 'ready' }>>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new LocalEmulatorsError(`the emulators' process was not ready within ${READY_TIMEOUT_MS / 1000} s`));
    }, READY_TIMEOUT_MS);
    const settle = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onEarlyExit);
      child.off('error', onError);
    };
    const onMessage = (message: ChildMessage) => {
      settle();
      if (message.type === 'ready') resolve(message);
      else reject(new LocalEmulatorsError(message.message));
    };
    const onEarlyExit = (code: number | null, signal: NodeJS.Signals | null) => {
      settle();
      reject(new LocalEmulatorsError(`the emulators' process exited (${signal ?? `code ${code}`}) before it was ready`));
    };
    const onError = (err: Error) => {
      settle();
      reject(new LocalEmulatorsError(`the emulators' process could not be started (${opts.entry ?? EMULATOR_ENTRY}): ${err.message}`));
    };
    child.on('message', onMessage);
    child.once('exit', onEarlyExit);
    child.once('error', onError);
  });

  child.once('exit', (code, signal) => {
    if (!stopping) opts.onExit?.(code, signal);
  });
  return {
    upstreams: ready.connection,
    debugToken: ready.debugToken,
    urls: ready.urls,
    pid: child.pid!,
    async stop() {
      if (!stopping) {
        stopping = true;
        if (child.connected) {
          child.send({ type: 'stop' });
          const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS).unref();
          await exited;
          clearTimeout(kill);
        }
      }
      await exited;
    },
  };
}
