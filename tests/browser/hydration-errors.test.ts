/**
 * Every template hydrates without a hydration error, on the production process `npm start` runs
 * (page cache on, the emulators behind `/__local`): each route template of spec §2
 * (tests/support/route-templates.ts), a product in every state of the README's product table,
 * the unlocked members-only product, the invited customer's activation page and a password reset
 * page, at 1280 px, and the home and product pages at 375 px (the mobile menu replaces the
 * desktop navigation). Each opens in a fresh context in New York time (the shop's shoppers; the
 * server renders in its own zone) and records uncaught exceptions, console errors and the
 * browser's error reports to `/api/client-errors` (hydrateRoot's onRecoverableError and friends
 * post there); once the page and its deferred regions have hydrated (<html data-hydrated>,
 * client/components/DeferHydration.tsx) and the main thread has gone idle, all three are empty.
 *
 * A control proves the check can fail: the product page's server-rendered title, altered in the
 * document on its way to the browser, no longer matches what the browser renders from the
 * page's state, and the browser reports a recoverable hydration error.
 */
import request from 'supertest';
import type { ConsoleMessage } from 'playwright-core';
import { ORDER_PLACEHOLDER, ROUTE_TEMPLATES, type RouteTemplate } from '../support/route-templates';
import { serviceAvailable } from '../support/services';
import { CLIENT_ERRORS_PATH } from '../../shared/client-errors';
import {
  cartWithALine,
  cookiesOf,
  idle,
  recordClientErrorReports,
  signedInAda,
  useBrowserSuite,
  waitForHydration,
  type ShopCookie,
  type ShopPage,
} from './support';

const hasChromium = serviceAvailable('chromium');

/** Seeded in content/customers.json: Katherine is invited (her activation mail is in the inbox from the start). */
const INVITED = 'katherine@example.com';
const GRACE = 'grace@example.com';
const LOCKED = { handle: 'the-private-garden', password: 'gramercy-members' };
/** The weekly plan of the Weekly Flower Subscription (content/catalog.json). */
const WEEKLY_PLAN = 7001;

/** The shop's shoppers' clock and language (the server renders in its own zone, UTC here). */
const SHOPPER = { timezoneId: 'America/New_York', locale: 'en-US' };

/** Links known only once the shop runs (mail tokens, order numbers), filled in beforeAll. */
const ACTIVATION_PLACEHOLDER = '{activation}';
const RESET_PLACEHOLDER = '{reset}';

type Case = RouteTemplate & { width: number; unlocked?: boolean; firstVisit?: boolean };

/** The README's product table, beyond the states ROUTE_TEMPLATES already has. */
const PRODUCT_STATES: RouteTemplate[] = [
  { name: 'product, available (cheap line)', path: '/products/bodega-bunch' },
  { name: 'product, subscription', path: '/products/weekly-flower-subscription' },
  { name: 'product, subscription plan chosen', path: `/products/weekly-flower-subscription?selling_plan=${WEEKLY_PLAN}` },
  { name: 'product, local delivery only (8 in stock)', path: '/products/hudson-valley-hydrangeas' },
  { name: 'product, local delivery only, 3-day lead time', path: '/products/olive-tree-in-terracotta' },
  { name: 'product, only a few left', path: '/products/coral-charm-tulips' },
  { name: 'product, sale (compare-at price)', path: '/products/ranunculus-ribbon' },
  { name: 'product, images and a video', path: '/products/garden-rose-dozen' },
];

const CASES: Case[] = [
  ...ROUTE_TEMPLATES.map((template) => ({ ...template, width: 1280 })),
  ...PRODUCT_STATES.map((template) => ({ ...template, width: 1280 })),
  { name: 'product, members only, unlocked', path: `/products/${LOCKED.handle}`, unlocked: true, width: 1280 },
  { name: 'activation (invited customer)', path: ACTIVATION_PLACEHOLDER, width: 1280 },
  { name: 'reset password', path: RESET_PLACEHOLDER, width: 1280 },
  // A first visit: the cookie banner slides in (its choice is read in the browser only).
  { name: 'home, first visit', path: '/', firstVisit: true, width: 1280 },
  { name: 'home', path: '/', width: 375 },
  { name: 'product', path: '/products/classic-gramercy-bouquet', width: 375 },
  { name: 'product, subscription', path: '/products/weekly-flower-subscription', width: 375 },
];

/** What one page raised while it loaded and hydrated. */
type Recorded = { page: string; pageErrors: string[]; consoleErrors: string[]; reports: unknown[] };

/**
 * Records on `shop.page` (opened without console collection: every console error is kept here)
 * its console errors and its error reports with their JSON bodies (recordClientErrorReports).
 * @param expected a console error that is the page's own answer, not a fault
 */
