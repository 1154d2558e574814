/**
 * The shop as it runs with several instances (docs/architecture.md §9 "Several instances"), as
 * real processes on loopback, for the two-instance test (tests/deploy/) and the fault suite
 * (bench/faults/), so both start things the same way:
 *
 * - `startEmulatorProcess`: the five emulators in a process of their own (`emulators/cli.ts`),
 *   the one set every instance talks to;
 * - `liveShopEnv` + `startShopInstance`: `dist/server/index.js` with NODE_ENV=production in live
 *   mode, its upstream variables pointing at those emulators (`STOREFRONT_API_ORIGIN`,
 *   `SANITY_API_HOST`), a shared Redis and `TRUSTED_PROXY_HOPS=1` (behind nginx);
 * - `startNginx`: Debian's nginx as a non-root process, everything it writes (pid, logs, temp
 *   and cache folders) under one folder, proxying with the repo's own docker/nginx/proxy.conf
 *   (the same directives compose runs), optionally with `proxy_cache`;
 * - `startOwnRedis`: a throw-away redis-server on a given port, to kill and restart (never the
 *   shared one), with no persistence or with docker-compose.yml's (`composeRedisFlags`).
 *
 * Every process is a child of the caller; `stop()` ends it and waits for its exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import path from 'node:path';
import { parse } from 'yaml';
import { NGINX_PATH } from './services';

const ROOT = path.resolve(__dirname, '..', '..');
/** The proxy directives compose's nginx uses too (docker/nginx/nginx.conf includes them). */
export const NGINX_PROXY_CONF = path.join(ROOT, 'docker', 'nginx', 'proxy.conf');

/** A child process the caller owns. */
export type Child = {
  pid: number;
  /** Sends `signal` (default SIGTERM) and resolves when the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** True once the process has exited. */
  exited(): boolean;
};

/** How a child process ended: its exit code, or the signal that ended it. */
type ExitStatus = { code: number | null; signal: NodeJS.Signals | null };

const describeExit = ({ code, signal }: ExitStatus) => (signal ? `signal ${signal}` : `exit code ${code}`);

/** `child` for the caller, and `exit`, resolved with the status whenever the process ends. */
function own(proc: ChildProcess, name: string): { child: Child; exit: Promise<ExitStatus>; stopping: () => boolean } {
  if (proc.pid === undefined) throw new Error(`${name} did not start`);
  let done = false;
  let stopRequested = false;
  const exit = new Promise<ExitStatus>((resolve) =>
    proc.once('exit', (code, signal) => {
      done = true;
      resolve({ code, signal });
    }),
  );
  const child: Child = {
    pid: proc.pid,
    exited: () => done,
    stop: async (signal = 'SIGTERM') => {
      stopRequested = true;
      if (!done) proc.kill(signal);
      await exit;
    },
  };
  return { child, exit, stopping: () => stopRequested };
}

/**
 * The last `max` lines a process wrote to stdout and stderr (its log lines and anything printed
 * before the logger existed, such as a refused configuration), for the error that reports it.
 */
function outputTail(proc: ChildProcess, max = 30): () => string {
  const lines: string[] = [];
  let partial = '';
  const take = (d: Buffer) => {
    const parts = (partial + String(d)).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
    lines.splice(0, Math.max(0, lines.length - max));
  };
  proc.stdout?.on('data', take);
  proc.stderr?.on('data', take);
  return () =>
    [...lines, partial]
      .filter((line) => line.trim() !== '')
      .slice(-max)
      .join('\n') || '(nothing)';
}

/**
 * Polls `url` until it answers `status` (any status when omitted), or throws after `timeoutMs`,
 * or as soon as `signal` aborts (the process that should answer has exited).
 */
export async function waitForHttp(url: string, timeoutMs: number, status?: number, signal?: AbortSignal): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (status === undefined || res.status === status) return;
    } catch {
      /* not listening yet */
    }
    if (signal?.aborted) throw new Error(`${url} stopped waiting: ${String(signal.reason)}`);
    if (Date.now() > until) throw new Error(`${url} did not answer${status ? ` ${status}` : ''} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The emulators' connection settings as `emulators/cli.ts` prints them (see emulators/index.ts). */
export type EmulatorConnection = {
  /** The run's token of every emulator's `/__emulator/*` (fault switches, records), header `x-emulator-token`. */
  debugToken: string;
  storefront: { origin: string; privateToken: string; publicToken: string; imageOrigin: string };
  content: { apiHost: string; projectId: string; dataset: string; apiVersion: string; readToken: string; imageOrigin: string };
  scheduler: { url: string; pickupLocationId: string; deliveryLocationId: string; shop: string };
  customerAccount: { issuer: string; clientId: string };
  marketing: { apiUrl: string; privateKey: string; publicKey: string; clientEventsUrl: string };
};

