/**
 * Page figures for `npm run bench` (docs/architecture.md §3: printed, never asserted):
 *
 * - throughput: requests/s and p50/p99 latency (ms) of each page at 50 connections for 10 s
 *   (autocannon, gzip accepted, warm), next to the same HTML served as a static file by
 *   express.static in a process of its own on this machine, and the ratio of the two;
 * - size: the page's HTML and its state JSON block, raw bytes;
 * - first-load JavaScript of each page: every script Chromium fetched before `load`, raw and
 *   gzip level 9 (KB);
 * - Lighthouse (mobile, lab): performance, accessibility, best practices and SEO scores, LCP
 *   and TBT (ms), CLS, with Debian's Chromium. Each audited page and every image variant its HTML
 *   references (src, srcset, the preload's imagesrcset, the blur placeholders) is requested once
 *   first, as a CDN would hold them in production: the emulators build each new width of an image
 *   on its first request, which a cold lab run would otherwise count against LCP.
 *
 * `base` is a running shop (the bench starts it with the emulators on spare ports).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/services';

const CONNECTIONS = 50;
const DURATION_S = 10;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

type Load = { rps: number; p50: number; p99: number; errors: number };

/** autocannon against one URL: requests/s (mean), latency p50/p99 in ms, non-2xx + errors. */
async function load(url: string): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: { 'accept-encoding': 'gzip' } });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** A static file server (express.static, compression as the shop has it) in its own process, over `dir`. */
async function staticServer(dir: string, port: number): Promise<() => Promise<void>> {
  const script = `
    const express = require('express'); const compression = require('compression');
    const app = express(); app.use(compression()); app.use(express.static(process.argv[1], { extensions: ['html'] }));
    app.listen(${port}, '127.0.0.1', () => process.stdout.write('ready\\n'));`;
  const child = spawn(process.execPath, ['-e', script, dir], { cwd: path.resolve(__dirname, '..'), stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`static server exited ${code}`)));
  });
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
}

