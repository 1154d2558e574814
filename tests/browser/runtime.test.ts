/**
 * The client runtime in real Chromium against the real app (client/runtime/; spec §1, §2, §4
 * "Build updates", §7 "Framework calls", §8, §9):
 * - a deploy (the server now answers another build id) is noticed by the hourly `/__build`
 *   poll (page.clock moves the hour), and only the next navigation is a full page load;
 * - a page whose build the server no longer has learns it from the manifest prefetch (1 s);
 * - a calendar chunk answering 404 reloads the page once, not twice, then shows an error with
 *   Retry in place of "Loading..." while Checkout stays disabled; Retry loads it;
 * (Link prefetch: tests/browser/prefetch.test.ts, on the production process.)
 * It runs the test app in this process (useBrowserSuite's `inProcess`): a deploy swaps the app behind
 * the origin, which the production process cannot. The chunk and payload routes of Playwright only answer 404 or hold requests: the reload,
 * guard, queue and cache under test are the page's own.
 */
import pino from 'pino';
import type { Page, Request, Route } from 'playwright-core';
import { CALENDAR_FAILED } from '../../client/components/cart/DateSelector';
import { CHUNK_RELOAD_KEY } from '../../client/runtime/chunk-reload';
import { createApp } from '../../server/app';
import { MemoryCache } from '../../server/cache';
import { loadClientManifest } from '../../server/render';
import { serviceAvailable } from '../support/services';
import { useBrowserSuite, waitForHydration } from './support';

const hasChromium = serviceAvailable('chromium');

