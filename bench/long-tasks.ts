/**
 * `npm run bench:tasks`: the main thread's long tasks while a page loads and the app starts, the
 * part of Total Blocking Time that the shop's own code decides, measured so that a busy machine
 * changes it little. Figures only, never pass/fail (docs/architecture.md §3).
 *
 * Lighthouse's mobile score simulates a phone by multiplying each task's duration by 4 and
 * counts, for every task after the first contentful paint, its time past 50 ms. Its figures move
 * with whatever else the machine runs (wall time). This bench records a Chromium trace of each
 * load at full speed and reads every main-thread task's **thread time** (`tdur`: CPU time of the
 * renderer's main thread, which another process using the cores inflates far less), then prints
 * the tasks whose time ×4 passes 50 ms and their sum past 50 ms after the first contentful paint
 * ("TBT at 4×"). It is an estimate of Lighthouse's TBT on a quiet machine, not the same figure:
 * Lighthouse also simulates the network, which moves tasks before or after the paint.
 *
 * Runs against a running shop (`BENCH_BASE`, default http://localhost:3000: start it with
 * `npm start`), `BENCH_TASK_RUNS` loads per page (default 5), 412 px wide as Lighthouse's phone;
 * pages: `BENCH_PAGES` (comma-separated paths; default home, a collection, a product). Prints per
 * page the median and lowest estimate, in ms, and the long tasks of the median run.
 */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/services';

const BASE = process.env.BENCH_BASE ?? 'http://localhost:3000';
const RUNS = Number(process.env.BENCH_TASK_RUNS ?? 5);
const PAGES = (process.env.BENCH_PAGES ?? '/,/collections/bouquets,/products/classic-gramercy-bouquet').split(',');
/** Lighthouse's simulated mobile CPU is 4 times slower than the machine it runs on. */
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
/** Long enough for the start (after the first paint) and React's deferred regions on a busy machine. */
const SETTLE_MS = 3000;

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string } };
type Load = { tbt: number; tasks: string[] };

/** One cold load of `path` in a fresh context; its long tasks in thread time ×4. */
async function oneLoad(browser: Browser, path: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] });
    await page.goto(BASE + path, { waitUntil: 'load' });
    // No page.evaluate or waitFor* until the trace stops: Playwright's injected script would be a task of its own.
    await page.waitForTimeout(SETTLE_MS);
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    const fcp = events.find((e) => e.name === 'firstContentfulPaint');
    if (!fcp) throw new Error(`${path}: no first contentful paint in the trace`);
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === fcp.pid);
    if (!main) throw new Error(`${path}: no renderer main thread in the trace`);
    const long = events
      .filter(
        (e) => e.pid === main.pid && e.tid === main.tid && e.name === 'RunTask' && e.ph === 'X' && (e.tdur ?? 0) * CPU_SLOWDOWN > LONG_TASK_MS * 1000,
      )
      .sort((a, b) => a.ts - b.ts);
    const slowed = (e: TraceEvent) => ((e.tdur ?? 0) * CPU_SLOWDOWN) / 1000;
    return {
      tbt: Math.round(long.filter((e) => e.ts >= fcp.ts).reduce((sum, e) => sum + slowed(e) - LONG_TASK_MS, 0)),
      tasks: long.map((e) => `${Math.round(slowed(e))}${e.ts < fcp.ts ? ' (before the paint)' : ''}`),
    };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    console.log(`long tasks at ${CPU_SLOWDOWN}x (thread time), ${RUNS} cold loads per page at 412 px, ${BASE}`);
    for (const path of PAGES) {
      const loads: Load[] = [];
      for (let i = 0; i < RUNS; i += 1) loads.push(await oneLoad(browser, path));
      const sorted = [...loads].sort((a, b) => a.tbt - b.tbt);
      const median = sorted[Math.floor(sorted.length / 2)];
      console.log(
        `  ${path.padEnd(36)} TBT at 4x median ${String(median.tbt).padStart(4)} ms, lowest ${String(sorted[0].tbt).padStart(4)} ms ` +
          `(${loads.map((l) => l.tbt).join(', ')}); long tasks of the median run, ms at 4x: ${median.tasks.join(', ') || 'none'}`,
      );
    }
  } finally {
    await browser.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
