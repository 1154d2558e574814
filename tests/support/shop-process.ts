/**
 * The shop as `npm start` runs it, for the suites that must test what users run: the built entry
 * `dist/server/index.js` with `--local-by-default` and `NODE_ENV=production`, in its own process,
 * page cache on and default rate limits (nothing set but ports and folders), the emulators forked
 * by the shop itself in their child process behind the `/__local` proxy (docs/architecture.md §2,
 * ADR-0020). `npm test` builds dist/ first.
 *
 * What differs from `npm start`, and why: free ports instead of 3000 and 4001–4005 (suites run in
 * parallel) and a throwaway `DATA_DIR` (each suite starts from the seed). The emulators' debug
 * token (orders, inbox, faults) and the run's webhook and preview secrets are read from the shop's
 * listening line, where a developer reads them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
export const SHOP_ENTRY = path.join(ROOT, 'dist/server/index.js');
/** The browser bundle the production entry serves (config's default CLIENT_DIST_DIR). */
export const CLIENT_DIST_DIR = path.join(ROOT, 'dist/client');

/** A free TCP port on loopback (bound, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * `count` distinct free TCP ports on loopback: all bound at once, then released, so no two are the
 * same (one at a time, the kernel may hand a just-released port out again).
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  try {
    return await Promise.all(
      servers.map(
        (server) =>
          new Promise<number>((resolve, reject) => {
            server.once('error', reject);
            server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
          }),
      ),
    );
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => (server.listening ? server.close(resolve) : resolve(undefined)))));
  }
}

/** Polls `probe` every 100 ms until it returns a value; throws after `timeoutMs`. */
export async function until<T>(probe: () => T | undefined, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A process of the built entry and its output, line by line. */
export type EntryProcess = {
  child: ChildProcess;
  /** Every stdout and stderr line so far (pino's JSON lines in production). */
  lines: string[];
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
};

/** Runs the built entry with `env` (PATH kept, nothing else inherited) and collects its output lines. */
export function runEntry(env: Record<string, string>, args: string[] = []): EntryProcess {
  const child = spawn(process.execPath, ['--enable-source-maps', SHOP_ENTRY, ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  // A test process that dies (a timeout, a crash) takes the shop with it; the shop's own exit stops its emulators.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      process.off('exit', killOnExit);
      resolve(code);
    }),
  );
  return { child, lines, exited };
}

/** The emulators' names as the shop's listening line gives them. */
export type EmulatorName = 'storefront-api' | 'content-lake' | 'scheduler' | 'marketing' | 'customer-account';

/** One emulator of the running shop: its loopback URL and the run's debug token. */
export type EmulatorEndpoint = { url: string; debugToken: string };

/** The run's webhook and preview secrets, as the listening line prints them (random per run in local mode). */
export type RunSecrets = { sanityWebhookSecret: string; shopifyWebhookSecret: string; previewSecret: string };

/** What the listening line says (server/index.ts). */
type Listening = { emulators: (Record<EmulatorName, string> & { pid: number; debugToken: string } & RunSecrets) | null };

export type ShopProcess = EntryProcess & {
  port: number;
  /** The shop's public origin, as `npm start` prints it: `http://localhost:{port}`. */
  origin: string;
  dataDir: string;
  /** The emulators' child process id. */
  emulatorsPid: number;
  /** Each emulator, reachable from the test on loopback (the browser goes through `/__local`). */
  emulators: {
    storefront: EmulatorEndpoint;
    content: EmulatorEndpoint;
    scheduler: EmulatorEndpoint;
    marketing: EmulatorEndpoint;
    customerAccount: EmulatorEndpoint;
  };
  /** The run's webhook and preview secrets, read from the listening line where a developer reads them. */
  secrets: RunSecrets;
  /** The log lines at `level` or above (pino's numbers: 40 warn, 50 error, 60 fatal), parsed. */
  logged(level: number): { level: number; msg: string; [key: string]: unknown }[];
  /** SIGTERM, wait for the exit (its code), remove the data folder. Safe to call twice. */
  stop(): Promise<number | null>;
};

/**
 * Starts the shop as `npm start` does, on free ports; resolves once it listens.
 * @param opts.env    variables over the defaults (a suite testing one part may set that part, e.g. a rate limit tier)
 * @param opts.args   the entry's arguments, default `['--local-by-default']` (npm start's)
 * @param attempt   internal: a start that lost a port race (EADDRINUSE) is retried on new ports, 3 tries in all
 * @throws Error with the process's output when it exits before listening or is not up within 60 s
 */
export async function startShopProcess(opts: { env?: Record<string, string>; args?: string[] } = {}, attempt = 1): Promise<ShopProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gs-shop-'));
  const [port, ...ports] = await freePorts(6);
  const entry = runEntry(
    {
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      OUTBOX_DIR: path.join(dataDir, 'outbox'),
      STOREFRONT_EMULATOR_PORT: String(ports[0]),
      CONTENT_EMULATOR_PORT: String(ports[1]),
      SCHEDULER_EMULATOR_PORT: String(ports[2]),
      MARKETING_EMULATOR_PORT: String(ports[3]),
      CUSTOMER_ACCOUNT_EMULATOR_PORT: String(ports[4]),
      ...opts.env,
    },
    opts.args ?? ['--local-by-default'],
  );
  let listening: Listening;
  try {
    listening = await until(() => {
      const line = entry.lines.find((l) => l.includes('storefront listening'));
      if (line) return JSON.parse(line) as Listening;
      if (entry.child.exitCode !== null) throw new Error(`the shop exited (${entry.child.exitCode}):\n${entry.lines.join('\n')}`);
      return undefined;
    }, 'the shop to listen');
  } catch (err) {
    entry.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    // Another suite's process may take a port between its release and the shop's listen: new ports.
    if (attempt < 3 && entry.lines.some((l) => l.includes('EADDRINUSE'))) return startShopProcess(opts, attempt + 1);
    throw err;
  }
  const urls = listening.emulators;
  if (!urls) throw new Error('the shop started without emulators (live mode?)');
  const endpoint = (name: EmulatorName): EmulatorEndpoint => ({ url: urls[name], debugToken: urls.debugToken });
  let stopped: Promise<number | null> | undefined;
  return {
    ...entry,
    port,
    origin: `http://localhost:${port}`,
    dataDir,
    emulatorsPid: urls.pid,
    secrets: { sanityWebhookSecret: urls.sanityWebhookSecret, shopifyWebhookSecret: urls.shopifyWebhookSecret, previewSecret: urls.previewSecret },
    emulators: {
      storefront: endpoint('storefront-api'),
      content: endpoint('content-lake'),
      scheduler: endpoint('scheduler'),
      marketing: endpoint('marketing'),
      customerAccount: endpoint('customer-account'),
    },
    logged(level) {
      return entry.lines.flatMap((line) => {
        try {
          const parsed = JSON.parse(line) as { level: number; msg: string };
          return parsed.level >= level ? [parsed] : [];
        } catch {
          return [];
        }
      });
    },
    stop() {
      stopped ??= (async () => {
        if (entry.child.exitCode === null) entry.child.kill('SIGTERM');
        const code = await entry.exited;
        rmSync(dataDir, { recursive: true, force: true });
        return code;
      })();
      return stopped;
    },
  };
}

/** Whether a process with this pid still exists (signal 0 checks without signalling). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
