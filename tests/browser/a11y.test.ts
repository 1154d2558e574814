/**
 * Accessibility: axe-core (`@axe-core/playwright`) finds 0 violations on every
 * route template (tests/support/route-templates.ts) in Chromium, and with the cart drawer, the
 * delivery calendar and the 375 px mobile menu open. axe is injected as a script, which the
 * shop's CSP (script-src 'self') would block: the contexts bypass the CSP for that only.
 */
import AxeBuilder from '@axe-core/playwright';
import request from 'supertest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADA, CART_VARIANT, firstOrderPath, ORDER_PLACEHOLDER, ROUTE_TEMPLATES } from '../support/route-templates';
import { serviceAvailable } from '../support/services';
import { signIn } from '../support/customer';
import { startBrowserHarness, type BrowserHarness } from './support';

const hasChromium = serviceAvailable('chromium');
jest.setTimeout(120_000);

type Cookie = { name: string; value: string };

(hasChromium ? describe : describe.skip)('axe: 0 violations', () => {
  let harness: BrowserHarness;
  let browser: Browser;
  let base: string;
  let userAgent: string;
  let session: Cookie[];
  let context: BrowserContext;
  let orderPath: string | null;

  beforeAll(async () => {
    harness = await startBrowserHarness();
    ({ browser, base, userAgent } = harness);
    const jar = await signIn({ app: base, config: { siteUrl: base } }, ADA.email, ADA.password);
    session = [...jar.values].map(([name, value]) => ({ name, value }));
    orderPath = firstOrderPath((await request(base).get('/accounts/orders').set('Cookie', jar.header())).text);
  }, 60_000);
  afterAll(() => harness?.stop());
  afterEach(() => context?.close());

  /** A cart with one line, as the no-JS form makes it: its `cart_id` cookie. */
  async function cartCookie(): Promise<Cookie[]> {
    const res = await request(base).post('/cart').type('form').send({ merchandiseId: CART_VARIANT, quantity: '1' });
    return [res.headers['set-cookie']]
      .flat()
      .map((c: string) => c.split(';')[0])
      .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) }));
  }

  async function openPage(width = 1280, cookies: Cookie[] = []): Promise<Page> {
    context = await browser.newContext({ viewport: { width, height: 900 }, userAgent, bypassCSP: true });
    if (cookies.length) await context.addCookies(cookies.map((c) => ({ ...c, url: base })));
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
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
    const path = route.path.replace(ORDER_PLACEHOLDER, orderPath?.split('/').pop() ?? 'none');
    const cookies = [...(route.session ? session : []), ...(route.cart ? await cartCookie() : [])];
    const page = await openPage(1280, cookies);
    const res = await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
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
    await page.goto(`${base}/products/bodega-bunch`, { waitUntil: 'networkidle' });
    await clickUntil(page, '.add-to-cart button[type="submit"]', '.cart-drawer.is-open');
    // The calendar is loaded lazily once the drawer holds a line.
    await page.locator('.cart-drawer .rdp-root').waitFor();
    expect(await violations(page)).toEqual([]);
  });

  test('with the mobile menu open at 375 px', async () => {
    const page = await openPage(375);
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await clickUntil(page, '.menu-toggle', '#mobile-menu');
    expect(await violations(page)).toEqual([]);
  });
});
