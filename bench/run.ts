/**
 * `npm run bench`: figures, never pass/fail (timing belongs here, not in tests: docs/architecture.md §3).
 *
 * The production bundle (`dist/server/index.js`, built first when missing) runs with its
 * emulators on spare ports and a throw-away data folder, first with the origin page cache on (as
 * in production), then with `PAGE_CACHE=off` for the throughput of rendering every request.
 *
 * 1. Response time of `/` and a product page: 20 warm-up requests, then 100 sequential requests
 *    each; prints the median and p90 of time-to-last-byte in ms, measured on loopback.
 * 2. Per page (home, a collection, a product; bench/pages.ts): first-load JS, HTML and state
 *    bytes, requests/s and p50/p99 at 50 connections (page cache warm, and off) next to the same
 *    HTML as a static file, and Lighthouse mobile scores with LCP, TBT and CLS (after warming each
 *    page and the image variants it references, as a CDN would hold them).
 * 3. Sign-up outbox throughput (bench/outbox.ts): 2000 sign-ups enqueued and delivered through the
 *    real Klaviyo client to the marketing emulator, for the file spool and, when `REDIS_URL` is
 *    set, BullMQ; prints enqueue and delivery rates in sign-ups/s.
 *
 * The first lines say what was measured: NODE_ENV and the mode (local = emulated upstreams, live
 * = the real services, when SHOPIFY_STORE_DOMAIN or SANITY_PROJECT_ID is set), with a warning when
 * NODE_ENV is not 'production' (React's development build renders about 1.6x slower, so such
 * figures say nothing about production).
 *
 * Env: BENCH_PORT (default 3901); emulator ports BENCH_PORT+1…+5, the static server +9; CHROMIUM_PATH; REDIS_URL
 * (BullMQ in the outbox bench); NODE_ENV and every other variable are passed on to the server.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMarketingEmulator, DEFAULT_PRIVATE_API_KEY } from '../emulators/marketing';
import { detectMode } from '../server/config';
import { createKlaviyoClient } from '../server/upstream/klaviyo';
import { benchOutbox } from './outbox';
import { firstLoadJs, lighthouseScores, pageThroughput } from './pages';

const ROOT = path.resolve(__dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3901);
const BASE = `http://127.0.0.1:${PORT}`;
const PAGES = ['/', '/products/classic-gramercy-bouquet'];
/** Home, a collection and a product page: the pages the throughput, size and Lighthouse figures cover. */
const LOAD_PAGES = ['/', '/collections/bouquets', '/products/classic-gramercy-bouquet'];
const WARMUP = 20;
const SAMPLES = 100;

async function waitForReady(base: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${base} not ready after ${timeoutMs} ms`);
}

async function timeRequest(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - started;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

async function renderTimes(): Promise<void> {
  for (const page of PAGES) {
    for (let i = 0; i < WARMUP; i += 1) await timeRequest(BASE + page);
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) samples.push(await timeRequest(BASE + page));
    samples.sort((a, b) => a - b);
    console.log(
      `render ${page.padEnd(36)} median ${percentile(samples, 0.5).toFixed(1)} ms  p90 ${percentile(samples, 0.9).toFixed(1)} ms  (n=${SAMPLES}, warm cache)`,
    );
  }
}

/** The outbox's delivery rate through the real Klaviyo client to the marketing emulator (sign-ups/s). */
async function outboxThroughput(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-marketing-'));
  const emulator = await startMarketingEmulator({ port: 0, dataDir });
  try {
    const klaviyo = createKlaviyoClient({ apiUrl: emulator.url, privateKey: DEFAULT_PRIVATE_API_KEY, timeoutMs: 10_000 });
    // benchOutbox prints one line per store: enqueue and delivery rates in sign-ups/s.
    await benchOutbox({
      deliver: async (message, signal) => {
        for (const call of message.calls) await klaviyo.send(call, signal);
      },
      redisUrl: process.env.REDIS_URL ?? null,
    });
    if (!process.env.REDIS_URL) console.log('outbox bullmq: skipped (set REDIS_URL to measure BullMQ)');
  } finally {
    await emulator.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Prints NODE_ENV and local/live first, and warns (stderr) when NODE_ENV is not production. */
function printMode(env: NodeJS.ProcessEnv): void {
  const nodeEnv = env.NODE_ENV ?? '(unset)';
  const mode = detectMode(env);
  console.log(`bench: NODE_ENV=${nodeEnv}, mode=${mode} (${mode === 'local' ? 'emulated upstreams' : 'real upstreams'})`);
  if (env.NODE_ENV !== 'production') {
    console.warn(
      `WARNING: NODE_ENV is ${nodeEnv}, not "production": the server renders with React's development build ` +
        '(about 1.6x slower). Run `NODE_ENV=production npm run bench` for figures that mean something.',
    );
  }
}

/**
 * Starts the built shop (its emulators on the next ports, a throw-away data folder) on `port`
 * with `env` added, and waits until it is ready. Resolves to a function that stops it.
 */
export async function startShop(port: number, env: Record<string, string> = {}): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-data-'));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/server/index.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      SITE_URL: base,
      STOREFRONT_EMULATOR_PORT: String(port + 1),
      CONTENT_EMULATOR_PORT: String(port + 2),
      SCHEDULER_EMULATOR_PORT: String(port + 3),
      MARKETING_EMULATOR_PORT: String(port + 4),
      CUSTOMER_ACCOUNT_EMULATOR_PORT: String(port + 5),
      OUTBOX_DIR: path.join(dataDir, 'outbox'),
      DATA_DIR: dataDir,
      // A production process runs the emulators only when asked (docs/decisions/0020).
      SHOP_MODE: 'local',
      LOG_LEVEL: 'warn',
      // One client asking thousands of pages a second: the pages rate limit is not what is measured.
      RATE_LIMIT_PAGES: 'off',
      ...env,
    },
  });
  const stop = async () => {
    // A shop that already exited (e.g. refused its configuration) has nothing left to wait for.
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForReady(base, 30_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return stop;
}

async function main() {
  printMode(process.env);
  if (!existsSync(path.join(ROOT, 'dist/server/index.js'))) {
    spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
  // The origin page cache on, as in production: warm figures.
  let stop = await startShop(PORT);
  try {
    await renderTimes();
    await firstLoadJs(BASE, LOAD_PAGES);
    await pageThroughput(BASE, LOAD_PAGES, PORT + 9, 'page cache warm');
    await lighthouseScores(BASE, LOAD_PAGES);
  } finally {
    await stop();
  }
  // The same pages rendered on every request.
  stop = await startShop(PORT, { PAGE_CACHE: 'off' });
  try {
    await pageThroughput(BASE, LOAD_PAGES, PORT + 9, 'page cache off');
  } finally {
    await stop();
  }
  await outboxThroughput();
}

// bench/first-load.ts imports startShop from here without running the bench.
if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
