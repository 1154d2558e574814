/**
 * Spec §4 App start: when the global site data is flagged as an error (here: the content lake
 * has no site settings document), every page is a fatal 500 error page, without "Back to Home",
 * and it is never cached.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startTestApp, type TestApp } from '../support/app';

const CONTENT = path.resolve(__dirname, '../../content');
let t: TestApp;
let contentDir: string;

beforeAll(async () => {
  contentDir = mkdtempSync(path.join(os.tmpdir(), 'gs-content-'));
  copyFileSync(path.join(CONTENT, 'catalog.json'), path.join(contentDir, 'catalog.json'));
  symlinkSync(path.join(CONTENT, 'images'), path.join(contentDir, 'images'));
  const withoutSettings = readFileSync(path.join(CONTENT, 'dataset.ndjson'), 'utf8')
    .split('\n')
    .filter((line) => line && JSON.parse(line)._type !== 'siteSettings')
    .join('\n');
  writeFileSync(path.join(contentDir, 'dataset.ndjson'), `${withoutSettings}\n`);
  t = await startTestApp({ contentDir });
});
afterAll(async () => {
  await t?.stop();
  rmSync(contentDir, { recursive: true, force: true });
});

const APOLOGY = 'Whoops something went wrong on our end. Please refresh the page and try again.';

/** How often `needle` occurs in `haystack`. */
const occurrences = (haystack: string, needle: string) => haystack.split(needle).length - 1;

test('a page is a 500 error page with the spec text (once) and no Back to Home', async () => {
  const res = await request(t.app).get('/collections/bouquets');
  expect(res.status).toBe(500);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.text).toContain('<html lang="en">');
  // The body shows the apology once; the state block carries the error for hydration.
  const body = res.text.slice(res.text.indexOf('<body>'));
  expect(occurrences(body, APOLOGY)).toBe(1);
  // Nor does it show the root failure's internal message.
  expect(body).not.toContain('error-page__message');
  expect(res.text).toMatch(/>500</);
  expect(res.text).not.toContain('Back to Home');
});

test('a bot gets the 500 status without the error page', async () => {
  const res = await request(t.app).get('/').set('User-Agent', 'Mozilla/5.0 (compatible; bingbot/2.0)');
  expect(res.status).toBe(500);
  expect(res.text).not.toContain('Whoops');
});

describe('with the site settings loaded', () => {
  let full: TestApp;
  beforeAll(async () => {
    full = await startTestApp();
  });
  afterAll(() => full?.stop());

  test('an upstream failure is a 5xx page with the apology once (not again as its message)', async () => {
    // The settings are cached by the first page; then the Storefront API goes down, and the
    // product loader fails with the apology as its message (server/loaders/index.ts).
    expect((await request(full.app).get('/')).status).toBe(200);
    await full.emulators.storefront.stop();
    const res = await request(full.app).get('/products/classic-gramercy-bouquet');
    expect(res.status).toBeGreaterThanOrEqual(500);
    const body = res.text.slice(res.text.indexOf('<body>'));
    expect(body).toContain('site-header');
    expect(occurrences(body, APOLOGY)).toBe(1);
    expect(body).not.toContain('Back to Home');
  });
});
