/**
 * The header as a shopper meets it (spec §2 persistent shell, §9 header height), in real Chromium
 * against the real app:
 * - layout at every width from 320 to 1440 (the checked ones: 375, 768, 1024, 1280 and widths
 *   in between): the header is exactly `--header-height` high, nothing in it overlaps anything
 *   else or leaves it, and no page scrolls sideways (home, collection, product, journal);
 * - a header dropdown closes after a navigation started in it, by mouse and by keyboard (focus
 *   goes to the new page's main content), and opens again on the next hover or focus;
 * - no false state before the cart and the customer are known: a signed-in shopper with a cart
 *   never sees "Cart (0)" nor a bare "Account" from the first byte on, and the neutral state
 *   takes the width the known one does.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { ADA } from '../support/route-templates';
import { serviceAvailable } from '../support/services';
import { setFault } from '../support/faults';
import { useBrowserSuite, visitHydrated } from './support';

const hasChromium = serviceAvailable('chromium');
jest.setTimeout(120_000);

/** The header's layout as measured in the page (see `measureHeader`). */
type HeaderLayout = {
  /** The header's height and `--header-height` resolved to pixels. */
  height: number;
  declared: number;
  /** Pairs of visible header elements whose boxes overlap, by their text. */
  overlaps: string[];
  /** Visible header elements reaching outside the header's box. */
  outside: string[];
  scrollWidth: number;
  innerWidth: number;
};

/** Measures the header (above) in the live page. */
const measureHeader = (page: Page) =>
  page.evaluate((): HeaderLayout => {
    const header = document.querySelector('header.site-header')!;
    const probe = document.createElement('div');
    probe.style.height = 'var(--header-height)';
    document.body.append(probe);
    const declared = probe.getBoundingClientRect().height;
    probe.remove();
    const box = header.getBoundingClientRect();
    // What a shopper sees and can press: links, buttons, the logo, the announcement, the cart note.
    const parts = [...header.querySelectorAll<HTMLElement>('a, button, .announcement, .cart-note')].filter(
      (el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && el.getBoundingClientRect().width > 0,
    );
    const name = (el: Element) => el.textContent.trim() || el.getAttribute('aria-label') || el.className;
    const overlaps: string[] = [];
    for (const [i, a] of parts.entries()) {
      for (const b of parts.slice(i + 1)) {
        if (a.contains(b) || b.contains(a)) continue;
        const r = a.getBoundingClientRect();
        const s = b.getBoundingClientRect();
        if (r.left < s.right - 0.5 && s.left < r.right - 0.5 && r.top < s.bottom - 0.5 && s.top < r.bottom - 0.5)
          overlaps.push(`${name(a)} × ${name(b)}`);
      }
    }
    const outside = parts
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5 || r.left < -0.5 || r.right > window.innerWidth + 0.5;
      })
      .map(name);
    return {
      height: box.height,
      declared,
      overlaps,
      outside,
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    };
  });