(hasChromium ? describe : describe.skip)('client runtime', () => {
  // A deploy lasts one test: the suite serves the test app again after each.
  const suite = useBrowserSuite({ inProcess: true });
  let page: Page;
  let pageErrors: string[];
  const stopAfter: (() => Promise<void>)[] = [];

  afterEach(async () => {
    for (const stop of stopAfter.splice(0)) await stop();
  });

  async function openPage(options: { viewport?: { width: number; height: number } } = {}) {
    // Uncaught exceptions only: a deploy mid-test makes the old build's requests fail on purpose.
    ({ page, pageErrors } = await suite.open({ context: options, collectConsoleErrors: false }));
  }

  /** The build id in the page's state block. */
  const pageBuildId = () =>
    page.evaluate(() => (JSON.parse(document.getElementById('__STATE__')?.textContent ?? 'null') as { config: { buildId: string } }).config.buildId);
  /** Main-frame document requests, counted from now on. */
  function documentLoads(): string[] {
    const loads: string[] = [];
    page.on('request', (r) => {
      if (r.isNavigationRequest() && r.frame() === page.mainFrame()) loads.push(r.url());
    });
    return loads;
  }
  const markDocument = () => page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const sameDocument = () => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
  /** A link of the header's primary navigation (site settings: Shop, Subscriptions, Journal, Works). */
  const primaryLink = (name: string) => page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name, exact: true });
  const manifestResponse = (buildId: string) => page.waitForResponse((r) => r.url() === `${suite.base}/__build/${buildId}`);

  /** A deploy: from now on the origin is served by an app whose build id is `buildId` (same emulators, same assets). */
  function deploy(buildId: string) {
    const cache = new MemoryCache(pino({ level: 'silent' }));
    const { t } = suite.harness;
    const manifest = { ...loadClientManifest(t.config.clientDistDir), buildId };
    suite.harness.serve(createApp(t.config, { log: pino({ level: 'silent' }), cache, manifest, outbox: t.outbox }));
    stopAfter.push(() => cache.close());
  }

  test('the hourly poll finds the new build; the next navigation is a full page load, not the ones before', async () => {
    await openPage();
    await page.clock.install();
    const original = loadClientManifest(suite.harness.t.config.clientDistDir).buildId;
    const prefetched = manifestResponse(original);
    await page.goto(`${suite.base}/`);
    await waitForHydration(page);
    expect(await pageBuildId()).toBe(original);
    // The page's own manifest 1 s after start: still this build's.
    expect((await prefetched).status()).toBe(200);
    await markDocument();

    deploy('rebuilt0001');
    // Before the poll has run, navigation stays client-side.
    await primaryLink('Journal').click();
    await page.waitForURL(`${suite.base}/journal`);
    expect(await sameDocument()).toBe(true);

    // An hour later the poll asks /__build with a cache-busting timestamp.
    const polled = page.waitForResponse((r) => r.url().startsWith(`${suite.base}/__build?t=`));
    await page.clock.fastForward('01:00:00');
    const poll = await polled;
    expect(new URL(poll.url()).searchParams.get('t')).toMatch(/^\d+$/);
    expect(await poll.json()).toEqual({ buildId: 'rebuilt0001' });
    // Nothing happens until the shopper navigates.
    expect(await sameDocument()).toBe(true);
    expect(page.url()).toBe(`${suite.base}/journal`);

    const loads = documentLoads();
    await primaryLink('Works').click();
    await page.waitForURL(`${suite.base}/works`);
    await waitForHydration(page);
    expect(loads).toEqual([`${suite.base}/works`]);
    expect(await sameDocument()).toBe(false);
    expect(await pageBuildId()).toBe('rebuilt0001');
    // The new document navigates client-side again.
    await markDocument();
    await primaryLink('Journal').click();
    await page.waitForURL(`${suite.base}/journal`);
    expect(await sameDocument()).toBe(true);
    expect(loads).toHaveLength(1);
    expect(pageErrors).toEqual([]);
  });

  test('a page whose build is gone (404 for its manifest at 1 s) loads the next navigation in full', async () => {
    await openPage();
    const original = loadClientManifest(suite.harness.t.config.clientDistDir).buildId;
    // Deployed while the HTML was on its way: the page's manifest is no longer served.
    const prefetched = manifestResponse(original);
    await page.goto(`${suite.base}/`, { waitUntil: 'commit' });
    deploy('rebuilt0002');
    await waitForHydration(page);
    expect(await pageBuildId()).toBe(original);
    expect((await prefetched).status()).toBe(404);
    await markDocument();
    const loads = documentLoads();
    await primaryLink('Journal').click();
    await page.waitForURL(`${suite.base}/journal`);
    await waitForHydration(page);
    expect(loads).toEqual([`${suite.base}/journal`]);
    expect(await pageBuildId()).toBe('rebuilt0002');
  });

  test('a calendar chunk answering 404 reloads once, not twice; then an error with Retry, Checkout disabled', async () => {
    await openPage();
    // Date.now() stands still (timers run): both failures are within the 10 s window however slow the machine.
    await page.clock.setFixedTime(new Date());
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    const cartButton = page.getByRole('button', { name: 'Cart (1)', exact: true });
    // A cart with a line, its calendar shown once (the chunk is fine so far).
    await page.goto(`${suite.base}/products/bodega-bunch`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await drawer.locator('.rdp-root').waitFor();
    await drawer.getByRole('button', { name: 'Close cart' }).click();

    // A deploy removed the chunk (routing disables the HTTP cache, so it is asked for again).
    let chunkRequests = 0;
    const missing = (route: Route) => {
      chunkRequests++;
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
    };
    await page.route('**/Calendar-*.js', missing);
    await page.reload();
    await waitForHydration(page);
    const loads = documentLoads();
    const reloaded = page.waitForRequest((r: Request) => r.isNavigationRequest() && r.frame() === page.mainFrame());
    // Opening the drawer asks for the calendar: its chunk is gone → one reload.
    await cartButton.click();
    expect((await reloaded).url()).toBe(`${suite.base}/products/bodega-bunch`);
    await page.waitForLoadState('load');
    await waitForHydration(page);
    const record = await page.evaluate((key) => sessionStorage.getItem(key), CHUNK_RELOAD_KEY);
    expect(JSON.parse(record!)).toMatchObject({ path: '/products/bodega-bunch' });

    // Same path, within 10 s: no second reload, the error instead of "Loading..." forever.
    await cartButton.click();
    const alert = drawer.getByRole('alert').filter({ hasText: CALENDAR_FAILED });
    await alert.getByText(CALENDAR_FAILED).waitFor();
    expect(loads).toHaveLength(1);
    expect(chunkRequests).toBeGreaterThanOrEqual(2);
    await expect(drawer.getByText('Loading...').count()).resolves.toBe(0);
    await expect(drawer.getByRole('button', { name: 'Checkout' }).isDisabled()).resolves.toBe(true);

    // The chunk is back: Retry shows the calendar, without a reload.
    await page.unroute('**/Calendar-*.js', missing);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await drawer.locator('.rdp-root').waitFor();
    await expect(alert.count()).resolves.toBe(0);
    expect(loads).toHaveLength(1);
    expect(pageErrors).toEqual([]);
  });
});
