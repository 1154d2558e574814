/**
 * Accessibility: axe-core (`@axe-core/playwright`) finds 0 violations on every
 * route template (tests/support/route-templates.ts) in Chromium, and with the cart drawer, the
 * delivery calendar and the 375 px mobile menu open. axe is injected as a script, which the
 * shop's CSP (script-src 'self') would block: the contexts bypass the CSP for that only.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { ORDER_PLACEHOLDER, ROUTE_TEMPLATES } from '../support/route-templates';
import { serviceAvailable } from '../support/services';
import { cartWithALine, signedInAda, useBrowserSuite, type ShopCookie } from './support';

const hasChromium = serviceAvailable('chromium');
jest.setTimeout(120_000);

(hasChromium ? describe : describe.skip)('axe: 0 violations', () => {
  const suite = useBrowserSuite();
  let session: ShopCookie[];
  let order: string;

  beforeAll(async () => {
    ({ session, order } = await signedInAda(suite.base));
  }, 60_000);

  /** A page at `width` px (900 high) with `cookies`, its CSP bypassed for axe's script. */
  async function openPage(width = 1280, cookies: ShopCookie[] = []): Promise<Page> {
    const { page } = await suite.open({
      context: { viewport: { width, height: 900 }, bypassCSP: true },
      timeoutMs: 15_000,
      prepare: async (context) => {
        if (cookies.length) await context.addCookies(cookies);
      },
    });
    return page;
  }

  /** axe's violations as readable lines: rule, impact, the elements' selectors and the fix. */
  async function violations(page: Page): Promise<string[]> {
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations.flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ')}`),
    );
  }

  test.each(ROUTE_TEMPLATES.map((r) => [r.name, r] as const))('%s', async (_name, route) => {
    const path = route.path.replace(ORDER_PLACEHOLDER, order);
    const cookies = [...(route.session ? session : []), ...(route.cart ? await cartWithALine(suite.base) : [])];
    const page = await openPage(1280, cookies);
    const res = await page.goto(`${suite.base}${path}`, { waitUntil: 'networkidle' });
    expect(`${path} ${res?.status()}`).toBe(`${path} ${route.name === '404' ? 404 : 200}`);
    expect(await violations(page)).toEqual([]);
  });

  /** Clicks `target` until `opened` shows (a click that lands before hydration does nothing). */
  async function clickUntil(page: Page, target: string, opened: string) {
    for (let attempt = 0; attempt < 10; attempt++) {
      await page.locator(target).first().click();
      if (await page.locator(opened).first().isVisible()) return;
      await page.waitForTimeout(1_000);
      if (await page.locator(opened).first().isVisible()) return;
    }
    throw new Error(`${opened} never showed after clicking ${target}`);
  }

  test('with the cart drawer and the delivery calendar open', async () => {
    const page = await openPage();
    await page.goto(`${suite.base}/products/bodega-bunch`, { waitUntil: 'networkidle' });
    await clickUntil(page, '.add-to-cart button[type="submit"]', '.cart-drawer.is-open');
    // The calendar is loaded lazily once the drawer holds a line.
    await page.locator('.cart-drawer .rdp-root').waitFor();
    expect(await violations(page)).toEqual([]);
  });

  test('with the mobile menu open at 375 px', async () => {
    const page = await openPage(375);
    await page.goto(`${suite.base}/`, { waitUntil: 'networkidle' });
    await clickUntil(page, '.menu-toggle', '#mobile-menu');
    expect(await violations(page)).toEqual([]);
  });
});
