/**
 * Hydration in real Chromium (ADR-0019: React renders on the server, Preact hydrates in the
 * browser): the browser adopts the server's DOM instead of rebuilding it. The product page's
 * LCP image, header, main and footer are the very nodes the HTML made (an image re-created
 * would flicker and load again), none of the shell's nodes is removed, and nothing is logged
 * as an error.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { serviceAvailable } from '../support/services';
import { startBrowserHarness, type BrowserHarness } from './support';

const hasChromium = serviceAvailable('chromium');

type Watch = { kept: Record<string, boolean>; removedFromRoot: string[] };

(hasChromium ? describe : describe.skip)('hydration', () => {
  let harness: BrowserHarness;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    harness = await startBrowserHarness();
  }, 60_000);

  afterAll(() => harness?.stop());

  afterEach(() => context?.close());

  test("the product page keeps the server's nodes: the LCP image, header, main and footer are not re-created", async () => {
    context = await harness.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    // Before any script of the page runs: remember the parsed nodes, and watch #root's children.
    await page.addInitScript(() => {
      const w = window as unknown as { serverNodes: Record<string, Element | null>; removedFromRoot: string[] };
      w.removedFromRoot = [];
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.getElementById('root')!;
        w.serverNodes = {
          image: root.querySelector('.gallery__main img'),
          header: root.querySelector('header.site-header'),
          main: root.querySelector('main'),
          footer: root.querySelector('footer.site-footer'),
        };
        new MutationObserver((records) => {
          for (const record of records) for (const node of record.removedNodes) w.removedFromRoot.push(node.nodeName);
        }).observe(root, { childList: true });
      });
    });

    await page.goto(`${harness.base}/products/bodega-bunch`);
    // Hydrated: ScrollRestoration has taken over history scrolling.
    await page.waitForFunction(() => history.scrollRestoration === 'manual');
    await page.waitForLoadState('networkidle');

    const watch = await page.evaluate((): Watch => {
      const w = window as unknown as { serverNodes: Record<string, Element | null>; removedFromRoot: string[] };
      const root = document.getElementById('root')!;
      const now: Record<string, Element | null> = {
        image: root.querySelector('.gallery__main img'),
        header: root.querySelector('header.site-header'),
        main: root.querySelector('main'),
        footer: root.querySelector('footer.site-footer'),
      };
      const kept = Object.fromEntries(Object.entries(w.serverNodes).map(([name, node]) => [name, node !== null && node === now[name]]));
      return { kept, removedFromRoot: w.removedFromRoot };
    });
    expect(watch.kept).toEqual({ image: true, header: true, main: true, footer: true });
    // React's resource hints leave #root for <head> before hydration; no element of the shell goes.
    expect(watch.removedFromRoot.filter((name) => name !== 'LINK' && name !== '#comment')).toEqual([]);
    expect(problems).toEqual([]);

    // Hydrated, not just painted: the page answers a click.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('dialog', { name: 'Cart' }).waitFor();
  });
});
