/**
 * GraphiQL on the Storefront emulator (emulators/storefront-api/graphiql/routes.ts) over real
 * HTTP: the page names the build's module and stylesheet, which answer from the emulator's own
 * origin (hashed, cached for good), with the public token prefilled and a Content-Security-Policy
 * whose only source is the emulator itself; without a build the page says to run `npm run build`.
 * The page working in Chromium is tests/browser/graphiql.test.ts.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildGraphiql } from '../../esbuild.config';
import { DEFAULT_PUBLIC_TOKEN } from '../../emulators/storefront-api';
import { startHarness, type Harness } from '../support/storefront-harness';

jest.setTimeout(60_000);

const DIST = path.resolve(__dirname, '../../dist/emulators/graphiql');

let sf: Harness;
let scratch: string | undefined;
beforeAll(async () => {
  // `npm run build`'s GraphiQL, or (a test run without a build) one built for this suite.
  let dir = DIST;
  if (!existsSync(path.join(DIST, 'manifest.json'))) {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'gs-graphiql-'));
    dir = scratch;
    await buildGraphiql(dir);
  }
  sf = await startHarness({ graphiqlDir: dir });
});
afterAll(async () => {
  await sf?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** The policy's directives, by name. */
const directives = (csp: string | null) => Object.fromEntries((csp ?? '').split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

test('the page: the public token prefilled, its module and stylesheet named, self as the only source, no inline script', async () => {
  const res = await fetch(`${sf.emulator.url}/graphiql`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await res.text();
  expect(html).toContain(`data-token="${DEFAULT_PUBLIC_TOKEN}"`);
  expect(html).toContain('data-api-version="2026-04"');
  // Every script is a file of the build: no inline one.
  expect(html.match(/<script[^>]*>/g)).toEqual([expect.stringMatching(/^<script type="module" src="\/graphiql\/assets\/graphiql-\w+\.js">$/)]);
  const csp = directives(res.headers.get('content-security-policy'));
  for (const name of ['default-src', 'script-src', 'connect-src', 'worker-src'])
    expect({ name, sources: csp[name] }).toEqual({ name, sources: ["'self'"] });
  expect(
    Object.values(csp)
      .flat()
      .filter((source) => /^(https?:|\*)/.test(source)),
  ).toEqual([]);
});

test("the build's module and stylesheet answer from the emulator, cached for good; a file not in the build is 404", async () => {
  const html = await (await fetch(`${sf.emulator.url}/graphiql`)).text();
  const script = /<script type="module" src="([^"]+)"/.exec(html)![1];
  const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(html)![1];
  const module = await fetch(`${sf.emulator.url}${script}`);
  expect({ status: module.status, type: module.headers.get('content-type') }).toEqual({ status: 200, type: expect.stringMatching(/javascript/) });
  expect(module.headers.get('cache-control')).toMatch(/immutable/);
  const css = await fetch(`${sf.emulator.url}${stylesheet}`);
  expect({ status: css.status, type: css.headers.get('content-type') }).toEqual({ status: 200, type: expect.stringMatching(/^text\/css/) });
  expect((await fetch(`${sf.emulator.url}/graphiql/assets/no-such-file.js`)).status).toBe(404);
});

test('without a build the page answers 503 saying to run `npm run build`', async () => {
  const empty = mkdtempSync(path.join(os.tmpdir(), 'gs-no-graphiql-'));
  const bare = await startHarness({ graphiqlDir: empty });
  try {
    const res = await fetch(`${bare.emulator.url}/graphiql`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
  } finally {
    await bare.stop();
    rmSync(empty, { recursive: true, force: true });
  }
});
