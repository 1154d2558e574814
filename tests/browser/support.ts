/**
 * The shop served over real HTTP for Chromium: the test app (emulators on free ports, built
 * client bundle) behind a Node HTTP server on 127.0.0.1, and a headless Chromium.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
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
