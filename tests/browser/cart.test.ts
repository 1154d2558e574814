/**
 * The cart in real Chromium against the shop `npm start` runs (default rate limits, page cache
 * on, emulators in the shop's child process), each test in a fresh browser context:
 * - a page view makes no cart, for a shopper or a crawler: no cart request leaves the page and
 *   the Storefront emulator stores no new cart; the first Add to cart makes one;
 * - an add while the Storefront API fails (its fault switch) shows the failure in exactly one
 *   alert region, and the next add, once the platform answers again, goes through without a
 *   reload and clears it; a failed change in the drawer shows in the drawer only, and Dismiss
 *   clears it.
 * The many-shoppers-behind-one-address figure (500 carts at the default limits) is API-level:
 * tests/server/cart-sessions.test.ts.
 */
import type { Page, Request } from 'playwright-core';
import { serviceAvailable } from '../support/services';
import { setFault } from '../support/faults';
import { useBrowserSuite, visitHydrated } from './support';

const hasChromium = serviceAvailable('chromium');

/** Googlebot's smartphone user agent (it renders pages with a recent Chrome). */
const GOOGLEBOT =
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.201 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const ADD_FAILED = 'Cart fetch or cart line item addition went wrong.';
const UPDATE_FAILED = 'Cart fetch or cart line item update went wrong.';

(hasChromium ? describe : describe.skip)('the cart', () => {
  const suite = useBrowserSuite();
  let page: Page;
  let pageErrors: string[];
  /** Every write the page sent to the cart API (method and path). */
  let cartWrites: string[];

  async function openPage(userAgent = suite.harness.userAgent, expectedErrors: RegExp | null = null) {
    ({ page, pageErrors } = await suite.open({
      context: { userAgent },
      // The failed add's 502 is an answer the page shows, not a fault of the page.
      expectedConsoleError: (message) => expectedErrors !== null && expectedErrors.test(message.text()),
    }));
    cartWrites = [];
    page.on('request', (request: Request) => {
      const { pathname } = new URL(request.url());
      if (request.method() !== 'GET' && /^\/(api\/cart|cart$)/.test(pathname)) cartWrites.push(`${request.method()} ${pathname}`);
    });
  }
  afterEach(async () => {
    await setFault(emulator(), { mode: 'none' });
    expect(pageErrors).toEqual([]);
  });

  const emulator = () => suite.harness.t.emulators.storefront;
  const debug = () => ({ 'x-emulator-token': emulator().debugToken });
  const cartsStored = async () =>
    ((await (await fetch(`${emulator().url}/__emulator/carts`, { headers: debug() })).json()) as { count: number }).count;

  const drawer = () => page.getByRole('dialog', { name: 'Cart' });
  const addButton = () => page.getByRole('button', { name: 'Add to cart' });
  /** Alert regions holding `text`, hidden ones included (an inert drawer's too). */
  const alertsSaying = (text: string) => page.locator('[role="alert"]', { hasText: text });
  /**
   * Waits until the page has sent everything it will (the app starts after the first paint,
   * ADR-0022), or 10 s at most: a page still fetching images or prefetching on a busy machine has
   * had its chance to send a cart request by then, which is what the tests look for.
   */
  const settle = () => page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);

  test.each([
    ['a shopper', () => suite.harness.userAgent],
    ['a crawler', () => GOOGLEBOT],
  ])(
    'a page view makes no cart, for %s',
    async (_who, userAgent) => {
      await openPage(userAgent());
      const before = await cartsStored();
      for (const path of ['/', '/cart', '/collections/bouquets']) {
        await visitHydrated(page, `${suite.base}${path}`);
        await settle();
      }
      // A client-side navigation too (the route payload, no new document).
      await page
        .getByRole('main')
        .getByRole('link', { name: /Classic Gramercy Bouquet/ })
        .first()
        .click();
      await addButton().waitFor();
      await settle();
      expect(cartWrites).toEqual([]);
      expect(await cartsStored()).toBe(before);
    },
    120_000,
  );

  test('the first Add to cart makes the cart', async () => {
    await openPage();
    const before = await cartsStored();
    await visitHydrated(page, `${suite.base}/products/bodega-bunch`);
    await addButton().click();
    await drawer().getByText('The Bodega Bunch').waitFor();
    expect(cartWrites).toEqual(['POST /api/cart/lines']);
    expect(await cartsStored()).toBe(before + 1);
  });

  test('an add while the platform fails shows one alert; the next add, once it answers, goes through without a reload', async () => {
    await openPage(suite.harness.userAgent, /status of 50\d/);
    await visitHydrated(page, `${suite.base}/products/bodega-bunch`);
    // The drawer's view has been shown once (it stays mounted, hidden, once opened).
    await page.getByRole('button', { name: 'Cart (0)', exact: true }).click();
    await drawer().getByRole('button', { name: 'Close cart' }).click();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    await setFault(emulator(), { mode: 'error', status: 502 });
    await addButton().click();
    await alertsSaying(ADD_FAILED).waitFor();
    expect(await alertsSaying(ADD_FAILED).count()).toBe(1);
    await expect(alertsSaying(ADD_FAILED).isVisible()).resolves.toBe(true);

    await setFault(emulator(), { mode: 'none' });
    await addButton().click();
    await drawer().getByText('The Bodega Bunch').waitFor();
    await page.getByRole('button', { name: 'Cart (1)', exact: true }).waitFor();
    expect(await alertsSaying(ADD_FAILED).count()).toBe(0);
    expect(cartWrites).toEqual(['POST /api/cart/lines', 'POST /api/cart/lines']);
    await expect(page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).resolves.toBe(true);
  }, 120_000);

  test('a failed change in the drawer shows in the drawer only, and Dismiss clears it', async () => {
    await openPage(suite.harness.userAgent, /status of 50\d/);
    await visitHydrated(page, `${suite.base}/products/bodega-bunch`);
    await addButton().click();
    await drawer().getByText('The Bodega Bunch').waitFor();

    await setFault(emulator(), { mode: 'error', status: 502 });
    await drawer().getByRole('button', { name: 'Increase quantity of The Bodega Bunch' }).click();
    const alert = drawer().getByRole('alert');
    await alert.getByText(UPDATE_FAILED).waitFor();
    expect(await alertsSaying(UPDATE_FAILED).count()).toBe(1);
    expect(await page.locator('[role="alert"]').count()).toBe(1);

    await alert.getByRole('button', { name: 'Dismiss message' }).click();
    expect(await alertsSaying(UPDATE_FAILED).count()).toBe(0);
    // Closed and opened again: nothing comes back.
    await drawer().getByRole('button', { name: 'Close cart' }).click();
    await page.getByRole('button', { name: 'Cart (1)', exact: true }).click();
    await drawer().getByText('The Bodega Bunch').waitFor();
    expect(await page.locator('[role="alert"]').count()).toBe(0);
  }, 120_000);
});
