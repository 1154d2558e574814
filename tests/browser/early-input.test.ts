/**
 * What the shopper does before the app has started (client/lib/early-input.ts), in real Chromium
 * against the real app: the start chunk is held back by the test, so the shopper uses the
 * server's HTML; nothing leaves the page, and once the chunk arrives the app does what was asked.
 * - sign-in: no native POST to /accounts/login; one sign-in request; the account page;
 * - the footer sign-up (a controlled form in a region that hydrates later): the email typed
 *   before hydration is the one sent, once, and it never appears in the page's URL;
 * - an option chip clicked before hydration: the variant is chosen once the app runs.
 */
import type { Page, Request } from 'playwright-core';
import { COOKIE_POLICY_KEY } from '../../client/stores/consent';
import { serviceAvailable } from '../support/services';
import { useBrowserSuite, waitForHydration } from './support';

const hasChromium = serviceAvailable('chromium');

jest.setTimeout(60_000);

(hasChromium ? describe : describe.skip)('forms submitted before the app has started', () => {
  const suite = useBrowserSuite();
  let page: Page;
  let pageErrors: string[];
  let posts: string[];
  /** Lets the held start chunk through. */
  let releaseApp: () => void;

  afterEach(() => expect(pageErrors).toEqual([]));

  /** A fresh page whose start chunk (`/assets/start-*.js`) waits for `releaseApp()`. */
  async function openPage() {
    ({ page, pageErrors } = await suite.open({
      timeoutMs: 15_000,
      // The cookie banner is answered beforehand (it would cover the footer form).
      prepare: async (fresh) => {
        await fresh.addInitScript((key) => localStorage.setItem(key, 'denied'), COOKIE_POLICY_KEY);
      },
    }));
    const released = new Promise<void>((resolve) => (releaseApp = resolve));
    await page.route(/\/assets\/start-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    posts = [];
    page.on('request', (request: Request) => {
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
    });
  }

  const main = () => page.getByRole('main');

  test('sign-in sent before the app has started: held, then signed in through the app', async () => {
    await openPage();
    await page.goto(`${suite.base}/accounts/login`, { waitUntil: 'domcontentloaded' });
    await main().getByLabel('Email', { exact: true }).fill('ada@example.com');
    await main().getByLabel('Password', { exact: true }).fill('flowers-ada-1815');
    await main().getByRole('button', { name: 'Sign in' }).click();

    // Held: the page stays, nothing was posted, and the form says it is busy.
    expect(await main().locator('form[aria-busy="true"]').count()).toBe(1);
    expect(page.url()).toBe(`${suite.base}/accounts/login`);
    expect(posts).toEqual([]);

    releaseApp();
    await page.waitForURL(`${suite.base}/accounts/account`);
    expect(posts.filter((path) => path === '/api/customer/login')).toHaveLength(1);
    expect(posts).not.toContain('/accounts/login');
    await main().getByText('Ada', { exact: false }).first().waitFor();
  });

  test('the footer sign-up typed and sent before hydration sends what was typed, and the email stays out of the URL', async () => {
    await openPage();
    await page.goto(`${suite.base}/`, { waitUntil: 'domcontentloaded' });
    const card = page.getByRole('region', { name: 'The Gramercy Post' });
    const email = `early${Date.now()}@example.com`;
    await card.getByLabel('Email*').fill(email);
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/newsletter'));
    await card.getByRole('button', { name: 'Sign up' }).click();
    expect(page.url()).toBe(`${suite.base}/`);

    releaseApp();
    await waitForHydration(page);
    expect((await sent).postDataJSON()).toMatchObject({ email, source: 'Footer' });
    await card.getByRole('status').getByText('Thank You!', { exact: true }).waitFor();
    expect(page.url()).toBe(`${suite.base}/`);
    expect(posts.filter((path) => path === '/api/newsletter')).toHaveLength(1);
  });

  test('an option chosen before hydration is the variant once the app runs', async () => {
    await openPage();
    // The entry is an async module: DOMContentLoaded does not wait for it, and a click before it
    // has run has no one to hold it. Clicked once it has arrived and had a task to run in.
    const entry = page.waitForResponse(/\/assets\/entry-[^/]+\.js$/);
    await page.goto(`${suite.base}/products/classic-gramercy-bouquet`, { waitUntil: 'domcontentloaded' });
    await (await entry).finished();
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const grand = main().getByRole('radio', { name: 'Grand' });
    await grand.click();
    expect(await grand.getAttribute('aria-checked')).toBe('false');

    releaseApp();
    await page.waitForURL(/\?variant=\d+$/);
    await waitForHydration(page);
    expect(await grand.getAttribute('aria-checked')).toBe('true');
    expect(await main().getByRole('radio', { name: 'Petite' }).getAttribute('aria-checked')).toBe('false');
  });
});