function record(shop: ShopPage, label: string, expected?: (message: ConsoleMessage) => boolean): Recorded {
  const recorded: Recorded = { page: label, pageErrors: shop.pageErrors, consoleErrors: [], reports: recordClientErrorReports(shop.page) };
  shop.page.on('console', (message) => {
    if (message.type() === 'error' && !expected?.(message)) recorded.consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  return recorded;
}

(hasChromium ? describe : describe.skip)('hydration without errors', () => {
  const suite = useBrowserSuite();
  const cookies: Record<'session' | 'cart' | 'unlocked', ShopCookie[]> = { session: [], cart: [], unlocked: [] };
  const placeholders = new Map<string, string>();

  /** The newest mail of `kind` to `to` in the Storefront emulator's inbox: its link, on the shop's origin. */
  async function mailLink(to: string, kind: string): Promise<string> {
    const { url, debugToken } = suite.harness.t.emulators.storefront;
    const res = await fetch(`${url}/__emulator/inbox.json?to=${encodeURIComponent(to)}`, { headers: { 'x-emulator-token': debugToken } });
    const { messages } = (await res.json()) as { messages: { kind: string; link: string }[] };
    const link = messages.find((m) => m.kind === kind)?.link;
    if (!link) throw new Error(`no ${kind} mail for ${to}`);
    return new URL(link).pathname;
  }

  beforeAll(async () => {
    const { base } = suite;
    const ada = await signedInAda(base);
    cookies.session = ada.session;
    placeholders.set(ORDER_PLACEHOLDER, ada.order);
    cookies.cart = await cartWithALine(base);
    const unlocked = await request(base)
      .post(`/products/${LOCKED.handle}/unlock`)
      .set('Origin', base)
      .type('form')
      .send({ password: LOCKED.password });
    cookies.unlocked = cookiesOf(unlocked, base);
    if (!cookies.unlocked.some((c) => c.name === `unlock_${LOCKED.handle}`)) throw new Error(`unlock answered ${unlocked.status} without its cookie`);
    // The mails' links (`/account/activate/…`, `/account/reset/…`) redirect to the account pages.
    placeholders.set(ACTIVATION_PLACEHOLDER, await mailLink(INVITED, 'activation'));
    const recover = await request(base).post('/api/customer/recover').send({ email: GRACE });
    if (recover.status !== 200) throw new Error(`recover answered ${recover.status}`);
    placeholders.set(RESET_PLACEHOLDER, await mailLink(GRACE, 'password-reset'));
  }, 60_000);

  test.each(CASES.map((c) => [`${c.width} px ${c.name}: ${c.path}`, c] as const))('%s', async (label, c) => {
    const { base } = suite;
    const path = [...placeholders].reduce((p, [placeholder, value]) => p.replace(placeholder, value), c.path);
    const shop = await suite.open({
      width: c.width,
      firstVisit: c.firstVisit,
      collectConsoleErrors: false,
      context: SHOPPER,
      prepare: async (context) => {
        const jar = [...(c.session ? cookies.session : []), ...(c.cart ? cookies.cart : []), ...(c.unlocked ? cookies.unlocked : [])];
        if (jar.length) await context.addCookies(jar);
      },
    });
    // The 404 page's own status is the one error Chromium logs on purpose.
    const documentStatus = (message: ConsoleMessage) =>
      c.name === '404' && /status of 404/.test(message.text()) && message.location().url === `${base}${path}`;
    const recorded = record(shop, label, documentStatus);
    // The app hydrates after the first paint (ADR-0022), not after `load`, which may come later.
    const response = await shop.page.goto(`${base}${path}`, { waitUntil: 'commit' });
    expect(response?.status()).toBe(c.name === '404' ? 404 : 200);
    await waitForHydration(shop.page);
    await idle(shop.page);
    expect(recorded).toEqual({ page: label, pageErrors: [], consoleErrors: [], reports: [] });
  });

  // Passes only where React hydrates in the browser (hydrateRoot reports through onRecoverableError).
  test('control: a server-rendered product title altered in the document is reported as a recoverable error', async () => {
    const { base } = suite;
    const path = '/products/bodega-bunch';
    const title = '<h1 class="product__title">The Bodega Bunch</h1>';
    const shop = await suite.open({ width: 1280, collectConsoleErrors: false, context: SHOPPER });
    let altered = false;
    await shop.page.route(`${base}${path}`, async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      altered = html.includes(title);
      await route.fulfill({ response, body: html.replace(title, '<h1 class="product__title">The Bodega Bunch, altered</h1>') });
    });
    const recorded = record(shop, `control ${path}`);
    const reported = shop.page.waitForRequest((req) => new URL(req.url()).pathname === CLIENT_ERRORS_PATH, { timeout: 15_000 });
    await shop.page.goto(`${base}${path}`);
    // The report, or (where nothing reports) the hydrated page: the expectations below say which.
    await Promise.race([reported, waitForHydration(shop.page)].map((waited) => waited.catch(() => undefined)));
    await idle(shop.page);
    expect(altered).toBe(true);
    expect(recorded.reports).toContainEqual(expect.objectContaining({ kind: 'recoverable' }));
    // React recovered by rendering the page in the browser: the title is the page state's.
    await expect(shop.page.locator('h1.product__title').textContent()).resolves.toBe('The Bodega Bunch');
  });
});