/** Emulator ports, one per upstream (see emulators/env.ts). */
export type EmulatorPorts = { storefront: number; content: number; scheduler: number; marketing: number; customerAccount: number };

/** `basePort`+0…+4 for the five emulators. */
export function emulatorPorts(basePort: number): EmulatorPorts {
  return { storefront: basePort, content: basePort + 1, scheduler: basePort + 2, marketing: basePort + 3, customerAccount: basePort + 4 };
}

/**
 * Starts the five emulators in their own process (`node --import tsx emulators/cli.ts`) on
 * `ports`, with state in `dataDir`, and resolves once they print their connection settings.
 * @param opts.shopUrl where the checkout links back to (the public origin, e.g. nginx's)
 * @param opts.env more variables for it (e.g. STOREFRONT_PRIVATE_TOKEN)
 * @returns the process, its connection settings and what it printed before them (`output`)
 * @throws when the process exits (the message has its stderr) or prints nothing usable within 60 s
 */
export async function startEmulatorProcess(opts: {
  ports: EmulatorPorts;
  dataDir: string;
  shopUrl: string;
  env?: Record<string, string>;
}): Promise<Child & { connection: EmulatorConnection; output: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'emulators', 'cli.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      STOREFRONT_EMULATOR_PORT: String(opts.ports.storefront),
      CONTENT_EMULATOR_PORT: String(opts.ports.content),
      SCHEDULER_EMULATOR_PORT: String(opts.ports.scheduler),
      MARKETING_EMULATOR_PORT: String(opts.ports.marketing),
      CUSTOMER_ACCOUNT_EMULATOR_PORT: String(opts.ports.customerAccount),
      EMULATOR_HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      SITE_URL: opts.shopUrl,
      ...opts.env,
    },
  });
  const { child } = own(proc, 'emulators');
  let out = '';
  let err = '';
  proc.stderr.on('data', (d: Buffer) => (err += String(d)));
  const connection = await new Promise<EmulatorConnection>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`emulators did not start within 60 s: ${err}`)), 60_000);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`emulators exited (${code}): ${err}`));
    });
    proc.stdout.on('data', (d: Buffer) => {
      out += String(d);
      const at = out.indexOf('connection settings: ');
      if (at < 0) return;
      try {
        const parsed = JSON.parse(out.slice(at + 'connection settings: '.length)) as EmulatorConnection;
        clearTimeout(timer);
        resolve(parsed);
      } catch {
        /* the JSON is not complete yet */
      }
    });
  }).catch(async (e: unknown) => {
    await child.stop('SIGKILL');
    throw e;
  });
  return { ...child, connection, output: out.slice(0, out.indexOf('connection settings: ')) };
}

/**
 * Live-mode variables for a shop instance whose upstreams are the emulators of `connection`
 * (server/config.ts): every instance given the same result shares the unlock secret, the Redis
 * and the emulators. The customer-account issuer must be https in live mode, so customer
 * sign-in is the one flow these instances cannot complete (nothing here needs it).
 */
