/**
 * Cookie consent and analytics in real Chromium against the real app (spec §4 cookie consent,
 * §7 analytics, §9 banner delay 1 s), each test in a fresh browser context:
 * - the banner is not in the server's HTML, mounts after hydration and slides in 1 s later;
 * - Accept → a `consent` update granted in the dataLayer, stored, and no banner after a reload
 *   (where the stored choice is restored as an update); Deny → denied, and Klaviyo gets no
 *   events while gtag still does; Close → no decision, the banner is back on the next load;
 * - the product page's "Viewed Product" (per variant), add_to_cart, view_cart (drawer opening),
 *   begin_checkout, with the spec's payloads, and their Klaviyo events recorded by the
 *   marketing stand-in (local mode posts Klaviyo's client events to it).
 *
 * The dataLayer is read with page.evaluate (gtag pushes `arguments` objects: turned into
 * arrays). The checkout leaves the page, so that test also records every push through an
 * exposed function installed before the app runs.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, BrowserContextOptions, Page, Request } from 'playwright-core';
import { POPUP_SEEN_KEY } from '../../client/components/marketing/NewsletterPopup';
import { COOKIE_POLICY_KEY } from '../../client/stores/consent';
import { CLIENT_EVENTS_PATH } from '../../emulators/marketing';
import { untilRecorded, type MarketingRecords } from '../support/marketing';
import { serviceAvailable } from '../support/services';
import { useBrowserSuite, viewportAt, visitHydrated } from './support';

const hasChromium = serviceAvailable('chromium');

type Command = unknown[];
type Item = Record<string, unknown>;
type Ecommerce = { currency: string; value: number; items: Item[] };

/** Every `window.dataLayer` entry as an array. */
const dataLayer = (page: Page): Promise<Command[]> =>
  page.evaluate(() => ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((entry) => Array.from(entry)));

const consentUpdates = (commands: Command[]) => commands.filter((c) => c[0] === 'consent' && c[1] === 'update').map((c) => c[2]);
const eventsNamed = (commands: Command[], name: string) => commands.filter((c) => c[0] === 'event' && c[1] === name).map((c) => c[2]);

/** Waits until the dataLayer holds `count` events named `name`; answers their parameters. */
async function waitForEvents<T>(page: Page, name: string, count = 1): Promise<T[]> {
  await page.waitForFunction(
    ({ name, count }) =>
      ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).filter((e) => e[0] === 'event' && e[1] === name).length >= count,
    { name, count },
  );
  return eventsNamed(await dataLayer(page), name) as T[];
}

/** A Klaviyo event the marketing stand-in recorded (as an event, or as a `/client/events` request). */
function recordedMetric(records: MarketingRecords, metric: string): Array<Record<string, unknown>> {
  const fromEvents = records.events.filter((e) => e.metric === metric).map((e) => e.properties);
  if (fromEvents.length) return fromEvents;
  type Body = { data?: { attributes?: { metric?: { data?: { attributes?: { name?: string } } }; properties?: Record<string, unknown> } } };
  return records.requests
    .filter((r) => r.path.includes('/client/events'))
    .map((r) => (r.body as Body).data?.attributes)
    .filter((a) => a?.metric?.data?.attributes?.name === metric)
    .map((a) => a?.properties ?? {});
}

