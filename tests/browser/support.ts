/**
 * The shop served over real HTTP for Chromium: the test app (emulators on free ports, built
 * client bundle) behind a Node HTTP server on 127.0.0.1, and a headless Chromium.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type ConsoleMessage, type Page } from 'playwright-core';
import { POPUP_SEEN_KEY } from '../../client/components/marketing/NewsletterPopup';
import { COOKIE_POLICY_KEY } from '../../client/stores/consent';
import type { App } from '../../server/app';
import { startTestApp, type TestApp } from '../server/support/app';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/services';

export type BrowserHarness = {
  t: TestApp;
  /** The shop's origin, e.g. http://127.0.0.1:41234 (also its SITE_URL). */
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
  /** From now on the server answers with `app` (a deploy: another build behind the same origin); `t.app` by default. */
  serve(app: App): void;
  stop(): Promise<void>;
};

export async function startBrowserHarness(): Promise<BrowserHarness> {
  // Listen first: the site URL (checked as Origin by the JSON API, the OAuth redirect URI) must
  // be the real one.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const t = await startTestApp({ env: { SITE_URL: base } });
  let current: App = t.app;
  server.on('request', (req, res) => current(req, res));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const { userAgent } = await (await browser.newBrowserCDPSession()).send('Browser.getVersion');
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options?: BrowserContextOptions) => {
    const context = await newContext(options);
    await context.addInitScript(
      ({ popup, cookies }) => {
        if (localStorage.getItem(popup) === null) localStorage.setItem(popup, 'seen on an earlier visit');
        if (localStorage.getItem(cookies) === null) localStorage.setItem(cookies, 'granted');
      },
      { popup: POPUP_SEEN_KEY, cookies: COOKIE_POLICY_KEY },
    );
    return context;
  };
  return {
    t,
    base,
    browser,
    userAgent: userAgent.replace('HeadlessChrome', 'Chrome'),
    newFirstVisitContext: newContext,
    serve(app) {
      current = app;
    },
    async stop() {
      await browser.close();
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
  harness: BrowserHarness,
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
