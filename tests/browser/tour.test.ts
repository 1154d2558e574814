/**
 * A shopper's tour of every route template (tests/support/route-templates.ts) at the four widths a
 * layout is checked at (375, 768, 1024 and 1280 px), on the production process `npm start` runs:
 * each page hydrates without an error, and none scrolls sideways (no element wider than the window
 * hidden or not: a phone's or tablet's shopper would drag the page left and right).
 */
import request from 'supertest';
import type { BrowserContext } from 'playwright-core';
import { signIn } from '../support/customer';
import { ADA, CART_VARIANT, firstOrderPath, ORDER_PLACEHOLDER, ROUTE_TEMPLATES } from '../support/route-templates';
import { serviceAvailable } from '../support/services';
import { openShopPage, replacedCartFetch, startBrowserHarness, viewportAt, waitForHydration, type BrowserHarness } from './support';

const hasChromium = serviceAvailable('chromium');
jest.setTimeout(240_000);

const WIDTHS = [375, 768, 1024, 1280];

(hasChromium ? describe : describe.skip)('the tour at every width', () => {
  let harness: BrowserHarness;
  let base: string;
  let session: { name: string; value: string }[];
  let cart: { name: string; value: string }[];
  let orderPath: string;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    harness = await startBrowserHarness();
    base = harness.base;
    const jar = await signIn({ app: base, config: { siteUrl: base } }, ADA.email, ADA.password);
    session = [...jar.values].map(([name, value]) => ({ name, value }));
    orderPath = firstOrderPath((await request(base).get('/accounts/orders').set('Cookie', jar.header())).text)!;
    const added = await request(base).post('/cart').set('Origin', base).type('form').send({ merchandiseId: CART_VARIANT, quantity: '1' });
    cart = [added.headers['set-cookie'] as unknown as string[]].flat().map((c) => {
      const pair = c.split(';')[0];
      return { name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) };
    });
  }, 120_000);
  afterAll(() => harness?.stop());
  afterEach(() => context?.close());

  test.each(WIDTHS)('%i px: every template hydrates without an error and no page scrolls sideways', async (width) => {
    const opened = await openShopPage(harness, {
      context: { viewport: viewportAt(width), userAgent: harness.userAgent },
      // The 404 template's own status is the one error a shopper's console shows on purpose.
      expectedConsoleError: (message) =>
        replacedCartFetch(message) || (/status of 404/.test(message.text()) && message.location().url.includes('/no-such-page')),
    });
    context = opened.context;
    const { page, pageErrors } = opened;
    const wide: string[] = []; // the templates that scroll sideways or never hydrated
    for (const template of ROUTE_TEMPLATES) {
      // Leave the last page first: its requests still in flight (a signed-in page links the cart's
      // buyer identity) would otherwise go out with the next template's cookies and answer 401.
      await page.goto('about:blank');
      await context.clearCookies();
      const cookies = [...(template.session ? session : []), ...(template.cart ? cart : [])];
      if (cookies.length) await context.addCookies(cookies.map((c) => ({ ...c, url: base })));
      await page.goto(`${base}${template.path.replace(ORDER_PLACEHOLDER, orderPath.split('/').pop()!)}`);
      const hydrated = await waitForHydration(page).then(
        () => true,
        () => false,
      );
      if (!hydrated) wide.push(`${template.name} (${template.path}): not hydrated`);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      if (scrollWidth > innerWidth) wide.push(`${template.name} (${template.path}): ${scrollWidth} > ${innerWidth}`);
    }
    expect(wide).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
