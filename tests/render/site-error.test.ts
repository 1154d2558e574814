/**
 * Spec §4 App start: when the global site data is flagged as an error (here: the content lake
 * has no site settings document), every page is a fatal 500 error page, without "Back to Home",
 * and it is never cached.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startTestApp, type TestApp } from '../server/support/app';

const CONTENT = path.resolve(__dirname, '../../content');
let t: TestApp;
let contentDir: string;

beforeAll(async () => {
  contentDir = mkdtempSync(path.join(os.tmpdir(), 'gs-content-'));
  copyFileSync(path.join(CONTENT, 'catalogue.json'), path.join(contentDir, 'catalogue.json'));
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

test('a page is a 500 error page with the spec text and no Back to Home', async () => {
  const res = await request(t.app).get('/collections/bouquets');
  expect(res.status).toBe(500);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.text).toContain('<html lang="en">');
  expect(res.text).toContain('Whoops something went wrong on our end. Please refresh the page and try again.');
  expect(res.text).toMatch(/>500</);
  expect(res.text).not.toContain('Back to Home');
});

test('a bot gets the 500 status without the error page', async () => {
  const res = await request(t.app).get('/').set('User-Agent', 'Mozilla/5.0 (compatible; bingbot/2.0)');
  expect(res.status).toBe(500);
  expect(res.text).not.toContain('Whoops');
});
