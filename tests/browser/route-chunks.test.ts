/**
 * Route-level code splitting in real Chromium (client/routes.tsx `LazyPage`, client/entry.tsx):
 * - the product page's first load fetches its own page chunk (linked with modulepreload by the
 *   server) and never the account pages' chunks, and the start's code as four files (the start,
 *   all it shares with the pages, React DOM's client and what those share); it hydrates without
 *   errors and works;
 * - a client-side navigation to an account page loads that page's chunk then, and renders it;
 * - the app's chunks are asked for only once the LCP image has loaded (client/entry.tsx): the
 *   server's HTML names them in a data block, not with modulepreload links, and the shop works;
 * - a link whose page chunk fails to load (a deploy removed it) ends on the link's target, loaded
 *   as a new document, not on a reload of the page being left (client/runtime/chunk-reload.ts).
 */
import type { Page } from 'playwright-core';
import type { RouteObject } from 'react-router';
import { createRoutes } from '../../client/routes';
import type { RouteDataSource } from '../../shared/route-data';
import { loadClientManifest, type ClientManifest } from '../../server/render';
import { serviceAvailable } from '../support/services';
import { CLIENT_DIST_DIR } from '../support/shop-process';
import { useBrowserSuite, waitForHydration } from './support';

const hasChromium = serviceAvailable('chromium');

(hasChromium ? describe : describe.skip)('route chunks', () => {
  const suite = useBrowserSuite();
  let manifest: ClientManifest;
  let page: Page;
  let pageErrors: string[];
  let consoleErrors: string[];
  let scripts: string[];

  beforeAll(() => {
    manifest = loadClientManifest(CLIENT_DIST_DIR);
  });

  /** `pageErrors`: uncaught exceptions; `consoleErrors`: every console error (a test picks the ones it asserts on). */
  async function openPage() {
    ({ page, pageErrors } = await suite.open({ collectConsoleErrors: false }));
    consoleErrors = [];
    scripts = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
  }

  /** The chunk holding a route's page module (the first file of its `routeChunks` entry). */
  function pageChunk(routeId: string): string {
    const chunk = manifest.routeChunks?.[routeId]?.[0];
    if (!chunk) throw new Error(`no chunk for route ${routeId} in the manifest`);
    return chunk;
  }
  const accountChunks = () => ['account', 'login', 'orders', 'order', 'addresses'].map(pageChunk);

  test("every lazy page's route has its chunk in the build manifest", () => {
    const lazy: string[] = [];
    const walk = (routes: RouteObject[]) =>
      routes.forEach((route) => {
        if (typeof route.lazy === 'function' && route.id) lazy.push(route.id);
        walk(route.children ?? []);
      });
    walk(createRoutes({} as RouteDataSource));
    expect(lazy.length).toBeGreaterThan(20);
    expect(lazy.filter((id) => !manifest.routeChunks?.[id]?.length)).toEqual([]);
    // Each page its own chunk: no two routes share their first file.
    expect(new Set(lazy.map(pageChunk)).size).toBe(lazy.length);
  });

  test("the product page's first load fetches its own page chunk, not the account pages'", async () => {
    await openPage();
    await page.goto(`${suite.base}/products/bodega-bunch`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');

    expect(scripts).toContain(manifest.entry);
    expect(scripts).toContain(pageChunk('product'));
    for (const chunk of accountChunks()) expect(scripts).not.toContain(chunk);
    // What the start loads is one chunk besides the start's own (esbuild.config.ts
    // lazyAfterStart), not one per set of pages sharing a module, plus React DOM's client, which
    // the start evaluates in a task of its own but fetches with it (ADR-0029): the page fetched
    // the entry, those three and the product page's own chunks, nothing else until it was idle.
    expect(manifest.preload).toHaveLength(3);
    expect(manifest.preload?.filter((file) => /\/chunks\/react-dom-client-[A-Z0-9]+\.js$/.test(file))).toHaveLength(1);
    expect([...new Set(scripts)].sort()).toEqual([manifest.entry, ...(manifest.preload ?? []), ...(manifest.routeChunks?.product ?? [])].sort());
    // The server links the page's chunk for preloading, so it is not discovered late.
    const preloaded = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    expect(preloaded).toContain(pageChunk('product'));
    for (const chunk of accountChunks()) expect(preloaded).not.toContain(chunk);

    // Hydrated with the page's code: no errors, and the page works.
    expect(pageErrors).toEqual([]);
    // React DOM was evaluated without stack traces (lib/stack-traces-off.ts); errors made since have them again.
    expect(await page.evaluate(() => [typeof Error.stackTraceLimit, /\n\s+at /.test(new Error('probe').stack ?? '')])).toEqual(['number', true]);
    expect(consoleErrors.filter((text) => /hydrat/i.test(text))).toEqual([]);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('dialog', { name: 'Cart' }).waitFor();
  });

  test("the app's chunks are fetched after the LCP image, and the page then works", async () => {
    await openPage();
    const events: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') events.push(`script ${new URL(request.url()).pathname}`);
    });
    page.on('requestfinished', (request) => {
      if (request.url().includes('/cdn/shop/files/') && request.url().includes('width=') && !request.url().includes('height=10'))
        events.push('image');
    });
    const response = await page.goto(`${suite.base}/products/bodega-bunch`);
    const html = await response!.text();
    // The server names the chunks in a data block; only the entry is a modulepreload (React's).
    expect([...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1])).toEqual([manifest.entry]);
    expect(html).toContain(`id="__MODULES__">`);
    await waitForHydration(page);

    const firstChunk = events.findIndex((e) => e.startsWith('script /assets/') && !e.endsWith(manifest.entry));
    expect(events.indexOf('image')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('image')).toBeLessThan(firstChunk);
    expect(pageErrors).toEqual([]);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('dialog', { name: 'Cart' }).waitFor();
  });

  test('a client-side navigation to an account page loads its chunk then', async () => {
    await openPage();
    await page.goto(`${suite.base}/products/bodega-bunch`);
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const login = pageChunk('login');
    expect(scripts).not.toContain(login);

    // Signed out, the header's Account link ends on the sign-in page (the loader redirects).
    await page
      .getByRole('banner')
      .getByRole('link', { name: /account/i })
      .click();
    await page.waitForURL(/\/accounts\/login/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(scripts).toContain(login);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true)).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  test("a link whose page chunk answers 500 ends on the link's target, loaded in full, not on a reload of the page left", async () => {
    await openPage();
    const journalChunk = pageChunk('journal');
    let refused = 0;
    // Only the first request fails, as a chunk a deploy removed would until the new HTML names the new one.
    await page.route(`**${journalChunk}`, (route) => (refused++ === 0 ? route.fulfill({ status: 500, body: 'gone' }) : route.continue()));
    await page.goto(`${suite.base}/products/bodega-bunch`);
    await waitForHydration(page);
    expect(scripts).not.toContain(journalChunk);
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
    });
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    await page.getByRole('banner').getByRole('link', { name: 'Journal', exact: true }).first().click();
    await page.waitForURL(`${suite.base}/journal`);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1 }).waitFor();

    expect(refused).toBe(2);
    // One document load, of the target; the product page was not loaded again.
    expect(documents).toEqual(['/journal']);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
    expect(new URL(page.url()).pathname).toBe('/journal');
  });
});
