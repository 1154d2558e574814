/**
 * What a page renders from the time (client/lib/use-now.ts) hydrates at the server's render
 * time, whatever the browser's clock says, and then follows the browser's clock, on the
 * production process `npm start` runs (page cache on). The browser's clock is moved with
 * Playwright's `page.clock`, as a shopper's own clock, or a page served from the cache long
 * after it was rendered, would differ from the server's:
 * - New Year's Eve in New York, a year before the server's year: the footer's year;
 * - past the Winter Solstice Wreath's drop (README's product table; the server, on the real
 *   time, still renders "Available December 12"): the product page and its card;
 * - a drop passing while the page is open: the page turns to Add to cart on its own.
 * Each page hydrates without an error: no uncaught exception, no console error, no report to
 * `/api/client-errors` (where hydrateRoot's onRecoverableError posts a hydration error).
 */
import type { Page } from 'playwright-core';
import { newYorkInstant, newYorkYear } from '../../shared/availability';
import { serviceAvailable } from '../support/services';
import { idle, recordClientErrorReports, useBrowserSuite, waitForHydration } from './support';

const hasChromium = serviceAvailable('chromium');

/** A New York shopper (the server renders in its own zone, UTC here). */
const SHOPPER = { timezoneId: 'America/New_York', locale: 'en-US' };
/** Seeded drop (content/scripts/data/cards.ts): 10:00 New York on 12 December 2026. */
const WREATH = {
  path: '/products/winter-solstice-wreath',
  title: 'Winter Solstice Wreath',
  dropMs: Date.parse('2026-12-12T15:00:00.000Z'),
  note: 'Available December 12, 2026',
};
const MINUTE = 60_000;

/** The text of the first element `pattern` matches in server-rendered `html` (tags and React's text separators dropped), or null. */
function serverText(html: string, pattern: RegExp): string | null {
  const found = pattern.exec(html)?.[0];
  return found === undefined
    ? null
    : found
        .replace(/<!-- -->/g, '')
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
}
const LEGAL = /<p class="site-footer__legal">[\s\S]*?<\/p>/;
const PRODUCT_STATE = /<p class="product__state">[\s\S]*?<\/p>/;
const WREATH_CARD = /<a class="product-card" href="\/products\/winter-solstice-wreath"[\s\S]*?<\/a>/;

(hasChromium ? describe : describe.skip)('the time a page renders from', () => {
  const suite = useBrowserSuite();

  /**
   * Opens `path` in a New York shopper's page whose clock `setClock` set, and waits until it has
   * hydrated (`hydrated` false: not within 10 s) and settled. `html` is the server's answer.
   */
  async function visit(path: string, setClock: (page: Page) => Promise<void>) {
    const shop = await suite.open({ context: SHOPPER, timeoutMs: 10_000 });
    const reports = recordClientErrorReports(shop.page);
    await setClock(shop.page);
    const response = await shop.page.goto(`${suite.base}${path}`, { waitUntil: 'commit' });
    const html = (await response?.text()) ?? '';
    const hydrated = await waitForHydration(shop.page).then(
      () => true,
      () => false,
    );
    await idle(shop.page);
    return { ...shop, html, errors: { hydrated, pageErrors: shop.pageErrors, reports } };
  }

  /** What {@link visit}'s `errors` is when the page hydrated without an error. */
  const CLEAN = { hydrated: true, pageErrors: [], reports: [] };

  test("New Year's Eve in New York a year before the server's: hydrates without an error, then shows the browser's year", async () => {
    // The server renders on the real time; its year in New York is the footer's in its HTML.
    const serverYear = newYorkYear(new Date());
    const eve = newYorkInstant(`${serverYear - 1}-12-31`, 23).getTime() + 30 * MINUTE;
    const { page, errors, html } = await visit('/', (p) => p.clock.setFixedTime(eve));
    expect(serverText(html, LEGAL)).toMatch(new RegExp(`^© ${serverYear} `));
    expect(errors).toEqual(CLEAN);
    // Once hydrated, the year is the browser's clock's (in New York, as every date on the site).
    await expect(page.locator('.site-footer__legal').innerText()).resolves.toMatch(new RegExp(`^© ${serverYear - 1} `));
  });

  test('past a drop the server has not reached: hydrates without an error, then offers the product', async () => {
    const serverNow = Date.now();
    // The server's own clock must still be before the drop for its HTML to say "Available December 12".
    expect(serverNow).toBeLessThan(WREATH.dropMs);
    const dropped = WREATH.dropMs + 24 * 60 * MINUTE;

    const product = await visit(WREATH.path, (p) => p.clock.setFixedTime(dropped));
    expect(serverText(product.html, PRODUCT_STATE)).toBe(WREATH.note);
    expect(product.errors).toEqual(CLEAN);
    await expect(product.page.getByRole('button', { name: 'Add to cart' }).isVisible()).resolves.toBe(true);
    await expect(product.page.getByText(WREATH.note).count()).resolves.toBe(0);

    // Its card in the Seasonal collection: the drop's note gives way to the price.
    const collection = await visit('/collections/seasonal', (p) => p.clock.setFixedTime(dropped));
    const card = collection.page.locator(`a.product-card[href="${WREATH.path}"]`);
    // (Its banner, "Dropping December 12", is the content's own text, whatever the time.)
    expect(serverText(collection.html, WREATH_CARD)).toContain(`${WREATH.title} ${WREATH.note}`);
    expect(collection.errors).toEqual(CLEAN);
    await expect(card.locator('.product-card__note').count()).resolves.toBe(0);
    await expect(card.locator('.product-card__price').innerText()).resolves.toMatch(/^From \$150\.00/);
  });

  test('a drop passing while the page is open: the page offers the product on its own', async () => {
    const { page, errors } = await visit(WREATH.path, (p) => p.clock.install({ time: WREATH.dropMs - 30_000 }));
    expect(errors).toEqual(CLEAN);
    await expect(page.locator('.product__state').innerText()).resolves.toBe(WREATH.note);
    await page.clock.fastForward(MINUTE);
    await page.getByRole('button', { name: 'Add to cart' }).waitFor();
    await expect(page.getByText(WREATH.note).count()).resolves.toBe(0);
    expect(errors).toEqual(CLEAN);
  });
});