export function liveShopEnv(
  connection: EmulatorConnection,
  opts: { siteUrl: string; redisUrl: string | null; outboxDir: string },
): Record<string, string> {
  const c = connection;
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SITE_URL: opts.siteUrl,
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
    // Behind one nginx: the client IP is the address nginx appends to X-Forwarded-For.
    TRUSTED_PROXY_HOPS: '1',
    // The load comes from one client address; the tiers themselves are tested in
    // tests/server/rate-limits.test.ts. Sign-in, recover and sign-ups keep their limits.
    RATE_LIMIT_PAGES: 'off',
    RATE_LIMIT_CART_CREATE: 'off',
    RATE_LIMIT_CART_WRITES: 'off',
    SHOPIFY_STORE_DOMAIN: 'emulated.myshopify.com',
    STOREFRONT_API_ORIGIN: c.storefront.origin,
    PRIVATE_STOREFRONT_API_TOKEN: c.storefront.privateToken,
    PUBLIC_STOREFRONT_API_TOKEN: c.storefront.publicToken,
    SHOPIFY_IMAGE_HOST: new URL(c.storefront.imageOrigin).host,
    SANITY_PROJECT_ID: c.content.projectId,
    SANITY_DATASET: c.content.dataset,
    SANITY_API_VERSION: c.content.apiVersion,
    SANITY_API_HOST: c.content.apiHost,
    // Private documents (the product cards' passwords) need it, as on Sanity.
    SANITY_READ_TOKEN: c.content.readToken,
    SCHEDULER_URL: c.scheduler.url,
    SCHEDULER_PICKUP_LOCATION_ID: c.scheduler.pickupLocationId,
    SCHEDULER_DELIVERY_LOCATION_ID: c.scheduler.deliveryLocationId,
    SCHEDULER_SHOP: c.scheduler.shop,
    CUSTOMER_ACCOUNT_ISSUER: c.customerAccount.issuer.replace(/^http:/, 'https:'),
    CUSTOMER_ACCOUNT_CLIENT_ID: c.customerAccount.clientId,
    UNLOCK_SECRET: randomBytes(32).toString('hex'),
    KLAVIYO_API_URL: c.marketing.apiUrl,
    KLAVIYO_PRIVATE_API_KEY: c.marketing.privateKey,
    KLAVIYO_PUBLIC_API_KEY: c.marketing.publicKey,
    KLAVIYO_HINT_LIST_ID: 'GSHINT',
    KLAVIYO_RESERVE_LIST_ID: 'GSRESERVE',
    // Set, so the webhooks answer a bad signature with 401 instead of 503 "not configured".
    SANITY_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
    SHOPIFY_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
    OUTBOX_DIR: opts.outboxDir,
  };
}

/** A running shop instance. */
export type ShopInstance = Child & { url: string; port: number };

/**
 * Starts `dist/server/index.js` (built beforehand) on `port` with `env` (e.g. `liveShopEnv`)
 * and waits until `/readyz` answers 200. Its stderr goes to the caller's stderr, prefixed,
 * unless `quiet` (the fault suite, whose fuzzing makes every bad path a warning line); quiet or
 * not, its last 30 lines of output (logs and stderr) are kept for the reports below.
 * @throws when it exits before it is ready (with its exit code or signal and last output), or is
 *   not ready within 60 s (killed first; the same report). A shop that exits later without
 *   `stop()` reports the same on stderr.
 * @param opts.root the install to run (its dist/server/index.js, from its folder), default this checkout
 */
export async function startShopInstance(
  port: number,
  env: Record<string, string>,
  opts: { quiet?: boolean; root?: string } = {},
): Promise<ShopInstance> {
  const root = opts.root ?? ROOT;
  const proc = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'dist', 'server', 'index.js')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, PORT: String(port) },
  });
  if (!opts.quiet) proc.stderr?.on('data', (d: Buffer) => process.stderr.write(`[shop :${port}] ${String(d)}`));
  const lastOutput = outputTail(proc);
  const { child, exit, stopping } = own(proc, `shop on ${port}`);
  const report = (what: string) => `shop on :${port} ${what}; its last output:\n${lastOutput()}`;
  const url = `http://127.0.0.1:${port}`;
  const exitedEarly = new AbortController();
  void exit.then((status) => exitedEarly.abort(describeExit(status)));
  try {
    await waitForHttp(`${url}/readyz`, 60_000, 200, exitedEarly.signal);
  } catch (err) {
    const early = exitedEarly.signal.aborted;
    await child.stop('SIGKILL');
    throw new Error(report(early ? `exited (${String(exitedEarly.signal.reason)}) before /readyz answered 200` : (err as Error).message));
  }
  void exit.then((status) => {
    if (!stopping()) process.stderr.write(`${report(`exited unexpectedly (${describeExit(status)})`)}\n`);
  });
  return { ...child, url, port };
}

/**
 * nginx's configuration for `upstreams` behind `listen` on 127.0.0.1, every path it writes under
 * `dir`; the proxying itself is docker/nginx/proxy.conf. With `cache`, responses are cached as
 * a CDN would (honouring the shop's Cache-Control; nginx never caches a Set-Cookie response by
 * default) and `X-Cache-Status` says HIT/MISS.
 */
