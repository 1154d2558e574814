/**
 * `npm run bench:lighthouse`: Lighthouse mobile on one or more running shops side by side, with
 * each of its two throttling methods, runs interleaved (shop A, shop B, A, B…) so that what else
 * the machine does falls on every shop alike. Figures only, never pass/fail (docs/architecture.md §3).
 *
 * - `simulate`, Lighthouse's default: the page loads at the machine's full speed and Lighthouse
 *   estimates a phone's timeline from that trace (every main-thread task ×4, the network
 *   modelled), so its Total Blocking Time counts the tasks it places after its estimated first
 *   paint.
 * - `devtools`: Chromium itself slows the CPU 4× and the network to Lighthouse's mobile profile
 *   while the page loads, and the metrics are what happened.
 *
 * Each shop's pages and the image variants they reference are requested once first, as a CDN
 * would hold them (bench/pages.ts `warm`).
 *
 * Env: `BENCH_SHOPS`, comma-separated `name=base` (default `ours=` `BENCH_BASE`, itself by default
 * http://localhost:3000, i.e. `npm start`; Hydrogen's starter built by the team's hydrogen-anchor
 * tool joins as e.g. `ours=http://localhost:3000,hydrogen=http://localhost:3600`);
 * `BENCH_PAGES`, comma-separated paths (default home, a collection, a product);
 * `BENCH_LIGHTHOUSE_RUNS` per page, shop and method (default 3).
 * Prints, per page, method and shop, the median (min–max) of the performance score and of FCP,
 * LCP and TBT in ms, and CLS.
 */
import { lighthouse, metricSpread, scoreSpread, warm, type LighthouseReport } from './pages';

const SHOPS = (process.env.BENCH_SHOPS ?? `ours=${process.env.BENCH_BASE ?? 'http://localhost:3000'}`).split(',').map((entry) => {
  const [name, base] = entry.split('=');
  if (!name || !base) throw new Error(`BENCH_SHOPS: "${entry}" is not name=base`);
  return { name, base: base.replace(/\/$/, '') };
});
const PAGES = (process.env.BENCH_PAGES ?? '/,/collections/bouquets,/products/classic-gramercy-bouquet').split(',');
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const METHODS = ['simulate', 'devtools'] as const;

function summary(reports: LighthouseReport[]): string {
  const metric = (id: string, digits = 0) => metricSpread(reports, id, digits);
  return (
    `performance ${scoreSpread(reports, 'performance')}, ` +
    `FCP ${metric('first-contentful-paint')} ms, LCP ${metric('largest-contentful-paint')} ms, ` +
    `TBT ${metric('total-blocking-time')} ms, CLS ${metric('cumulative-layout-shift', 3)}`
  );
}

async function main(): Promise<void> {
  for (const shop of SHOPS) console.log(`${shop.name}: ${shop.base}, warmed ${await warm(shop.base, PAGES)} image variants`);
  console.log(`Lighthouse mobile, ${RUNS} runs per page, shop and throttling method, interleaved; median (min–max)`);
  for (const page of PAGES) {
    for (const method of METHODS) {
      const reports = new Map(SHOPS.map((shop) => [shop.name, [] as LighthouseReport[]]));
      for (let run = 0; run < RUNS; run++) {
        for (const shop of SHOPS) {
          const report = lighthouse(shop.base + page, ['--only-categories=performance', `--throttling-method=${method}`]);
          if (typeof report === 'string') console.log(`${page} ${method} ${shop.name}: run ${run + 1} failed (${report})`);
          else reports.get(shop.name)!.push(report);
        }
      }
      for (const [name, done] of reports) {
        if (done.length > 0) console.log(`${page.padEnd(36)} ${method.padEnd(8)} ${name.padEnd(10)} ${summary(done)}`);
      }
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
