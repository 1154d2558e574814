/**
 * `npm run bench:first-load`: first-load JavaScript only (the figure of bench/pages.ts
 * `firstLoadJs` that `npm run bench` prints among many), and what it is made of. Printed, never
 * asserted (docs/architecture.md §3).
 *
 * Builds (the npm script runs `npm run build` first), starts the production shop as `npm run
 * bench` does (bench/run.ts `startShop`), and for each page prints:
 * - the total: every script Chromium fetched until the app hydrated, raw and gzip -9 (KB);
 * - each of those scripts, gzip -9 KB, and the packages with the most minified bytes in it;
 * - by package (a `node_modules` package, or our code by folder: `client/components`, …): the
 *   minified bytes esbuild put in those scripts (the metafile's `bytesInOutput`, KB) and the
 *   gzip -9 size of that code alone (cut out of the scripts through their source maps). Alone,
 *   each compresses a little worse than inside its script, so these add up to a bit more than
 *   the total.
 * The breakdown reads dist/client/metafile.json (esbuild.config.ts) and the scripts' source maps.
 *
 * Env: BENCH_PORT (default 3901; the emulators take the next five ports), CHROMIUM_PATH.
 * Arguments: pages to measure instead of the default four (e.g. `npm run bench:first-load -- /cart`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
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

/**
 * The group a module counts under: its package (the innermost `node_modules`), or our folder.
 * `input` is a metafile input or a source-map source, from the repository root; a plugin's
 * namespace (esbuild.config.ts `lazyAfterStart`: `lazy-after-start:/abs/path`) is dropped.
 */
function groupOf(input: string): string {
  const namespaced = /^[\w-]+:(\/.*)$/.exec(input);
  const parts = (namespaced ? path.relative(ROOT, namespaced[1]) : input).split(path.sep).join('/').split('/');
  const nm = parts.lastIndexOf('node_modules');
  if (nm >= 0) return parts[nm + 1]?.startsWith('@') ? `${parts[nm + 1]}/${parts[nm + 2]}` : (parts[nm + 1] ?? input);
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
}

type SourceMap = { sources: string[]; mappings: string };

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The numbers of one source-map segment (base64 VLQ). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value % 2 ? -(value - 1) / 2 : value / 2);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/**
 * The code of an output file by the source it came from (its source map's sources, as paths
 * from the repository root; code no source maps to, esbuild's own glue, under '').
 */
function codeBySource(file: string): Map<string, string[]> {
  const code = readFileSync(file, 'utf8');
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMap;
  const sources = map.sources.map((source) =>
    path
      .relative(ROOT, path.resolve(path.dirname(file), source))
      .split(path.sep)
      .join('/'),
  );
  const pieces = new Map<string, string[]>();
  const add = (source: string, text: string) => {
    if (text) pieces.set(source, [...(pieces.get(source) ?? []), text]);
  };
  const lines = code.split('\n');
  let sourceIndex = 0;
  map.mappings.split(';').forEach((mappings, lineNo) => {
    const line = lines[lineNo] ?? '';
    let column = 0;
    const starts: Array<{ column: number; source: string }> = [{ column: 0, source: '' }];
    for (const segment of mappings ? mappings.split(',') : []) {
      const [columnDelta, sourceDelta] = decodeSegment(segment);
      column += columnDelta;
      if (sourceDelta === undefined) starts.push({ column, source: '' });
      else {
        sourceIndex += sourceDelta;
        starts.push({ column, source: sources[sourceIndex] ?? '' });
      }
    }
    starts.forEach((start, i) => add(start.source, line.slice(start.column, starts[i + 1]?.column ?? line.length)));
    if (lineNo < lines.length - 1) add(starts[starts.length - 1].source, '\n');
  });
  return pieces;
}

const gzipKb = (pieces: string[]) => gzipSync(Buffer.from(pieces.join('')), { level: 9 }).length;

function printBreakdown(page: string, scripts: FirstLoadScript[], metafile: Metafile): void {
  // Group → its minified bytes (the metafile's bytesInOutput) and its code (the source maps).
  const byGroup = new Map<string, { raw: number; code: string[] }>();
  for (const script of scripts) {
    const file = `dist/client${new URL(script.url).pathname}`;
    const output = metafile.outputs[file];
    if (!output) {
      console.log(`  ${kb(script.gzip).padStart(6)} KB  ${script.url} (not in the build's metafile)`);
      continue;
    }
    const inFile = new Map<string, { raw: number; code: string[] }>();
    const group = (name: string) => inFile.get(name) ?? inFile.set(name, { raw: 0, code: [] }).get(name)!;
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) group(groupOf(input)).raw += bytesInOutput;
    // A package's own source map may name its original sources (mobx: src/…): grouped the same.
    for (const [source, code] of codeBySource(path.join(ROOT, file))) group(source ? groupOf(source) : '(esbuild glue)').code.push(...code);
    const shares = [...inFile].sort((a, b) => b[1].raw - a[1].raw);
    const top = shares
      .slice(0, 4)
      .map(([group, g]) => `${group} ${kb(g.raw)}`)
      .join(', ');
    console.log(
      `  ${kb(script.gzip).padStart(6)} KB  ${path.relative('dist/client/assets', file)} (minified KB: ${top}${shares.length > 4 ? ', …' : ''})`,
    );
    for (const [group, g] of shares) {
      const sum = byGroup.get(group) ?? { raw: 0, code: [] };
      byGroup.set(group, { raw: sum.raw + g.raw, code: [...sum.code, ...g.code] });
    }
  }
  const rows = [...byGroup].map(([group, g]) => ({ group, raw: g.raw, gzip: gzipKb(g.code), code: g.code }));
  console.log(`  by package or folder (${page}): minified KB, gzip -9 KB of that code alone`);
  for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`    ${row.group.padEnd(32)} ${kb(row.raw).padStart(6)}  ${kb(row.gzip).padStart(5)}`);
  }
  const ours = rows.filter((row) => OUR_FOLDERS.test(row.group));
  const oursRaw = ours.reduce((sum, row) => sum + row.raw, 0);
  console.log(
    `    ${'(our code: client/, shared/)'.padEnd(32)} ${kb(oursRaw).padStart(6)}  ${kb(gzipKb(ours.flatMap((row) => row.code))).padStart(5)}`,
  );
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
