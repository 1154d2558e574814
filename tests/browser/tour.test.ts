/**
 * A shopper's tour of every route template (tests/support/route-templates.ts) at the four widths a
 * layout is checked at (375, 768, 1024 and 1280 px), on the production process `npm start` runs:
 * each page hydrates without an error, and none scrolls sideways (no element wider than the window
 * hidden or not: a phone's or tablet's shopper would drag the page left and right).
 */
import { ORDER_PLACEHOLDER, ROUTE_TEMPLATES } from '../support/route-templates';
import { serviceAvailable } from '../support/services';
import { cartWithALine, replacedCartFetch, signedInAda, useBrowserSuite, waitForHydration, type ShopCookie } from './support';

const hasChromium = serviceAvailable('chromium');
jest.setTimeout(240_000);

const WIDTHS = [375, 768, 1024, 1280];

(hasChromium ? describe : describe.skip)('the tour at every width', () => {
  const suite = useBrowserSuite();
  let session: ShopCookie[];
  let cart: ShopCookie[];
  let order: string;

  beforeAll(async () => {
    ({ session, order } = await signedInAda(suite.base));
    cart = await cartWithALine(suite.base);
  }, 60_000);

  test.each(WIDTHS)('%i px: every template hydrates without an error and no page scrolls sideways', async (width) => {
    const { context, page, pageErrors } = await suite.open({
      width,
      // The 404 template's own status is the one error a shopper's console shows on purpose.
      expectedConsoleError: (message) =>
        replacedCartFetch(message) || (/status of 404/.test(message.text()) && message.location().url.includes('/no-such-page')),
    });
    const wide: string[] = []; // the templates that scroll sideways or never hydrated
    for (const template of ROUTE_TEMPLATES) {
      // Leave the last page first: its requests still in flight (a signed-in page links the cart's
      // buyer identity) would otherwise go out with the next template's cookies and answer 401.
      await page.goto('about:blank');
      await context.clearCookies();
      const cookies = [...(template.session ? session : []), ...(template.cart ? cart : [])];
      if (cookies.length) await context.addCookies(cookies);
      await page.goto(`${suite.base}${template.path.replace(ORDER_PLACEHOLDER, order)}`);
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
