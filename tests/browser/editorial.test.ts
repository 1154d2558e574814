/**
 * Editorial and navigation journeys in real Chromium (spec §2):
 * - every header and footer link lands on a 200 page (internal ones in the same tab);
 * - journal list → entry → Back restores the list's scroll position;
 * - a link in rich text (HTML from the server) routes in the app;
 * - a photo-stream item opened from the grid shows over the grid, and Back closes it where the
 *   grid was; opened directly it is a full page of its own.
 */
import type { Page } from 'playwright-core';
import { serviceAvailable } from '../support/services';
import { useBrowserSuite, visitHydrated } from './support';

const hasChromium = serviceAvailable('chromium');
jest.setTimeout(120_000);

(hasChromium ? describe : describe.skip)('editorial journeys', () => {
  const suite = useBrowserSuite();
  let page: Page;
  let pageErrors: string[];

  /** `pageErrors`: the page's uncaught exceptions. */
  async function openPage(width = 1280) {
    ({ page, pageErrors } = await suite.open({ context: { viewport: { width, height: 900 } }, timeoutMs: 15_000, collectConsoleErrors: false }));
  }

  const scrollY = () => page.evaluate(() => Math.round(window.scrollY));

  /** Waits (up to 5 s) until the page's scroll position satisfies `ok`; returns the last value. */
  async function settledScroll(ok: (y: number) => boolean): Promise<number> {
    let y = await scrollY();
    for (let i = 0; i < 50 && !ok(y); i++) {
      await page.waitForTimeout(100);
      y = await scrollY();
    }
    return y;
  }

  test('every header and footer link lands on a 200 page', async () => {
    await openPage();
    await page.goto(`${suite.base}/`);
    const links = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>('header a[href], footer a[href]')].map((a) => ({ href: a.href, target: a.target })),
    );
    const internal = [...new Set(links.filter((l) => l.href.startsWith(suite.base)).map((l) => l.href))];
    expect(internal.length).toBeGreaterThan(10);
    for (const link of links.filter((l) => l.href.startsWith(suite.base))) expect(link.target).not.toBe('_blank');
    const failures: string[] = [];
    for (const href of internal) {
      const response = await page.goto(href);
      if (response?.status() !== 200) failures.push(`${href} → ${response?.status()}`);
    }
    expect(failures).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('journal list → entry → Back restores the scroll position', async () => {
    await openPage(375);
    await visitHydrated(page, `${suite.base}/journal`);
    const entries = page.getByRole('main').getByRole('article');
    await entries.first().waitFor();
    const last = entries.last();
    await last.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 200);
    await page.waitForTimeout(300);
    const before = await scrollY();
    expect(before).toBeGreaterThan(200);
    await last.getByRole('link').first().click();
    await page.waitForURL(/\/journal\/[^/?]+$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // A new page starts at the top.
    expect(await settledScroll((y) => y < 5)).toBeLessThan(5);
    await page.goBack();
    await page.waitForURL(`${suite.base}/journal`);
    expect(await settledScroll((y) => y === before)).toBe(before);
    expect(pageErrors).toEqual([]);
  });

  test("a link in an entry's rich text (the server's HTML) routes in the app: no new document, the target page's heading", async () => {
    await openPage();
    await visitHydrated(page, `${suite.base}/journal/caring-for-orchids`);
    const link = page.locator('main .rich-text a[href^="/"]').first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/[a-z]/);
    await page.evaluate(() => ((window as unknown as { sameDocument?: boolean }).sameDocument = true));
    const documents: string[] = [];
    page.on('request', (request) => request.resourceType() === 'document' && documents.push(request.url()));
    await link.click();
    await page.waitForURL(`${suite.base}${href}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(documents).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  test('a photo-stream item opens over the grid; Back closes it; opened directly it is a full page', async () => {
    await openPage();
    await visitHydrated(page, `${suite.base}/photo-stream`);
    const grid = page.locator('main .photo-grid a');
    await grid.first().waitFor();
    const count = await grid.count();
    await grid.nth(count - 1).evaluate((item) => item.scrollIntoView({ block: 'center' }));

    // Clicked where it is once it stands still, as a shopper's pointer does. The header slides
    // away after a scroll down and the grid moves with it; Playwright's click() retries an
    // element it finds moving by scrolling it into view again, which would move the grid itself.
    let tile = (await grid.nth(count - 1).boundingBox())!;
    for (let i = 0; i < 20; i++) {
      await page.waitForTimeout(100);
      const now = (await grid.nth(count - 1).boundingBox())!;
      if (now.y === tile.y && now.x === tile.x) break;
      tile = now;
    }
    const before = await scrollY();
    expect(before).toBeGreaterThan(0);
    await page.mouse.click(tile.x + tile.width / 2, tile.y + tile.height / 2);
    await page.waitForURL(/\/photo-stream\/[^/?]+$/);
    const itemPath = new URL(page.url()).pathname;
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // The grid is still there underneath, where it was.
    expect(await grid.count()).toBe(count);
    expect(await scrollY()).toBe(before);

    await page.goBack();
    await page.waitForURL(`${suite.base}/photo-stream`);
    await dialog.waitFor({ state: 'detached' });
    expect(await settledScroll((y) => y === before)).toBe(before);

    // Directly (a shared link, a reload): the item alone, no grid, no dialog.
    const response = await page.goto(`${suite.base}${itemPath}`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.locator('main .photo-grid a').count()).toBeLessThan(count);
    expect(pageErrors).toEqual([]);
  });
});
