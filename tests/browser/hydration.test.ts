/**
 * Hydration in real Chromium (ADR-0029: React renders on the server and hydrates in the
 * browser): the browser adopts the server's DOM instead of rebuilding it. The product page's
 * LCP image, header, main and footer, and the regions that hydrate later
 * (client/components/DeferHydration.tsx: the desktop navigation, the related products, the
 * footer), are the very nodes the HTML made (an image re-created would flicker and load again),
 * none of the shell's nodes is removed, nothing is logged as an error, and the deferred regions
 * answer the shopper once hydrated. A page whose HTML the browser's render does not match is
 * reported (client/lib/report-client-error.ts): logged, and sent once to /api/client-errors
 * with the path only.
 */
import type { Page } from 'playwright-core';
import { serviceAvailable } from '../support/services';
import { useBrowserSuite, waitForHydration } from './support';

const hasChromium = serviceAvailable('chromium');

type Watch = { kept: Record<string, boolean>; removedFromRoot: string[] };

/** The server's nodes that hydration must keep, by name: their selectors inside #root. */
const KEPT = {
  image: '.gallery__main img',
  header: 'header.site-header',
  main: 'main',
  footer: 'footer.site-footer',
  navigation: 'nav.primary-nav',
  related: 'section.related',
  footerForm: 'footer form',
};

(hasChromium ? describe : describe.skip)('hydration', () => {
  const suite = useBrowserSuite();
  let page: Page;

  test("the product page keeps the server's nodes: the LCP image, header, main and footer are not re-created", async () => {
    let problems: string[];
    ({ page, pageErrors: problems } = await suite.open());
    // Before any script of the page runs: remember the parsed nodes, and watch #root's children.
    await page.addInitScript((selectors) => {
      const w = window as unknown as { serverNodes: Record<string, Element | null>; removedFromRoot: string[] };
      w.removedFromRoot = [];
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.getElementById('root')!;
        w.serverNodes = Object.fromEntries(Object.entries(selectors).map(([name, selector]) => [name, root.querySelector(selector)]));
        new MutationObserver((records) => {
          for (const record of records) for (const node of record.removedNodes) w.removedFromRoot.push(node.nodeName);
        }).observe(root, { childList: true });
      });
    }, KEPT);

    await page.goto(`${suite.base}/products/bodega-bunch`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');

    const watch = await page.evaluate((selectors): Watch => {
      const w = window as unknown as { serverNodes: Record<string, Element | null>; removedFromRoot: string[] };
      const root = document.getElementById('root')!;
      const kept = Object.fromEntries(
        Object.entries(selectors).map(([name, selector]) => [
          name,
          w.serverNodes[name] !== null && w.serverNodes[name] === root.querySelector(selector),
        ]),
      );
      return { kept, removedFromRoot: w.removedFromRoot };
    }, KEPT);
    expect(watch.kept).toEqual({ image: true, header: true, main: true, footer: true, navigation: true, related: true, footerForm: true });
    // Nothing leaves #root: not the resource hints React wrote at its start (hydration passes
    // over them), not an element of the shell.
    expect(watch.removedFromRoot).toEqual([]);
    expect(problems).toEqual([]);

    // Hydrated, not just painted: the page answers a click.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('dialog', { name: 'Cart' }).waitFor();
    await page.keyboard.press('Escape');

    // The deferred regions too: a dropdown renders its cards' pictures on hover, and a related
    // product's link navigates inside the app (no new document).
    const dropdown = page.locator('nav.primary-nav li.nav-item--dropdown').first();
    expect(await dropdown.locator('.dropdown img').count()).toBe(0);
    await dropdown.hover();
    await dropdown.locator('.dropdown img').first().waitFor({ state: 'attached' });
    await page.mouse.move(640, 850);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const related = page.locator('section.related a[href^="/products/"]').first();
    const href = await related.getAttribute('href');
    await related.click();
    await page.waitForURL(`${suite.base}${href}`);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true)).toBe(true);
    expect(problems).toEqual([]);
  });

  test("a hydration mismatch is logged and reported once, with the page's path and not its query", async () => {
    ({ page } = await suite.open({ collectConsoleErrors: false }));
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    // The report endpoint is the server's own concern; here it only has to be reached.
    const reports: Array<Record<string, unknown>> = [];
    await page.route('**/api/client-errors', async (route) => {
      reports.push(route.request().postDataJSON());
      await route.fulfill({ status: 204 });
    });
    // The server's heading changed before the app hydrates: the browser's render no longer matches.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        document.querySelector('main h1')!.textContent = 'Not what the server sent';
      });
    });

    await page.goto(`${suite.base}/products/bodega-bunch?email=ada%40example.com`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');

    // React's production build names its hydration mismatch by code: #418, "text did not match".
    expect(logged.some((text) => text.includes('React error #418'))).toBe(true);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ kind: 'recoverable', path: '/products/bodega-bunch' });
    expect(reports[0].message).toContain('React error #418');
    expect(reports[0].componentStack).toMatch(/^\s+at h1 /);
    expect(JSON.stringify(reports[0])).not.toContain('ada');
    expect(String(reports[0].message).length).toBeLessThanOrEqual(500);
    // React rendered the page again on the client: it shows what the app renders.
    expect(await page.locator('main h1').textContent()).not.toBe('Not what the server sent');
  });
});