(hasChromium ? describe : describe.skip)('cookie consent and analytics', () => {
  const suite = useBrowserSuite();
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  /**
   * Metrics the page posted to Klaviyo's client events URL (local mode), as they were sent. A
   * failed or refused post shows as an `[analytics]` warning (Chromium reports a body-less 202
   * as net::ERR_ABORTED to Playwright, so its own failure events say nothing).
   */
  let klaviyoPosts: string[];

  /** A first visit as far as cookies go (the banner shows); the newsletter popup already seen, so it covers nothing. */
  async function firstVisit(options: BrowserContextOptions): Promise<BrowserContext> {
    const fresh = await suite.harness.newFirstVisitContext(options);
    await fresh.addInitScript((key) => localStorage.setItem(key, 'seen'), POPUP_SEEN_KEY);
    return fresh;
  }

  /** `bypassCSP`: only for axe, which is injected as a script. */
  async function openPage(width = 1280, bypassCSP = false) {
    context = await firstVisit({ viewport: viewportAt(width), bypassCSP });
    page = await context.newPage();
    problems = [];
    klaviyoPosts = [];
    page.on('pageerror', (error) => problems.push(String(error)));
    page.on('console', (message) => {
      // Analytics failures are logged as warnings: none is expected here.
      const analyticsWarning = message.type() === 'warning' && message.text().startsWith('[analytics]');
      if ((message.type() === 'error' || analyticsWarning) && page.url().startsWith(suite.base)) problems.push(message.text());
    });
    const eventsUrl = `${suite.base}/__local/marketing${CLIENT_EVENTS_PATH}`;
    const isKlaviyoPost = (request: Request) => !!eventsUrl && request.url().startsWith(eventsUrl) && request.method() === 'POST';
    const metricOf = (request: Request) =>
      (request.postDataJSON() as { data: { attributes: { metric: { data: { attributes: { name: string } } } } } }).data.attributes.metric.data
        .attributes.name;
    page.on('request', (request) => {
      if (isKlaviyoPost(request)) klaviyoPosts.push(metricOf(request));
    });
  }
  afterEach(() => context?.close());

  const banner = () => page.getByRole('region', { name: 'Cookies' });
  const drawer = () => page.getByRole('dialog', { name: 'Cart' });
  const stored = () => page.evaluate((key) => localStorage.getItem(key), COOKIE_POLICY_KEY);

  /** Home page with timestamps of the banner's mount and reveal (performance.now()). */
  async function gotoWatchingBanner(path = '/') {
    await page.addInitScript(() => {
      const w = window as unknown as { bannerTimes: { mounted?: number; shown?: number } };
      w.bannerTimes = {};
      new MutationObserver(() => {
        const el = document.querySelector('.cookie-banner');
        if (el && w.bannerTimes.mounted === undefined) w.bannerTimes.mounted = performance.now();
        if (el?.classList.contains('is-visible') && w.bannerTimes.shown === undefined) w.bannerTimes.shown = performance.now();
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    });
    await visitHydrated(page, suite.base + path);
  }

  test('the banner is not in the HTML, and slides in 1 s after mount', async () => {
    const html = await (await fetch(suite.base + '/')).text();
    expect(html).not.toContain('cookie-banner');

    await openPage();
    await gotoWatchingBanner();
    await banner().waitFor({ state: 'visible' });
    const times = await page.evaluate(() => (window as unknown as { bannerTimes: { mounted: number; shown: number } }).bannerTimes);
    expect(times.shown - times.mounted).toBeGreaterThanOrEqual(950);
    expect(times.shown - times.mounted).toBeLessThan(2500);

    // Texts from the site settings; a labelled, non-modal region; keyboard reachable.
    await banner().getByRole('heading', { name: 'Cookies' }).waitFor();
    await expect(banner().getByRole('button').allInnerTexts()).resolves.toEqual(['DENY', 'ACCEPT', '×']);
    await banner().getByRole('button', { name: 'Close cookie banner' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    // The default consent (granted) came first, and nothing has been decided.
    const commands = await dataLayer(page);
    expect(commands[0]).toEqual(['consent', 'default', { ad_storage: 'granted', analytics_storage: 'granted' }]);
    expect(consentUpdates(commands)).toEqual([]);
    expect(problems).toEqual([]);
  });

  test.each([375, 1280])('at %i px: no axe violations, and clear of the floating alert button', async (width) => {
    await openPage(width, true);
    await visitHydrated(page, suite.base + '/');
    await banner().waitFor({ state: 'visible' });
    // Wait for the slide to end (the reveal animates `transform`).
    await page.waitForFunction(() => document.querySelector('.cookie-banner')?.getAnimations().length === 0);
    const results = await new AxeBuilder({ page }).include('.cookie-banner').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    const box = (await banner().boundingBox())!;
    const alert = (await page.getByRole('complementary', { name: 'Announcement' }).boundingBox())!;
    const overlap = box.x < alert.x + alert.width && alert.x < box.x + box.width && box.y < alert.y + alert.height && alert.y < box.y + box.height;
    expect(overlap).toBe(false);
    // Inside the viewport, and the floating button is still clickable.
    expect(box.y + box.height).toBeLessThanOrEqual(width < 768 ? 812 : 900);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    expect(problems).toEqual([]);
  });

  test('with prefers-reduced-motion the banner appears without sliding', async () => {
    context = await firstVisit({ viewport: { width: 375, height: 812 }, reducedMotion: 'reduce' });
    page = await context.newPage();
    await visitHydrated(page, suite.base + '/');
    await banner().waitFor({ state: 'visible' });
    await expect(banner().evaluate((el) => getComputedStyle(el).transitionDuration)).resolves.toMatch(/^0s(, 0s)*$/);
  });

  test('Accept: consent granted, remembered, restored and no banner after a reload', async () => {
    await openPage();
    await visitHydrated(page, suite.base + '/');
    await banner().getByRole('button', { name: 'Accept' }).click();
    await banner().waitFor({ state: 'hidden' });
    expect(consentUpdates(await dataLayer(page))).toEqual([{ ad_storage: 'granted', analytics_storage: 'granted' }]);
    await expect(stored()).resolves.toBe('granted');

    await page.reload();
    // The stored choice is restored as an update right after the default.
    await page.waitForFunction(() => ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).length >= 2);
    const commands = await dataLayer(page);
    expect(commands.slice(0, 2)).toEqual([
      ['consent', 'default', { ad_storage: 'granted', analytics_storage: 'granted' }],
      ['consent', 'update', { ad_storage: 'granted', analytics_storage: 'granted' }],
    ]);
    // Proving an absence takes time: past the 1 s reveal, the banner never mounted.
    await page.waitForTimeout(1500);
    expect(await page.locator('.cookie-banner').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  test('Deny: consent denied and remembered; gtag still gets events, Klaviyo none', async () => {
    await openPage();
    await visitHydrated(page, suite.base + '/');
    await banner().getByRole('button', { name: 'Deny' }).click();
    await banner().waitFor({ state: 'hidden' });
    expect(consentUpdates(await dataLayer(page))).toEqual([{ ad_storage: 'denied', analytics_storage: 'denied' }]);
    await expect(stored()).resolves.toBe('denied');

    await visitHydrated(page, `${suite.base}/products/bodega-bunch`);
    await waitForEvents(page, 'Viewed Product');
    expect(consentUpdates(await dataLayer(page))).toEqual([{ ad_storage: 'denied', analytics_storage: 'denied' }]);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await waitForEvents(page, 'view_cart');
    expect(klaviyoPosts).toEqual([]);
    expect(await page.locator('.cookie-banner').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  test('Close: no decision, hidden across navigations, back on the next page load', async () => {
    await openPage();
    await visitHydrated(page, suite.base + '/');
    await banner().getByRole('button', { name: 'Close cookie banner' }).click();
    await banner().waitFor({ state: 'hidden' });
    expect(consentUpdates(await dataLayer(page))).toEqual([]);
    await expect(stored()).resolves.toBeNull();
    // Focus is not lost to <body>: it moved to the main content.
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');

    await page.getByRole('link', { name: 'Journal' }).first().click();
    await page.waitForURL(/\/journal$/);
    await expect(banner().isVisible()).resolves.toBe(false);

    await page.reload();
    await banner().waitFor({ state: 'visible' });
    // Escape, from inside the banner, closes it too.
    await banner().getByRole('button', { name: 'Accept' }).focus();
    await page.keyboard.press('Escape');
    await banner().waitFor({ state: 'hidden' });
    await expect(stored()).resolves.toBeNull();
    expect(problems).toEqual([]);
  });

  test('product view, add to cart and cart view: tag events and Klaviyo events', async () => {
    await openPage();
    await visitHydrated(page, `${suite.base}/products/classic-gramercy-bouquet`);
    await page.getByRole('heading', { level: 1, name: 'The Classic Gramercy Bouquet' }).waitFor();

    const [viewed] = await waitForEvents<{ items: Item[] }>(page, 'Viewed Product');
    expect(viewed.items).toHaveLength(1);
    expect(viewed.items[0]).toMatchObject({
      id: '8001',
      name: 'The Classic Gramercy Bouquet',
      currency: 'USD',
      quantity: 1,
      brand: 'Gramercy Stems',
    });
    expect(viewed.items[0]).toEqual(expect.objectContaining({ variant: expect.any(String), size: expect.any(String), price: expect.any(Number) }));

    // Another size: one more view, for that variant.
    await page.getByRole('radio', { name: 'Grand' }).click();
    await page.waitForURL(/\?variant=\d+$/);
    const views = await waitForEvents<{ items: Item[] }>(page, 'Viewed Product', 2);
    expect(views[1].items[0]).toMatchObject({ variant: 'Grand', size: 'Grand', price: 175 });

    await page.getByRole('button', { name: 'Add to cart' }).click();
    await drawer().getByText('The Classic Gramercy Bouquet').waitFor();
    const [added] = await waitForEvents<Ecommerce>(page, 'add_to_cart');
    expect(added).toEqual({
      currency: 'USD',
      value: 175,
      items: [
        {
          item_id: '8001',
          item_name: 'The Classic Gramercy Bouquet',
          item_variant: 'Grand',
          item_brand: 'Gramercy Stems',
          item_category: 'Flowers',
          price: 175,
          quantity: 1,
        },
      ],
    });
    // The drawer opened on a cart with an id: a cart view, after the add.
    const [viewCart] = await waitForEvents<Ecommerce>(page, 'view_cart');
    expect(viewCart).toMatchObject({ currency: 'USD', value: 175, items: [expect.objectContaining({ item_id: '8001', quantity: 1 })] });
    const names = (await dataLayer(page)).filter((c) => c[0] === 'event').map((c) => c[1]);
    expect(names.indexOf('add_to_cart')).toBeLessThan(names.indexOf('view_cart'));

    // Closing and opening the drawer again is another cart view.
    await drawer().getByRole('button', { name: 'Close cart' }).click();
    await page.getByRole('button', { name: 'Cart (1)', exact: true }).click();
    await waitForEvents(page, 'view_cart', 2);

    // Klaviyo (local mode): posted to the stand-in, accepted and recorded.
    const records = await untilRecorded(
      suite.harness.t,
      (r) => recordedMetric(r, 'Viewed Product').length >= 2 && recordedMetric(r, 'Added to Cart').length >= 1,
    );
    expect(recordedMetric(records, 'Viewed Product').some((p) => p.ProductName === 'The Classic Gramercy Bouquet')).toBe(true);
    const addedToCart = recordedMetric(records, 'Added to Cart').find((p) => p.AddedItemProductName === 'The Classic Gramercy Bouquet');
    expect(addedToCart).toMatchObject({ $value: 175, AddedItemProductID: '8001', AddedItemPrice: 175, AddedItemQuantity: 1 });
    expect(String(addedToCart?.CheckoutURL)).toMatch(/^http/);
    expect(klaviyoPosts).toEqual(expect.arrayContaining(['Viewed Product', 'Added to Cart']));
    expect(problems).toEqual([]);
  });

  test('Drop the hint: drop_the_hint after the server accepted it, and Klaviyo "Hint Dropped"', async () => {
    await openPage();
    await visitHydrated(page, `${suite.base}/products/bodega-bunch`);
    await page.getByRole('button', { name: 'Drop the hint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Drop the hint' });
    await dialog.getByLabel('Their email*').fill('gifter@example.com');
    await dialog.getByLabel('Their name*').fill('Grace');
    await dialog.getByLabel('Your name*').fill('Ada');
    await dialog.getByRole('button', { name: 'Send the hint' }).click();
    await dialog.getByText('Thank you! They have been notified.').waitFor();

    const [hint] = await waitForEvents<Record<string, unknown>>(page, 'drop_the_hint');
    expect(hint).toMatchObject({
      gifter_email: 'gifter@example.com',
      gifter_name: 'Grace',
      name: 'Ada',
      product_handle: 'bodega-bunch',
      product_title: 'The Bodega Bunch',
    });
    expect(String(hint.product_image)).toMatch(/^http/);
    const records = await untilRecorded(suite.harness.t, (r) => recordedMetric(r, 'Hint Dropped').some((p) => p.GifterName === 'Grace'));
    expect(recordedMetric(records, 'Hint Dropped').find((p) => p.GifterName === 'Grace')).toEqual({
      Title: 'The Bodega Bunch',
      GifterName: 'Grace',
      ProductHandle: 'bodega-bunch',
    });
    expect(problems).toEqual([]);
  });

  test('Checkout: begin_checkout and Klaviyo "Checkout Began" as the shopper leaves', async () => {
    await openPage();
    // The page is left for the hosted checkout: record every dataLayer push as it happens.
    const pushed: Command[] = [];
    await page.exposeFunction('recordDataLayer', (json: string) => pushed.push(JSON.parse(json) as Command));
    await page.addInitScript(() => {
      const w = window as unknown as { dataLayer: unknown[]; recordDataLayer(json: string): void };
      w.dataLayer = [];
      w.dataLayer.push = function (...entries: unknown[]) {
        for (const entry of entries) w.recordDataLayer(JSON.stringify(Array.from(entry as ArrayLike<unknown>)));
        return Array.prototype.push.apply(this, entries);
      };
    });

    // 3 × $45: over $100, so shipping is offered and needs no date.
    await visitHydrated(page, `${suite.base}/products/bodega-bunch`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await drawer().getByText('The Bodega Bunch').waitFor();
    const plus = drawer().getByRole('button', { name: 'Increase quantity of The Bodega Bunch' });
    await plus.click();
    await page.getByRole('button', { name: 'Cart (2)', exact: true }).waitFor();
    await plus.click();
    await page.getByRole('button', { name: 'Cart (3)', exact: true }).waitFor();
    await drawer().getByRole('radio', { name: 'Shipping' }).click();
    const cartId = await page.evaluate(() => localStorage.getItem('gramercy:cartId'));

    const before = Math.floor(Date.now() / 1000);
    await drawer().getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${suite.base}/__local/storefront/`));

    const begin = pushed.filter((c) => c[0] === 'event' && c[1] === 'begin_checkout').map((c) => c[2] as Ecommerce);
    expect(begin).toHaveLength(1);
    expect(begin[0]).toEqual({
      currency: 'USD',
      value: 135,
      items: [
        {
          item_id: '8002',
          item_name: 'The Bodega Bunch',
          item_brand: 'Gramercy Stems',
          item_category: 'Flowers',
          price: 45,
          // Spec §7: quantity 1 per line.
          quantity: 1,
        },
      ],
    });

    const records = await untilRecorded(suite.harness.t, (r) => recordedMetric(r, 'Checkout Began').length >= 1);
    const began = recordedMetric(records, 'Checkout Began').find(
      (p) => p.CheckoutURL && String(p.$event_id).startsWith(cartId!.split('?')[0].split('/').pop()!),
    );
    expect(began).toBeDefined();
    expect(began).toMatchObject({ $value: 135, ItemNames: ['The Bodega Bunch'] });
    // $event_id: the cart's token (never its key) and the epoch seconds.
    const eventId = String(began!.$event_id);
    expect(eventId).not.toContain('key');
    const seconds = Number(eventId.slice(eventId.lastIndexOf('_') + 1));
    expect(seconds).toBeGreaterThanOrEqual(before);
    expect(seconds).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(problems).toEqual([]);
  });
});
