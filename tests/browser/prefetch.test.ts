/**
 * Link prefetch in real Chromium on the production process (client/runtime/link-prefetch.ts;
 * spec §2 "Links prefetch when visible, except on save-data or 2g connections. Up to 4 route
 * preloads run in parallel", §9; the pages rate-limit tier, docs/architecture.md §8):
 * - a page view (home, collection, product; 1280 and 375 px; a full load and a client
 *   navigation) costs at most 5 requests against the pages tier: itself and at most 4 payloads,
 *   never more than 4 in flight;
 * - only links on screen and shown prefetch: never a closed dropdown's quick-shop cards nor the
 *   closed mobile menu's links;
 * - the link under the pointer prefetches, and its navigation uses the prefetched payload;
 * - none under `navigator.connection` saveData or 2g; a click still navigates.
 */
import type { BrowserContext, Page, Request } from 'playwright-core';
import { createRoutes } from '../../client/routes';
import { payloadUrlsFor } from '../../client/runtime/link-prefetch';
import { PREFETCHES_PER_VIEW } from '../../client/runtime/timing';
import type { RouteDataSource } from '../../shared/route-data';
import { serviceAvailable } from '../support/services';
import { useBrowserSuite, visitHydrated } from './support';

const hasChromium = serviceAvailable('chromium');
jest.setTimeout(120_000);

/** The route table, for the payload URLs a link's navigation would load. */
const routes = createRoutes({ load: () => new Promise(() => undefined) } satisfies RouteDataSource);
const payloadsOf = (hrefs: string[], base: string) => new Set(hrefs.flatMap((href) => payloadUrlsFor(routes, new URL(href, base))));
const asPath = (url: string) => new URL(url).pathname + new URL(url).search;

