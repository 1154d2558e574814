/**
 * The product page in real Chromium against the real app: choosing a subscription's purchase
 * option shows that plan's price (kept in `?selling_plan=`), and Add to cart puts the line in
 * the cart at that same price, with the plan's name.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { serviceAvailable } from '../support/services';
import { openShopPage, startBrowserHarness, visitHydrated, type BrowserHarness } from './support';

const hasChromium = serviceAvailable('chromium');

(hasChromium ? describe : describe.skip)('product page in the browser', () => {
  let harness: BrowserHarness;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    harness = await startBrowserHarness();
  }, 60_000);
  afterAll(() => harness?.stop());
  afterEach(() => context?.close());

  const priceLine = () => page.locator('.product__price');
  const drawer = () => page.getByRole('dialog', { name: 'Cart' });

  test('choosing a subscription plan shows its price, and the cart charges the same', async () => {
    ({ context, page, pageErrors } = await openShopPage(harness));
    await visitHydrated(page, `${harness.base}/products/weekly-flower-subscription`);
    await page.getByRole('radio', { name: 'Classic' }).click();
    await page.waitForURL(/\?variant=800302$/);
    await expect(priceLine().innerText()).resolves.toBe('$110.00');

    const weekly = page.getByRole('radio', { name: /^Delivered weekly/ });
    await expect(weekly.innerText()).resolves.toBe('Delivered weekly $99.00');
    await weekly.click();
    await page.waitForURL(/\?variant=800302&selling_plan=7001$/);
    await expect(weekly.getAttribute('aria-checked')).resolves.toBe('true');
    await expect(priceLine().locator('.price__current').innerText()).resolves.toBe('$99.00');
    await expect(priceLine().locator('.price__compare').innerText()).resolves.toMatch(/\$110\.00$/);

    await page.getByRole('button', { name: 'Add to cart' }).click();
    const line = drawer().locator('.cart-line');
    await line.waitFor();
    await expect(line.locator('.cart-line__meta').allInnerTexts()).resolves.toEqual(['Size: Classic', 'Delivered weekly']);
    await expect(line.locator('.cart-line__total').innerText()).resolves.toBe('$99.00');

    // Back to one-time: the plan leaves the URL and the one-time price returns.
    await drawer().getByRole('button', { name: 'Close cart' }).click();
    await page.getByRole('radio', { name: /^One-time purchase/ }).click();
    await page.waitForURL(/\?variant=800302$/);
    await expect(priceLine().innerText()).resolves.toBe('$110.00');
    expect(pageErrors).toEqual([]);
  });
});
