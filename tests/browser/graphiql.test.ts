/**
 * GraphiQL for the Storefront emulator in real Chromium, against the production shop process
 * (`npm start`'s build, the emulators in its child process): from the shop's developer page
 * (`/__local/`) through its `/__local/storefront/graphiql`, and on the emulator's own port, the
 * page loads everything from its origin (no network beyond it, no CSP refusal), shows the schema
 * in its documentation explorer (introspection with the prefilled public token) and runs
 * `{ shop { name } }`, showing the seeded shop's name; no console error.
 */
import type { Page } from 'playwright-core';
import catalog from '../../content/catalog.json';
import { serviceAvailable } from '../support/services';
import { until } from '../support/shop-process';
import { useBrowserSuite } from './support';

const hasChromium = serviceAvailable('chromium');

// GraphiQL's editor (Monaco) is a few megabytes of script and three workers: on two busy cores
// its first load takes seconds.
jest.setTimeout(90_000);

/** Types `{ shop { name } }` over the query editor's text, runs it and answers the response editor's text. */
async function runShopNameQuery(page: Page): Promise<string> {
  const editor = page.locator('.graphiql-query-editor .monaco-editor').first();
  await editor.waitFor();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  // Typed as a paste would put it: no auto-closed brackets doubling ours.
  await page.keyboard.insertText('{ shop { name } }');
  await page.getByRole('button', { name: /Execute query/ }).click();
  // Monaco draws spaces as no-break spaces. (A function, not a string: the page's CSP refuses eval.)
  const text = () => (document.querySelector('.graphiql-response .view-lines')?.textContent ?? '').replace(/\u00a0/g, ' ');
  await page.waitForFunction(
    (name) => (document.querySelector('.graphiql-response .view-lines')?.textContent ?? '').replace(/\u00a0/g, ' ').includes(name),
    catalog.shop.name,
    {
      timeout: 30_000,
    },
  );
  return page.evaluate(text);
}

/** The editor's workers `page` started from the build's files (their labels), as they answer. */
function startedWorkers(page: Page): Set<string> {
  const labels = new Set<string>();
  page.on('response', (res) => {
    const label = /\/graphiql\/assets\/(editor|json|graphql)\.worker-\w+\.js$/.exec(res.url())?.[1];
    if (label && res.ok()) labels.add(label);
  });
  return labels;
}

/** Waits until all three workers have started (GraphQL's starts with the first diagnostics, after an edit). */
async function allWorkers(workers: Set<string>): Promise<string[]> {
  await until(() => (workers.size === 3 ? true : undefined), `the editor's three workers (started: ${[...workers].join(', ')})`, 30_000).catch(
    () => {},
  );
  return [...workers].sort();
}

/** Opens the documentation explorer and waits for the schema's root query type. */
async function schemaDocs(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Show Documentation Explorer/ }).click();
  await page.locator('.graphiql-doc-explorer').getByText('QueryRoot').first().waitFor({ timeout: 30_000 });
}

(hasChromium ? describe : describe.skip)('GraphiQL for the Storefront emulator', () => {
  const suite = useBrowserSuite();

  test("from the developer page, through the shop's /__local proxy: the schema's docs, a query answered, no console error", async () => {
    const { page, pageErrors } = await suite.open();
    const offOrigin: string[] = [];
    page.on('request', (req) => {
      if (!req.url().startsWith(suite.base) && !/^(data|blob):/.test(req.url())) offOrigin.push(req.url());
    });
    const workers = startedWorkers(page);
    await page.goto(`${suite.base}/__local/`);
    await page.getByRole('link', { name: 'GraphiQL' }).click();
    await page.waitForURL(`${suite.base}/__local/storefront/graphiql`);
    await schemaDocs(page);
    const answer = await runShopNameQuery(page);
    expect(answer).toContain(`"name": "${catalog.shop.name}"`);
    expect(offOrigin).toEqual([]);
    // Monaco runs its language services in its workers (in the page itself, slowly, if they fail).
    expect(await allWorkers(workers)).toEqual(['editor', 'graphql', 'json']);
    expect(pageErrors).toEqual([]);
  });

  test("on the emulator's own port (npm run emulators): the same page works there", async () => {
    const { page, pageErrors } = await suite.open();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${message.text()} ${message.location().url}`);
    });
    const workers = startedWorkers(page);
    await page.goto(`${suite.harness.t.emulators.storefront.url}/graphiql`);
    await schemaDocs(page);
    expect(await runShopNameQuery(page)).toContain(`"name": "${catalog.shop.name}"`);
    expect(await allWorkers(workers)).toEqual(['editor', 'graphql', 'json']);
    expect([...pageErrors, ...consoleErrors]).toEqual([]);
  });
});