(hasChromium ? describe : describe.skip)('the header', () => {
  const suite = useBrowserSuite();
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];

  async function openPage(width: number) {
    ({ context, page, pageErrors } = await suite.open({ width, timeoutMs: 15_000 }));
  }

  const PAGES = ['/', '/collections/bouquets', '/products/classic-gramercy-bouquet', '/journal'];

  test.each([320, 375, 768, 800, 860, 900, 955, 1024, 1100, 1280, 1440])(
    'at %i px: the header is --header-height high, nothing in it overlaps, no page scrolls sideways',
    async (width) => {
      await openPage(width);
      for (const path of PAGES) {
        await visitHydrated(page, `${suite.base}${path}`);
        const layout = await measureHeader(page);
        expect({ path, ...layout }).toEqual({
          path,
          height: layout.declared,
          declared: layout.declared,
          overlaps: [],
          outside: [],
          scrollWidth: width,
          innerWidth: width,
        });
      }
      // Spec §9: 125 where the desktop navigation shows (announcement 25 + logo row + nav row).
      const desktopNav = await page.locator('nav.primary-nav').isVisible();
      if (desktopNav) expect((await measureHeader(page)).height).toBe(125);
      expect(pageErrors).toEqual([]);
    },
  );
  /** Whether the element's centre is what the shopper would click there (nothing covers it). */
  const uncovered = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return Boolean(hit && (el === hit || el.contains(hit)));
      });
  const focusInHeader = () => page.evaluate(() => Boolean(document.activeElement?.closest('header')));
  const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

  test('a dropdown closes after a navigation from it, by mouse and by keyboard, and opens again', async () => {
    await openPage(1280);
    await visitHydrated(page, `${suite.base}/`);
    const banner = page.getByRole('banner');
    const bouquets = page.getByRole('group', { name: 'Bouquets products' });

    // Mouse: hover the menu item, click a quick-shop card; the pointer stays where the card was.
    await banner.getByRole('link', { name: 'Bouquets', exact: true }).hover();
    await bouquets.waitFor({ state: 'visible' });
    const card = bouquets.locator('.quick-card').first();
    const href = await card.getAttribute('href');
    await card.click();
    await page.waitForURL(`${suite.base}${href}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await bouquets.waitFor({ state: 'hidden' });
    // Let any transition and late hover settle: it stays closed over the new page.
    await page.waitForTimeout(600);
    await expect(bouquets.isVisible()).resolves.toBe(false);
    await expect(uncovered('main h1')).resolves.toBe(true);
    await expect(uncovered('main .add-to-cart button, main button[type="submit"]')).resolves.toBe(true);
    await expect(focusInHeader()).resolves.toBe(false);
    // The next hover opens it again.
    await page.mouse.move(640, 880);
    await banner.getByRole('link', { name: 'Bouquets', exact: true }).hover();
    await bouquets.waitFor({ state: 'visible' });

    // Keyboard: focus opens it, Tab walks into the cards, Enter navigates; it closes and focus
    // goes to the new page's main content (as the skip link's target).
    await page.mouse.move(640, 880);
    await bouquets.waitFor({ state: 'hidden' });
    const plants = page.getByRole('group', { name: 'Plants products' });
    await banner.getByRole('link', { name: 'Plants', exact: true }).focus();
    await plants.waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    const plantHref = await page.evaluate(() => document.activeElement?.getAttribute('href'));
    expect(plantHref).toMatch(/^\/products\//);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${suite.base}${plantHref}`);
    await plants.waitFor({ state: 'hidden' });
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
    // The new page's heading, once it has painted (a slow machine paints it after the URL changes).
    let headingUncovered = false;
    for (const until = Date.now() + 5_000; !headingUncovered && Date.now() < until;) {
      headingUncovered = await uncovered('main h1');
      if (!headingUncovered) await page.waitForTimeout(100);
    }
    expect(headingUncovered).toBe(true);
    // Still reachable from the keyboard: back up to the menu item, it opens, Tab enters it.
    for (let i = 0; i < 15 && (await focusedText()) !== 'Plants'; i += 1) await page.keyboard.press('Shift+Tab');
    await expect(focusedText()).resolves.toBe('Plants');
    await plants.waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.closest('.dropdown')?.getAttribute('aria-label'))).resolves.toBe('Plants products');
    expect(pageErrors).toEqual([]);
  });
  /** What the shopper sees of the cart button and the header's account link: painted text (uppercase) and width. */
  type HeaderClaim = { cart: string; cartWidth: number; account: string; accountWidth: number };

  /**
   * From the first frame of every document on (an init script, before the page's own scripts):
   * each state of the cart button and the account link the page paints, recorded every frame,
   * in `window.headerClaims`. Frames, not DOM changes: a DOM state between two frames is never
   * painted, and before the stylesheet has loaded nothing is.
   */
  const recordClaims = (context: BrowserContext) =>
    context.addInitScript(() => {
      const w = window as unknown as { headerClaims: HeaderClaim[] };
      w.headerClaims = [];
      const record = () => {
        const cart = document.getElementById('cart-button');
        const account = document.querySelector<HTMLElement>('.right-nav .account-link');
        if (cart && account) {
          const claim = {
            cart: cart.innerText.trim(),
            cartWidth: Math.round(cart.getBoundingClientRect().width),
            account: account.innerText.trim(),
            accountWidth: Math.round(account.getBoundingClientRect().width),
          };
          const last = w.headerClaims.at(-1);
          if (JSON.stringify(last) !== JSON.stringify(claim)) w.headerClaims.push(claim);
        }
        requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    });
  const claims = () => page.evaluate(() => (window as unknown as { headerClaims: HeaderClaim[] }).headerClaims);

  test('no false state: a signed-in shopper with a cart never sees "Cart (0)" nor a bare "Account"', async () => {
    await openPage(1280);
    // Sign in (the seeded customer) and put a line in the cart, as a shopper does.
    await page.goto(`${suite.base}/accounts/login`);
    await page.getByRole('main').getByLabel('Email', { exact: true }).fill(ADA.email);
    await page.getByRole('main').getByLabel('Password', { exact: true }).fill(ADA.password);
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${suite.base}/accounts/account`);
    await visitHydrated(page, `${suite.base}/products/bodega-bunch`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('button', { name: 'Cart (1)', exact: true }).waitFor();

    await recordClaims(context);
    for (const path of ['/', '/collections/bouquets']) {
      await visitHydrated(page, `${suite.base}${path}`);
      await page.getByRole('button', { name: 'Cart (1)', exact: true }).waitFor();
      await page.getByRole('banner').getByRole('link', { name: 'Your account, signed in as Ada' }).waitFor();
      await page.waitForFunction(() => (window as unknown as { headerClaims: HeaderClaim[] }).headerClaims.at(-1)?.account === 'ACCOUNT (ADA)');
      const seen = await claims();
      // The first paint makes no claim (no count, no account words), then the real ones come.
      expect(seen[0]).toMatchObject({ cart: 'CART', account: '' });
      expect(seen.map((c) => c.cart)).not.toContain('CART (0)');
      expect(seen.map((c) => c.account)).not.toContain('ACCOUNT');
      expect(seen.at(-1)).toMatchObject({ cart: 'CART (1)', account: 'ACCOUNT (ADA)' });
      // The count's room was kept: the cart button did not change width.
      expect(new Set(seen.map((c) => c.cartWidth)).size).toBe(1);
    }
    expect(pageErrors).toEqual([]);
  });

  test('a signed-out shopper: the neutral header turns into "Account" without moving', async () => {
    await openPage(1280);
    await recordClaims(context);
    await visitHydrated(page, `${suite.base}/`);
    await page.waitForFunction(() => (window as unknown as { headerClaims: HeaderClaim[] }).headerClaims.at(-1)?.account === 'ACCOUNT');
    await page.getByRole('button', { name: /^Cart \(\d+\)$/ }).waitFor();
    const seen = await claims();
    expect(seen[0]).toMatchObject({ cart: 'CART', account: '' });
    expect(seen.at(-1)!.cart).toMatch(/^CART \(\d+\)$/);
    expect(new Set(seen.map((c) => c.accountWidth)).size).toBe(1);
    expect(new Set(seen.map((c) => c.cartWidth)).size).toBe(1);
    // Neither state is without a name for assistive technology.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Account', exact: true }).count()).resolves.toBe(1);
    expect(pageErrors).toEqual([]);
  });
  test('a cart that cannot be read (Storefront down) shows no count, not "Cart (0)"', async () => {
    const storefront = suite.harness.t.emulators.storefront;
    ({ context, page, pageErrors } = await suite.open({
      width: 1280,
      // The cart fetch's 502 is the outage under test, not a fault of the page.
      expectedConsoleError: (message) => /status of 502/.test(message.text()),
    }));
    await visitHydrated(page, `${suite.base}/products/bodega-bunch`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('button', { name: 'Cart (1)', exact: true }).waitFor();
    await recordClaims(context);
    await setFault(storefront, { mode: 'error', status: 502 });
    try {
      // A fresh URL: the page cache may hold the others.
      const cartFetch = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/cart');
      await visitHydrated(page, `${suite.base}/faq?outage=${Date.now()}`);
      expect((await cartFetch).ok()).toBe(false);
      // The failed read has been rendered: two frames after the header says "Cart" again. Not
      // networkidle: with the platform down, background prefetches may keep the network busy.
      await page.waitForFunction(() => (window as unknown as { headerClaims: HeaderClaim[] }).headerClaims.at(-1)?.cart === 'CART');
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const seen = await claims();
      expect(seen.map((c) => c.cart)).not.toContain('CART (0)');
      expect(seen.at(-1)!.cart).toBe('CART');
    } finally {
      await setFault(storefront, { mode: 'none' });
    }
    expect(pageErrors).toEqual([]);
  });
});
