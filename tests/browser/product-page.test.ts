/**
 * The product page in real Chromium against the real app: choosing a subscription's purchase
 * option shows that plan's price (kept in `?selling_plan=`), and Add to cart puts the line in
 * the cart at that same price, with the plan's name; a product video plays in the gallery; axe
 * finds nothing on either (its script needs the CSP bypassed, as in a11y.test.ts).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { serviceAvailable } from '../support/services';
import { useBrowserSuite, visitHydrated } from './support';

const hasChromium = serviceAvailable('chromium');

(hasChromium ? describe : describe.skip)('product page in the browser', () => {
  const suite = useBrowserSuite();
  let page: Page;
  let pageErrors: string[];

  const priceLine = () => page.locator('.product__price');
  const drawer = () => page.getByRole('dialog', { name: 'Cart' });
  /**
   * The router changes the URL first and React renders the choice a moment later (a transition,
   * which may yield to the test's reads in between): after the URL, wait until the radio named
   * `name` is rendered checked, in the same commit as the price.
   */
  const chosen = (name: string | RegExp) => page.getByRole('radio', { name, checked: true }).waitFor();

  test('choosing a subscription plan shows its price, and the cart charges the same', async () => {
    ({ page, pageErrors } = await suite.open());
    await visitHydrated(page, `${suite.base}/products/weekly-flower-subscription`);
    await page.getByRole('radio', { name: 'Classic' }).click();
    await page.waitForURL(/\?variant=800302$/);
    await chosen('Classic');
    await expect(priceLine().innerText()).resolves.toBe('$110.00');

    const weekly = page.getByRole('radio', { name: /^Delivered weekly/ });
    await expect(weekly.innerText()).resolves.toBe('Delivered weekly $99.00');
    await weekly.click();
    await page.waitForURL(/\?variant=800302&selling_plan=7001$/);
    await chosen(/^Delivered weekly/);
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
    await chosen(/^One-time purchase/);
    await expect(priceLine().innerText()).resolves.toBe('$110.00');
    expect(pageErrors).toEqual([]);
  });

  test('the gallery’s video thumbnail shows the video: named, with controls, muted, paused until played, and it plays', async () => {
    ({ page, pageErrors } = await suite.open({ context: { viewport: { width: 375, height: 800 } } }));
    await visitHydrated(page, `${suite.base}/products/garden-rose-dozen`);
    const thumb = page.getByRole('button', { name: 'Show video 4 of 4' });
    await thumb.scrollIntoViewIfNeeded();
    await thumb.click();
    await expect(thumb.getAttribute('aria-pressed')).resolves.toBe('true');
    const video = page.locator('.gallery video');
    await video.waitFor();
    await expect(video.getAttribute('aria-label')).resolves.toMatch(/^A short silent film of the Garden Rose Dozen/);
    // Metadata loads from the emulator's CDN (through the shop's CSP), in a format Chromium plays.
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('.gallery video')?.readyState ?? 0) >= 1);
    const state = await video.evaluate((v: HTMLVideoElement) => ({
      controls: v.controls,
      muted: v.muted,
      playsInline: v.playsInline,
      autoplay: v.autoplay,
      paused: v.paused,
      poster: v.poster,
      source: v.currentSrc.replace(/^.*\/cdn\/shop\/videos\//, ''),
      duration: Math.round(v.duration),
      size: [v.videoWidth, v.videoHeight],
    }));
    expect(state).toEqual({
      controls: true,
      muted: true,
      playsInline: true,
      autoplay: false,
      paused: true,
      poster: expect.stringContaining('/cdn/shop/files/garden-rose-dozen-1.jpg'),
      source: expect.stringMatching(/^garden-rose-dozen-film\.(mp4|webm)\?v=1$/),
      duration: 5,
      size: [480, 600],
    });
    // The box keeps the gallery's size (no jump from the image), and the video plays when asked.
    const box = await video.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    await video.evaluate((v: HTMLVideoElement) => v.play());
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('.gallery video')?.currentTime ?? 0) > 0.2);
    expect(pageErrors).toEqual([]);
  });

  test.each([
    ['a subscription plan chosen', '/products/weekly-flower-subscription?variant=800302&selling_plan=7001', null],
    ['the video shown', '/products/garden-rose-dozen', 'Show video 4 of 4'],
  ])(
    'axe: 0 violations with %s, at 375 and 1280 px',
    async (_what, path, show) => {
      for (const width of [375, 1280]) {
        const shop = await suite.open({ context: { viewport: { width, height: 900 }, bypassCSP: true } });
        ({ page } = shop);
        await visitHydrated(page, `${suite.base}${path}`);
        if (show) await page.getByRole('button', { name: show }).click();
        const { violations } = await new AxeBuilder({ page }).include('main').analyze();
        expect(violations.flatMap((v) => v.nodes.map((n) => `${width}px ${v.id}: ${n.target.join(' ')} — ${n.failureSummary}`))).toEqual([]);
        await shop.context.close();
      }
    },
    120_000,
  );
});
