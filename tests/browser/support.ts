/**
 * The shop for Chromium, as users run it: by default the production process `npm start` runs
 * (tests/support/shop-process.ts: NODE_ENV=production, page cache on, default rate limits, the
 * emulators in the shop's child process behind `/__local`), and a headless Chromium. A suite that
 * must swap the app itself (a deploy of another build behind the same origin) uses
 * {@link startInProcessBrowserHarness} instead. A suite registers either with
 * {@link useBrowserSuite}; the route templates' signed-in and cart states come from
 * {@link signedInAda} and {@link cartWithALine}.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type ConsoleMessage, type Page } from 'playwright-core';
import { POPUP_SEEN_KEY } from '../../client/components/marketing/NewsletterPopup';
import { CLIENT_ERRORS_PATH } from '../../shared/client-errors';
import { COOKIE_POLICY_KEY } from '../../client/stores/consent';
import type { App } from '../../server/app';
import { startTestApp, type TestApp } from '../support/app';
import { setCookies, signIn } from '../support/customer';
import { ADA, CART_VARIANT, firstOrderPath } from '../support/route-templates';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/services';
import { startShopProcess, type ShopProcess } from '../support/shop-process';

/** Chromium and the contexts every harness hands out. */
type BrowserParts = Pick<BrowserHarness, 'browser' | 'userAgent' | 'newFirstVisitContext'>;

export type BrowserHarness = {
  /** The running shop: its process, output and emulators (`t.emulators.storefront.url`, `.debugToken`). */
  t: ShopProcess;
  /** The shop's origin, `http://localhost:{port}` as `npm start` prints it (also its SITE_URL). */
  base: string;
  browser: Browser;
  /**
   * A shopper's user agent: this Chromium's own with "HeadlessChrome" made "Chrome", since
   * HeadlessChrome counts as a bot and bots get no error page (spec §4).
   */
  userAgent: string;
  /**
   * A first visit: the cookie banner slides in and the newsletter popup may open (spec §2).
   * Contexts from `browser.newContext` are a returning visitor's instead (cookies accepted,
   * popup seen), so neither covers what another suite is clicking.
   */
  newFirstVisitContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  stop(): Promise<void>;
};

/** Chromium, with `browser.newContext` making a returning visitor's contexts (see BrowserHarness). */
async function launchBrowser(): Promise<BrowserParts> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const { userAgent } = await (await browser.newBrowserCDPSession()).send('Browser.getVersion');
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options?: BrowserContextOptions) => {
    const context = await newContext(options);
    await context.addInitScript(
      ({ popup, cookies }) => {
        if (location.origin === 'null') return; // about:blank has no storage
        if (localStorage.getItem(popup) === null) localStorage.setItem(popup, 'seen on an earlier visit');
        if (localStorage.getItem(cookies) === null) localStorage.setItem(cookies, 'granted');
      },
      { popup: POPUP_SEEN_KEY, cookies: COOKIE_POLICY_KEY },
    );
    return context;
  };
  return { browser, userAgent: userAgent.replace('HeadlessChrome', 'Chrome'), newFirstVisitContext: newContext };
}

/**
 * The production shop process (what `npm start` serves) and Chromium.
 * @param opts.env variables for the shop over npm start's, only for a suite testing that part
 */
export async function startBrowserHarness(opts: { env?: Record<string, string> } = {}): Promise<BrowserHarness> {
  const t = await startShopProcess({ env: opts.env });
  try {
    const parts = await launchBrowser();
    return {
      ...parts,
      t,
      base: t.origin,
      async stop() {
        await parts.browser.close();
        await t.stop();
      },
    };
  } catch (err) {
    await t.stop();
    throw err;
  }
}

/** The in-process harness: the test app (tests/support/app.ts) behind a Node HTTP server the suite can repoint. */
export type InProcessBrowserHarness = Omit<BrowserHarness, 't'> & {
  t: TestApp;
  /** From now on the server answers with `app` (a deploy: another build behind the same origin); `t.app` by default. */
  serve(app: App): void;
};

/**
 * The test app in this process behind a loopback server, for the one thing the production
 * process cannot do: swap the app (a deploy of a new build id behind the same origin, spec §1).
 */
export async function startInProcessBrowserHarness(): Promise<InProcessBrowserHarness> {
  // Listen first: the site URL (checked as Origin by the JSON API, the OAuth redirect URI) must
  // be the real one.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const t = await startTestApp({ env: { SITE_URL: base } });
  let current: App = t.app;
  server.on('request', (req, res) => current(req, res));
  const parts = await launchBrowser();
  return {
    ...parts,
    t,
    base,
    serve(app) {
      current = app;
    },
    async stop() {
      await parts.browser.close();
      await new Promise((resolve) => server.close(resolve));
      await t.stop();
    },
  };
}

