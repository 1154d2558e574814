/**
 * The shopper's journey in real Chromium against the real app (emulators on free ports, built
 * client bundle): home → a collection → the Classic Gramercy Bouquet → size "Classic" →
 * Add to cart → the drawer shows $125.00 → "+" makes it 2 and $250.00 → Checkout lands on the
 * cart's checkout page on the Storefront emulator.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../server/support/app';
import { CHROMIUM_ARGS, CHROMIUM_PATH, serviceAvailable } from '../support/services';

const hasChromium = serviceAvailable('chromium');

(hasChromium ? describe : describe.skip)('shopper journey', () => {
  let t: TestApp;
  let server: Server;
  let browser: Browser;
  let page: Page;
  let base: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    // Listen first: the site URL (checked as Origin by the JSON API) must be the real one.
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await startTestApp({ env: { SITE_URL: base } });
    server.on('request', t.app);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Our pages must hydrate and run without errors (the emulator's checkout page is not ours).
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error' && page.url().startsWith(base)) pageErrors.push(`${message.text()} ${message.location().url}`);
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    await t?.stop();
  });

  test('home → collection → product → Classic → cart → +1 → checkout', async () => {
    await page.goto(base + '/');
    await page.getByRole('main').getByRole('link', { name: /Bouquets$/ }).first().click();
    await page.waitForURL(`${base}/collections/bouquets`);
    await page.getByRole('heading', { level: 1, name: 'Bouquets' }).waitFor();

    await page.getByRole('main').getByRole('link', { name: /The Classic Gramercy Bouquet/ }).first().click();
    await page.waitForURL(`${base}/products/classic-gramercy-bouquet`);
    await page.getByRole('heading', { level: 1, name: 'The Classic Gramercy Bouquet' }).waitFor();
    await expect(page.title()).resolves.toMatch(/^Gramercy Stems \| /);

    await page.getByRole('radio', { name: 'Classic' }).click();
    await page.waitForURL(/\?variant=\d+$/);
    await expect(page.getByRole('radio', { name: 'Classic' }).getAttribute('aria-checked')).resolves.toBe('true');
    await page.locator('.product__price', { hasText: '$125.00' }).waitFor();

    await page.getByRole('button', { name: 'Add to cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await drawer.getByText('Size: Classic').waitFor();
    await expect(drawer.getByText('The Classic Gramercy Bouquet').count()).resolves.toBe(1);
    await drawer.locator('.cart-line__total', { hasText: '$125.00' }).waitFor();
    await expect(page.getByRole('button', { name: /^Cart \(1\)$/ }).count()).resolves.toBe(1);

    await drawer.getByRole('button', { name: 'Increase quantity of The Classic Gramercy Bouquet' }).click();
    await drawer.locator('.cart-line__total', { hasText: '$250.00' }).waitFor();
    await expect(drawer.locator('output').textContent()).resolves.toBe('2');
    await expect(page.getByRole('button', { name: /^Cart \(2\)$/ }).count()).resolves.toBe(1);

    const checkout = drawer.getByRole('link', { name: 'Checkout' });
    const checkoutUrl = await checkout.getAttribute('href');
    expect(checkoutUrl?.startsWith(t.emulators.storefront.url)).toBe(true);
    await checkout.click();
    await page.waitForURL(checkoutUrl!);
    await page.getByText('The Classic Gramercy Bouquet').first().waitFor();

    expect(pageErrors).toEqual([]);
  });
});
