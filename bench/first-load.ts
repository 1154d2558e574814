/**
 * `npm run bench:first-load`: first-load JavaScript only (the figure of bench/pages.ts
 * `firstLoadJs` that `npm run bench` prints among many), and what it is made of. Printed, never
 * asserted (docs/architecture.md §3).
 *
 * Builds (the npm script runs `npm run build` first), starts the production shop as `npm run
 * bench` does (bench/run.ts `startShop`), and for each page prints:
 * - the total: every script Chromium fetched until the app hydrated, raw and gzip -9 (KB);
 * - each of those scripts, gzip -9 KB, and the share of it each package has;
 * - by package (a `node_modules` package, or our code by folder: `client/components`, …): the
 *   minified bytes esbuild put in those scripts (the metafile's `bytesInOutput`, KB) and an
 *   estimate of their gzip size (each script's gzip size split in proportion to those bytes;
 *   gzip has no exact per-module figure).
 * The breakdown reads dist/client/metafile.json (esbuild.config.ts).
 *
 * Env: BENCH_PORT (default 3901; the emulators take the next five ports), CHROMIUM_PATH.
 * Arguments: pages to measure instead of the default four (e.g. `npm run bench:first-load -- /cart`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { firstLoadJs, type FirstLoadScript } from './pages';
import { startShop } from './run';

const ROOT = path.resolve(__dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3901);
const BASE = `http://127.0.0.1:${PORT}`;
/** Home, a collection, a product page and the cart (ADR-0029's figures). */
const DEFAULT_PAGES = ['/', '/collections/bouquets', '/products/classic-gramercy-bouquet', '/cart'];

/** The groups of our own code (groupOf: folders outside node_modules). */
const OUR_FOLDERS = /^(client|shared)(\/|$)/;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The group a metafile input counts under: its package (the innermost `node_modules`), or our folder. */
function groupOf(input: string): string {
  const parts = input.split('/');
  const nm = parts.lastIndexOf('node_modules');
  if (nm >= 0) return parts[nm + 1]?.startsWith('@') ? `${parts[nm + 1]}/${parts[nm + 2]}` : (parts[nm + 1] ?? input);
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
}

type Share = { raw: number; gzip: number };

/** Each group's minified bytes in one output, and its estimated gzip share of `script.gzip`. */
function sharesOf(output: Metafile['outputs'][string], script: FirstLoadScript): Map<string, Share> {
  const groups = new Map<string, Share>();
  const total = Object.values(output.inputs).reduce((sum, i) => sum + i.bytesInOutput, 0);
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const group = groups.get(groupOf(input)) ?? { raw: 0, gzip: 0 };
    group.raw += bytesInOutput;
    group.gzip += total ? (script.gzip * bytesInOutput) / total : 0;
    groups.set(groupOf(input), group);
  }
  return groups;
}

function printBreakdown(page: string, scripts: FirstLoadScript[], metafile: Metafile): void {
  const byGroup = new Map<string, Share>();
  for (const script of scripts) {
    const file = `dist/client${new URL(script.url).pathname}`;
    const output = metafile.outputs[file];
    if (!output) {
      console.log(`  ${kb(script.gzip).padStart(6)} KB  ${script.url} (not in the build's metafile)`);
      continue;
    }
    const shares = [...sharesOf(output, script)].sort((a, b) => b[1].raw - a[1].raw);
    const top = shares
      .slice(0, 4)
      .map(([group, s]) => `${group} ${kb(s.gzip)}`)
      .join(', ');
    console.log(`  ${kb(script.gzip).padStart(6)} KB  ${path.relative('dist/client/assets', file)}: ${top}${shares.length > 4 ? ', …' : ''}`);
    for (const [group, s] of shares) {
      const sum = byGroup.get(group) ?? { raw: 0, gzip: 0 };
      byGroup.set(group, { raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip });
    }
  }
  console.log(`  by package or folder (${page}): minified KB, ~gzip KB`);
  const ours = { raw: 0, gzip: 0 };
  for (const [group, s] of [...byGroup].sort((a, b) => b[1].gzip - a[1].gzip)) {
    if (OUR_FOLDERS.test(group)) {
      ours.raw += s.raw;
      ours.gzip += s.gzip;
    }
    console.log(`    ${group.padEnd(32)} ${kb(s.raw).padStart(6)}  ${kb(s.gzip).padStart(5)}`);
  }
  console.log(`    ${'(our code: client/, shared/)'.padEnd(32)} ${kb(ours.raw).padStart(6)}  ${kb(ours.gzip).padStart(5)}`);
}

async function main(): Promise<void> {
  const pages = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_PAGES;
  const metafile = JSON.parse(readFileSync(path.join(ROOT, 'dist/client/metafile.json'), 'utf8')) as Metafile;
  const stop = await startShop(PORT);
  try {
    const loaded = await firstLoadJs(BASE, pages);
    for (const [page, scripts] of loaded) {
      console.log(`\n${page}: ${scripts.length} scripts, ${kb(scripts.reduce((sum, s) => sum + s.gzip, 0))} KB gzip`);
      printBreakdown(page, scripts, metafile);
    }
  } finally {
    await stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