(hasChromium ? describe : describe.skip)('link prefetch', () => {
  const suite = useBrowserSuite();
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];

  async function openPage(width: number) {
    ({ context, page, pageErrors } = await suite.open({ width, timeoutMs: 15_000 }));
  }

  /** Payload requests from now on (path and query), and the most in flight at once. */
  function watchPayloads() {
    const seen: string[] = [];
    let inFlight = 0;
    let most = 0;
    const isPayload = (r: Request) => new URL(r.url()).pathname.startsWith('/__payload/');
    page.on('request', (r) => {
      if (!isPayload(r)) return;
      seen.push(asPath(r.url()));
      most = Math.max(most, ++inFlight);
    });
    const done = (r: Request) => {
      if (isPayload(r)) inFlight--;
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    return {
      seen,
      most: () => most,
      /** From now on: the requests seen since. */
      since() {
        const from = seen.length;
        return () => seen.slice(from);
      },
      /** Resolves once nothing is in flight and nothing new came for `quietMs`. */
      async settle(quietMs = 1500) {
        let count = -1;
        while (count !== seen.length || inFlight > 0) {
          count = seen.length;
          await page.waitForTimeout(quietMs);
        }
      },
    };
  }

  /** Opens `path` at 1280 px, payload requests watched, once its prefetches are over. */
  async function openSettled(path: string) {
    await openPage(1280);
    const payloads = watchPayloads();
    await visitHydrated(page, `${suite.base}${path}`);
    await page.waitForLoadState('load');
    await payloads.settle();
    return payloads;
  }

  /** The hrefs of the links a shopper sees now: in the viewport and shown (not hidden, not transparent). */
  const shownHrefs = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
        .filter((a) => {
          const r = a.getBoundingClientRect();
          const onScreen = r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
          return onScreen && a.checkVisibility({ opacityProperty: true, visibilityProperty: true });
        })
        .map((a) => a.href),
    );
  /** The hrefs of the quick-shop cards in the (closed) header dropdowns. */
  const dropdownHrefs = () => page.locator('header .dropdown a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));

  const PAGES = ['/', '/collections/bouquets', '/products/classic-gramercy-bouquet'];

  test.each([1280, 375])('at %i px a page view costs at most 5 requests on the pages tier, for shown links only', async (width) => {
    await openPage(width);
    const payloads = watchPayloads();
    for (const path of PAGES) {
      const documents: string[] = [];
      const onDocument = (r: Request) => {
        if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documents.push(r.url());
      };
      page.on('request', onDocument);
      const view = payloads.since();
      await visitHydrated(page, `${suite.base}${path}`);
      await page.waitForLoadState('load');
      await payloads.settle();
      page.off('request', onDocument);
      const fetched = view();
      // The page itself (its data is in the HTML), then at most 4 prefetches.
      expect({ path, documents: documents.length, overBudget: fetched.slice(PREFETCHES_PER_VIEW) }).toEqual({ path, documents: 1, overBudget: [] });
      expect(fetched.length).toBeGreaterThan(0);
      // Each one a link the shopper can see; none of a closed dropdown's cards nor of the closed menu.
      const shown = payloadsOf(await shownHrefs(), suite.base);
      expect({ path, hidden: fetched.filter((u) => !shown.has(u)) }).toEqual({ path, hidden: [] });
      if (width >= 1024) {
        const dropdownOnly = [...payloadsOf(await dropdownHrefs(), suite.base)].filter((u) => !shown.has(u));
        expect(dropdownOnly.length).toBeGreaterThan(0);
        expect(fetched.filter((u) => dropdownOnly.includes(u))).toEqual([]);
      }
    }
    expect(payloads.most()).toBeLessThanOrEqual(4);
    expect(pageErrors).toEqual([]);
  });

  test('a client navigation is a page view of its own: at most 5 payload requests', async () => {
    const payloads = await openSettled('/');
    const view = payloads.since();
    await page.getByRole('main').locator('a[href="/collections/bouquets"]').first().click();
    await page.waitForURL(`${suite.base}/collections/bouquets`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await payloads.settle();
    // Its own payload (unless prefetched on the home page) and at most 4 prefetches.
    expect(view().length).toBeLessThanOrEqual(1 + PREFETCHES_PER_VIEW);
    expect(view().length).toBeGreaterThan(0);
    expect(payloads.most()).toBeLessThanOrEqual(4);
    expect(pageErrors).toEqual([]);
  });

  test('the link under the pointer prefetches, and its navigation uses the prefetched payload', async () => {
    const payloads = await openSettled('/');
    const banner = page.getByRole('banner');
    const plants = page.getByRole('group', { name: 'Plants products' });
    await banner.getByRole('link', { name: 'Plants', exact: true }).hover();
    await plants.waitFor({ state: 'visible' });
    const card = plants.locator('.quick-card').first();
    const href = (await card.getAttribute('href'))!;
    const [payload] = payloadUrlsFor(routes, new URL(href, suite.base));
    expect(payloads.seen).not.toContain(payload);
    const prefetched = page.waitForResponse((r) => asPath(r.url()) === payload);
    await card.hover();
    await prefetched;
    await card.click();
    await page.waitForURL(`${suite.base}${href}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(payloads.seen.filter((u) => u === payload)).toHaveLength(1);
    expect(pageErrors).toEqual([]);
  });

  test.each([
    ['saveData', { saveData: true, effectiveType: '4g' }],
    ['2g', { saveData: false, effectiveType: '2g' }],
  ])('no prefetch under navigator.connection %s', async (_name, connection) => {
    await openPage(1280);
    await context.addInitScript((c) => {
      Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ ...c }) });
    }, connection);
    const payloads = watchPayloads();
    // The client runtime has started once the build manifest is asked for (1 s after start).
    const manifest = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/__build/'));
    await visitHydrated(page, `${suite.base}/`);
    await page.waitForLoadState('load');
    await manifest;
    await page.getByRole('banner').getByRole('link', { name: 'Journal', exact: true }).hover();
    await page.mouse.wheel(0, 5000);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (navigator as Navigator & { connection: unknown }).connection)).toEqual(connection);
    expect(payloads.seen).toEqual([]);
    // A click still navigates, fetching its payload then.
    await page.getByRole('banner').getByRole('link', { name: 'Journal', exact: true }).click();
    await page.waitForURL(`${suite.base}/journal`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(payloads.seen).toEqual(['/__payload/journal']);
  });
});
