/**
 * `npm run bench:inp`: Interaction to Next Paint of the interactions a shopper makes most, in
 * Debian's Chromium with the CPU slowed 4× (as Lighthouse's mobile profile does), on a running
 * shop (`BENCH_BASE`, default http://localhost:3000: start it with `npm start`). Figures only,
 * never pass/fail (docs/architecture.md §3).
 *
 * Per run, a fresh browser context at 375 px loads the product page, waits for hydration
 * (`html[data-hydrated]`), then: chooses another size, adds to cart (the drawer opens), and
 * chooses the first delivery date the drawer's calendar offers. Each interaction's INP is the
 * longest `event` timing entry with its `interactionId` (the browser's own measure, from input
 * to the next paint; entries under 16 ms are not reported by the browser and print as "<16").
 * Prints each interaction's median and worst over `BENCH_INP_RUNS` runs (default 5), in ms.
 */
import { chromium, type Page } from 'playwright-core';
import { POPUP_SEEN_KEY } from '../client/components/marketing/NewsletterPopup';
import { COOKIE_POLICY_KEY } from '../client/stores/consent';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/services';

const BASE = process.env.BENCH_BASE ?? 'http://localhost:3000';
const RUNS = Number(process.env.BENCH_INP_RUNS ?? 5);
const PRODUCT = '/products/classic-gramercy-bouquet';
const CPU_SLOWDOWN = 4;

type EventEntry = { interactionId: number; name: string; duration: number };

/** Records every event timing entry that belongs to an interaction, from before the page's scripts run. */
function observeInteractions(): void {
  const w = window as unknown as { interactionEntries: EventEntry[] };
  w.interactionEntries = [];
  new PerformanceObserver((list) => {
    // interactionId is newer than the DOM types this project compiles against.
    for (const entry of list.getEntries() as (PerformanceEntry & { interactionId?: number })[]) {
      if (entry.interactionId) w.interactionEntries.push({ interactionId: entry.interactionId, name: entry.name, duration: entry.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

/** Runs `act`, waits for its frames to be reported, and returns the longest new interaction's duration in ms (0: under 16 ms). */
async function measure(page: Page, act: () => Promise<void>): Promise<number> {
  const before = await page.evaluate(() => (window as unknown as { interactionEntries: EventEntry[] }).interactionEntries.length);
  await act();
  // Event timing entries are queued after the next paint; give the slowed CPU time to get there.
  await page.waitForTimeout(800);
  const entries = await page.evaluate((from) => (window as unknown as { interactionEntries: EventEntry[] }).interactionEntries.slice(from), before);
  return entries.reduce((longest, e) => Math.max(longest, e.duration), 0);
}

async function oneRun(browser: Awaited<ReturnType<typeof chromium.launch>>): Promise<Record<string, number>> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: false });
  try {
    const page = await context.newPage();
    await page.addInitScript(observeInteractions);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // A returning shopper: the cookie banner answered (client/stores/consent.ts) and the newsletter
    // popup seen (it would open over the drawer after its delay), so neither covers what is clicked.
    await page.addInitScript(
      ([consentKey, popupKey]) => {
        localStorage.setItem(consentKey, 'granted');
        localStorage.setItem(popupKey, new Date().toISOString());
      },
      [COOKIE_POLICY_KEY, POPUP_SEEN_KEY],
    );
    await page.goto(BASE + PRODUCT);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 30_000 });
    const unchecked = page.getByRole('main').locator('[role="radio"][aria-checked="false"]').first();
    const figures: Record<string, number> = {};
    figures['product: choose a size'] = await measure(page, () => unchecked.click());
    figures['product: add to cart'] = await measure(page, async () => {
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('dialog', { name: 'Cart' }).waitFor();
    });
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await drawer.locator('.rdp-root').waitFor();
    const day = drawer.locator('.rdp-root td[data-day]:not([data-outside]) button:not([disabled])').first();
    figures['drawer: choose a date'] = await measure(page, () => day.click());
    return figures;
  } finally {
    await context.close();
  }
}

const show = (ms: number) => (ms === 0 ? '<16' : String(Math.round(ms)));

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const runs: Record<string, number>[] = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await oneRun(browser));
    console.log(`INP at ${CPU_SLOWDOWN}x CPU slowdown, 375 px, ${RUNS} runs, ${BASE}${PRODUCT}`);
    for (const name of Object.keys(runs[0])) {
      const values = runs.map((r) => r[name]).sort((a, b) => a - b);
      const median = values[Math.floor(values.length / 2)];
      console.log(
        `  ${name.padEnd(26)} median ${show(median).padStart(4)} ms  worst ${show(values.at(-1)!).padStart(4)} ms  (${values.map(show).join(', ')})`,
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