/** A fresh browser context with one page, and the errors the shop's own pages raised in it. */
export type ShopPage = {
  context: BrowserContext;
  page: Page;
  /**
   * Uncaught exceptions, and console errors while the page is on the shop's origin (another
   * origin, such as the emulator's checkout page, is not ours), as `"{text} {url}"`; a test
   * expects it empty.
   */
  pageErrors: string[];
};

/**
 * Opens a page as a shopper would: a new context (1280×900 unless `context` says otherwise; a
 * returning visitor's, or with `firstVisit` a first visit's, see BrowserHarness) and its page,
 * collecting errors into `pageErrors`. Close `context` after the test.
 * @param opts.context     context options over the default viewport (user agent, JavaScript off…)
 * @param opts.firstVisit  the cookie banner and the newsletter popup may show
 * @param opts.prepare     runs on the context before the page exists (init scripts)
 * @param opts.collectConsoleErrors false: only uncaught exceptions are collected (default true)
 * @param opts.expectedConsoleError the console errors that are answers the page shows, not faults
 */
export async function openShopPage(
  harness: BrowserHarness | InProcessBrowserHarness,
  opts: {
    context?: BrowserContextOptions;
    firstVisit?: boolean;
    prepare?: (context: BrowserContext) => Promise<void>;
    collectConsoleErrors?: boolean;
    expectedConsoleError?: (message: ConsoleMessage) => boolean;
  } = {},
): Promise<ShopPage> {
  const options = { viewport: { width: 1280, height: 900 }, ...opts.context };
  const context = opts.firstVisit ? await harness.newFirstVisitContext(options) : await harness.browser.newContext(options);
  await opts.prepare?.(context);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  const { collectConsoleErrors = true, expectedConsoleError } = opts;
  if (collectConsoleErrors) {
    page.on('console', (message) => {
      if (message.type() !== 'error' || !page.url().startsWith(harness.base) || expectedConsoleError?.(message)) return;
      pageErrors.push(`${message.text()} ${message.location().url}`);
    });
  }
  return { context, page, pageErrors };
}

/** The viewport the layout checks use at `width` px: a phone's height below 768 px, else 900. */
export const viewportAt = (width: number) => ({ width, height: width < 768 ? 812 : 900 });

/**
 * What {@link useBrowserSuite}'s `open` takes: openShopPage's options, a width for
 * {@link viewportAt}, and the page's default timeout for its actions and waits (ms; Playwright's
 * 30 s if unset), so that a stuck step fails on its own, naming the step.
 */
export type SuitePageOptions = NonNullable<Parameters<typeof openShopPage>[1]> & { width?: number; timeoutMs?: number };

/** A registered browser suite: its harness, origin and page opener (see {@link useBrowserSuite}). */
export type BrowserSuite<H extends BrowserHarness | InProcessBrowserHarness> = {
  /** The running harness; throws before the suite's beforeAll has started it. */
  readonly harness: H;
  /** The shop's origin (`harness.base`). */
  readonly base: string;
  /** {@link openShopPage} with a shopper's user agent; the context closes after the test. */
  open(options?: SuitePageOptions): Promise<ShopPage>;
};

/** How long the harness may take to start (ms): a shop process and Chromium on a busy machine. */
type SuiteStart = { startTimeoutMs?: number };

/**
 * The usual browser suite, registered on the describe that calls it: the production shop and
 * Chromium start before its tests ({@link startBrowserHarness}, with `env` over npm start's
 * variables) and stop after them, and every context `open` made closes after its test.
 * `harness` and `base` throw before the start. `open` is {@link openShopPage} with a shopper's
 * user agent (HeadlessChrome counts as a bot).
 *
 * With `inProcess`, the suite runs the in-process app instead
 * ({@link startInProcessBrowserHarness}), for a suite that deploys another build behind the
 * origin: after each test the origin serves the test app again, so a deploy lasts one test.
 */