export function nginxConfig(opts: { port: number; upstreams: string[]; dir: string; cache?: boolean }): string {
  const d = opts.dir;
  const servers = opts.upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=5s;`).join('\n');
  // As root (a CI container), nginx's workers would run as `nobody` and could not write the
  // cache and temp folders of a private temp dir; they stay root's then. Otherwise the caller's.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `# Generated by tests/support/cluster.ts.
${user}worker_processes 1;
daemon off;
pid ${d}/nginx.pid;
error_log ${d}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${d}/client_body;
  proxy_temp_path ${d}/proxy;
  fastcgi_temp_path ${d}/fastcgi;
  uwsgi_temp_path ${d}/uwsgi;
  scgi_temp_path ${d}/scgi;
  upstream shop {
${servers}
    keepalive 32;
  }
${opts.cache ? `  proxy_cache_path ${d}/cache levels=1:2 keys_zone=pages:10m max_size=256m inactive=10m use_temp_path=off;\n` : ''}  server {
    listen 127.0.0.1:${opts.port};
    location / {
      include ${NGINX_PROXY_CONF};
${opts.cache ? '      proxy_cache pages;\n      add_header X-Cache-Status $upstream_cache_status always;\n' : ''}    }
  }
}
`;
}

/** A running nginx. */
export type Nginx = Child & { url: string; dir: string };

/**
 * Writes `nginxConfig(opts)` to `${opts.dir}/nginx.conf`, starts nginx in the foreground and
 * waits until it answers on its port.
 * @throws when the configuration is rejected or nginx does not answer within 10 s
 */
export async function startNginx(opts: { port: number; upstreams: string[]; dir: string; cache?: boolean }): Promise<Nginx> {
  mkdirSync(opts.dir, { recursive: true });
  const conf = path.join(opts.dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(opts));
  // -e: the error log before the configuration is read (the default /var/log/nginx is root's).
  const proc = spawn(NGINX_PATH, ['-p', opts.dir, '-c', conf, '-e', path.join(opts.dir, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  proc.stderr.on('data', (d: Buffer) => (err += String(d)));
  const { child } = own(proc, 'nginx');
  const url = `http://127.0.0.1:${opts.port}`;
  try {
    await waitForHttp(`${url}/healthz`, 10_000);
  } catch (e) {
    await child.stop('SIGKILL');
    throw new Error(`nginx did not start: ${err || String(e)}`);
  }
  return { ...child, url, dir: opts.dir };
}

/** redis-server flags for a Redis that keeps nothing on disk (a restart empties it). */
export const REDIS_NO_PERSISTENCE = ['--save', '', '--appendonly', 'no'];

/**
 * The flags docker-compose.yml starts its Redis with (its persistence), without the program
 * name, read from the file so a Redis started with them is the shipped configuration's.
 * @throws when the compose file's redis command is not `redis-server …`
 */
export function composeRedisFlags(): string[] {
  const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8')) as { services: { redis: { command: string[] } } };
  const [program, ...flags] = compose.services.redis.command;
  if (program !== 'redis-server') throw new Error(`docker-compose.yml's redis runs ${program}, not redis-server`);
  return flags;
}

/**
 * Starts a throw-away redis-server on 127.0.0.1:`port` as a child, for faults that kill Redis;
 * never the shared one.
 * @param opts.flags its persistence flags (default REDIS_NO_PERSISTENCE); a persisting Redis
 *   needs its own `--dir` too, the same one again when it is restarted
 * @throws when it does not answer PING within 5 s
 */
export async function startOwnRedis(port: number, opts: { flags?: string[] } = {}): Promise<Child & { url: string }> {
  const flags = opts.flags ?? REDIS_NO_PERSISTENCE;
  const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', ...flags], { stdio: 'ignore' });
  const { child } = own(proc, 'redis-server');
  const until = Date.now() + 5000;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = createConnection(port, '127.0.0.1', () => s.write('PING\r\n'));
      s.setTimeout(500, () => (s.destroy(), resolve(false)));
      s.on('error', () => resolve(false));
      s.on('data', (d) => (s.destroy(), resolve(String(d).includes('PONG'))));
    });
    if (ok) break;
    if (Date.now() > until || child.exited()) {
      await child.stop('SIGKILL');
      throw new Error(`redis-server on ${port} did not start (port taken?)`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { ...child, url: `redis://127.0.0.1:${port}/0` };
}