/** Requests/s and latency of each page and of its static copy, with HTML and state sizes; `label` says how the shop runs. */
export async function pageThroughput(base: string, pages: string[], staticPort: number, label: string): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-static-'));
  const files = new Map<string, string>();
  for (const [i, page] of pages.entries()) {
    const html = await (await fetch(base + page)).text();
    const state = /<script type="application\/json" id="__STATE__">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    console.log(`size ${page.padEnd(36)} HTML ${kb(Buffer.byteLength(html))} KB, state JSON ${kb(Buffer.byteLength(state))} KB`);
    const name = `page-${i}.html`;
    writeFileSync(path.join(dir, name), html);
    files.set(page, name);
  }
  const stop = await staticServer(dir, staticPort);
  try {
    for (const page of pages) {
      for (let i = 0; i < 20; i += 1) await (await fetch(base + page)).arrayBuffer();
      const shop = await load(base + page);
      const file = await load(`http://127.0.0.1:${staticPort}/${files.get(page)}`);
      const line = (what: string, l: Load) =>
        `${what} ${l.rps.toFixed(0).padStart(6)} req/s  p50 ${String(l.p50).padStart(4)} ms  p99 ${String(l.p99).padStart(4)} ms${l.errors ? `  (${l.errors} errors/non-2xx)` : ''}`;
      console.log(`load ${page} (${label}; ${CONNECTIONS} connections, ${DURATION_S} s, gzip)`);
      console.log(`  ${line('page       ', shop)}`);
      console.log(`  ${line('static file', file)}`);
      console.log(`  page / static file: ${((100 * shop.rps) / file.rps).toFixed(0)} %`);
    }
  } finally {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One script a first visit loaded: its URL, raw and gzip -9 bytes. */
export type FirstLoadScript = { url: string; raw: number; gzip: number };

/**
 * First-load JS of each page: the scripts Chromium fetched until the app hydrated, raw and gzip
 * -9; prints one line per page and resolves to each page's scripts.
 */
export async function firstLoadJs(base: string, pages: string[]): Promise<Map<string, FirstLoadScript[]>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const result = new Map<string, FirstLoadScript[]>();
  try {
    for (const url of pages) {
      const page = await browser.newPage();
      const scripts = new Map<string, Promise<Buffer>>();
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') scripts.set(res.url(), res.body());
      });
      await page.goto(base + url, { waitUntil: 'load' });
      // The app's chunks are fetched after the first paint (client/entry.tsx): count them all,
      // up to hydration (react-router's ScrollRestoration takes over history scrolling).
      await page.waitForFunction(() => history.scrollRestoration === 'manual');
      await page.waitForLoadState('networkidle');
      const loaded: FirstLoadScript[] = [];
      for (const [scriptUrl, body] of scripts) {
        const bytes = await body;
        loaded.push({ url: scriptUrl, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
      }
      const raw = loaded.reduce((sum, s) => sum + s.raw, 0);
      const gzip = loaded.reduce((sum, s) => sum + s.gzip, 0);
      console.log(`first-load JS ${url.padEnd(36)} ${scripts.size} files, ${kb(raw)} KB raw, ${kb(gzip)} KB gzip`);
      result.set(url, loaded);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return result;
}

export type LighthouseReport = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
  /** Set when Lighthouse could not measure the page (e.g. NO_FCP): its metrics are then missing. */
  runtimeError?: { code: string; message: string };
};

/** Every image URL a page's HTML references: src, srcset and imagesrcset candidates, placeholders. */
function imageUrlsOf(html: string): string[] {
  const unescape = (v: string) => v.replace(/&amp;|&#38;/g, '&').replace(/&quot;/g, '"');
  const urls = new Set<string>();
  for (const [, value] of html.matchAll(/\s(?:src|srcSet|srcset|imagesrcset)="([^"]*)"/g)) {
    for (const candidate of unescape(value).split(/,\s+/)) urls.add(candidate.trim().split(/\s+/)[0]);
  }
  // The blur-up placeholders (client/components/Picture.tsx) live in a CSS custom property.
  for (const [, url] of html.matchAll(/--placeholder:url\(&quot;(.*?)&quot;\)/g)) urls.add(unescape(url));
  // The LCP preload's href.
  for (const [, url] of html.matchAll(/<link rel="preload" as="image" href="([^"]*)"/g)) urls.add(unescape(url));
  return [...urls].filter((u) => /^https?:\/\//.test(u));
}

/** Requests each page and every image variant its HTML references once (as Chromium asks: WebP accepted); their count. */
export async function warm(base: string, pages: string[]): Promise<number> {
  const images = new Set<string>();
  for (const page of pages) for (const url of imageUrlsOf(await (await fetch(base + page)).text())) images.add(url);
  const queue = [...images];
  // A few at a time: the image emulator resizes on first request.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let url = queue.shift(); url; url = queue.shift()) {
        await (await fetch(url, { headers: { accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' } })).arrayBuffer();
      }
    }),
  );
  return images.size;
}

/** Lighthouse runs per page: its lab metrics vary from run to run, the median is what is printed. */
const LIGHTHOUSE_RUNS = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** "median (min–max)" of the runs' values, rounded to `digits` decimals. */
export function spread(values: number[], digits = 0): string {
  const f = (v: number) => v.toFixed(digits);
  return values.length > 1 ? `${f(median(values))} (${f(Math.min(...values))}–${f(Math.max(...values))})` : f(values[0] ?? NaN);
}

/** A category's score (0–100) over the runs, as `spread` prints it. */
export const scoreSpread = (reports: LighthouseReport[], id: string) => spread(reports.map((r) => Math.round((r.categories[id]?.score ?? 0) * 100)));

/** An audit's numeric value (ms for timings, unitless CLS) over the runs, as `spread` prints it. */
export const metricSpread = (reports: LighthouseReport[], id: string, digits = 0) =>
  spread(
    reports.map((r) => r.audits[id]?.numericValue ?? NaN),
    digits,
  );

/**
 * One Lighthouse run (mobile, its CLI, Debian's Chromium) on `url` with `flags` added (e.g.
 * `--throttling-method=devtools`): its JSON report, or why it failed (the last line of its error
 * output, or the report's runtime error).
 */
export function lighthouse(url: string, flags: string[] = []): LighthouseReport | string {
  const result = spawnSync(
    'npx',
    ['lighthouse', url, '--output=json', '--quiet', `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`, '--max-wait-for-load=45000', ...flags],
    { cwd: path.resolve(__dirname, '..'), env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) return result.stderr.trim().split('\n').pop() ?? `exit ${result.status}`;
  const report = JSON.parse(result.stdout) as LighthouseReport;
  return report.runtimeError ? `${report.runtimeError.code}: ${report.runtimeError.message}` : report;
}

/**
 * Lighthouse mobile (its default form factor and throttling) on each page, through its CLI,
 * after warming the pages and their image variants (warm): the median of LIGHTHOUSE_RUNS runs
 * and their range, per score and lab metric.
 */
export async function lighthouseScores(base: string, pages: string[]): Promise<void> {
  const warmed = await warm(base, pages);
  console.log(`lighthouse: warmed first, as a CDN would hold them: ${pages.length} pages and ${warmed} image variants they reference`);
  console.log(`lighthouse: median of ${LIGHTHOUSE_RUNS} runs per page (min–max)`);
  for (const page of pages) {
    const reports: LighthouseReport[] = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
      const report = lighthouse(base + page);
      if (typeof report === 'string') console.log(`lighthouse ${page}: run ${run + 1} failed (${report})`);
      else reports.push(report);
    }
    if (reports.length === 0) continue;
    const score = (id: string) => scoreSpread(reports, id);
    const metric = (id: string, digits = 0) => metricSpread(reports, id, digits);
    console.log(
      `lighthouse ${page.padEnd(36)} performance ${score('performance')}, accessibility ${score('accessibility')}, ` +
        `best practices ${score('best-practices')}, SEO ${score('seo')}; LCP ${metric('largest-contentful-paint')} ms, ` +
        `TBT ${metric('total-blocking-time')} ms, CLS ${metric('cumulative-layout-shift', 3)}`,
    );
  }
}