export function useBrowserSuite(opts?: SuiteStart & { env?: Record<string, string> }): BrowserSuite<BrowserHarness>;
export function useBrowserSuite(opts: SuiteStart & { inProcess: true }): BrowserSuite<InProcessBrowserHarness>;
export function useBrowserSuite(
  opts: SuiteStart & { env?: Record<string, string>; inProcess?: boolean } = {},
): BrowserSuite<BrowserHarness | InProcessBrowserHarness> {
  let harness: BrowserHarness | InProcessBrowserHarness | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    harness = opts.inProcess ? await startInProcessBrowserHarness() : await startBrowserHarness({ env: opts.env });
  }, opts.startTimeoutMs ?? 90_000);
  afterAll(() => harness?.stop());
  afterEach(async () => {
    if (harness && 'serve' in harness) harness.serve(harness.t.app);
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  const started = () => {
    if (!harness) throw new Error('the browser suite has not started (useBrowserSuite runs in beforeAll)');
    return harness;
  };
  return {
    get harness() {
      return started();
    },
    get base() {
      return started().base;
    },
    async open({ width, timeoutMs, ...options }: SuitePageOptions = {}): Promise<ShopPage> {
      const shop = await openShopPage(started(), {
        ...options,
        context: { userAgent: started().userAgent, ...(width ? { viewport: viewportAt(width) } : {}), ...options.context },
      });
      contexts.push(shop.context);
      if (timeoutMs !== undefined) shop.page.setDefaultTimeout(timeoutMs);
      return shop;
    },
  };
}

/** A cookie as a context's `addCookies` takes it, on the shop's origin. */
export type ShopCookie = { name: string; value: string; url: string };

/** The `name=value` pairs of a supertest answer's Set-Cookie headers, as cookies on `base`. */
export const cookiesOf = (res: { headers: Record<string, unknown> }, base: string): ShopCookie[] =>
  setCookies(res).map((header) => {
    const pair = header.split(';')[0];
    return { name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: base };
  });

/**
 * Ada signed in on the shop at `base` (tests/support/customer.ts `signIn`): her session's cookies,
 * for the route templates marked `session`, and her first order's number, which stands for
 * ORDER_PLACEHOLDER. Throws if the sign-in fails or her orders page links no order.
 */
export async function signedInAda(base: string): Promise<{ session: ShopCookie[]; order: string }> {
  const jar = await signIn({ app: base, config: { siteUrl: base } }, ADA.email, ADA.password);
  const orderPath = firstOrderPath((await request(base).get('/accounts/orders').set('Cookie', jar.header())).text);
  if (!orderPath) throw new Error("no order link on Ada's orders page");
  return { session: [...jar.values].map(([name, value]) => ({ name, value, url: base })), order: orderPath.split('/').pop()! };
}

/** A new cart with one line (CART_VARIANT) as the no-JavaScript form makes it: its cookies, for the templates marked `cart`. */
export async function cartWithALine(base: string): Promise<ShopCookie[]> {
  const added = await request(base).post('/cart').set('Origin', base).type('form').send({ merchandiseId: CART_VARIANT, quantity: '1' });
  return cookiesOf(added, base);
}

/** A checked-out cart's fetch answers 404 by design (spec §4: a new cart replaces it); Chromium logs it. */
export const replacedCartFetch = (message: ConsoleMessage) =>
  /status of 404/.test(message.text()) && message.location().url.includes('/api/cart?id=');

/**
 * Waits until the app has hydrated the whole page, its deferred regions included
 * (client/components/DeferHydration.tsx): client/lib/early-input.ts marks <html data-hydrated>.
 * The app starts after the first paint (ADR-0022): a click before that is the no-JavaScript
 * page's (Add to cart posts the form and leaves for /cart).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
}

/** Loads `url` and waits until the app has hydrated it ({@link waitForHydration}). */
export async function visitHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
}

/**
 * The bodies (parsed JSON, else text) of the error reports `page` posts to CLIENT_ERRORS_PATH
 * (client/lib/report-client-error.ts: React's recoverable, uncaught and caught errors), as they are sent.
 */
export function recordClientErrorReports(page: Page): unknown[] {
  const reports: unknown[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname !== CLIENT_ERRORS_PATH) return;
    let body: unknown = req.postData();
    try {
      body = req.postDataJSON();
    } catch {
      // not JSON: kept as text
    }
    reports.push(body);
  });
  return reports;
}

/**
 * Waits until the main thread has been idle twice in a row (a hydration retry, a recovering
 * client render or a re-render after hydration is scheduled work, which runs before an idle
 * callback), then a moment for the browser's events to reach the test.
 */
export async function idle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let idled = 0;
        const next = () => requestIdleCallback(() => (++idled === 2 ? resolve() : next()), { timeout: 1000 });
        next();
      }),
  );
  await page.waitForTimeout(200);
}
