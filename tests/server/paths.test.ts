/**
 * Odd request paths against the real app (docs/architecture.md §4 "Paths";
 * server/http/normalise-path.ts), with the origin page cache on as in production: a few hundred
 * paths built from malformed escapes, backslashes, slash runs, dot segments (plain and encoded),
 * NUL and other control characters, scheme-like and very long paths, each with a query or not. None
 * may answer 5xx; no redirect may leave the shop's origin (a Location starting `//` or `/\` would,
 * in a browser); a redirect lands, in one step, on a path that is answered without another
 * redirect; and a path whose escapes do not decode is never answered 200 (it names no page).
 */
import request from 'supertest';
import { startTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { PAGE_CACHE: 'on' } });
});
afterAll(() => t.stop());

const PREFIXES = ['/', '//', '///', '/\\', '/\\/', '/./', '/../', '/%2e%2e/', '/%2E/', '/.%2e/', '/%2f', '/%5c', '/journal/../'];
const BODIES = [
  '',
  '%',
  '%%',
  '%zz',
  '%c0',
  '%c0%af',
  '%e0%a4%a',
  '%ff',
  '%00',
  'a%00b',
  '%0d%0aSet-Cookie:%20x=1',
  'evil.com',
  'evil.com/',
  '\\evil.com',
  '@evil.com',
  'http://evil.com',
  'https:%2f%2fevil.com',
  'journal',
  'journal/',
  'journal/..',
  'journal//peony-season-is-here',
  'products/%',
  'products/..%2f..%2fetc%2fpasswd',
  '__payload/%',
  '__payload/root',
  'api/%',
  'api/cart/%zz',
  'assets/%',
  'assets/..%2f..%2fpackage.json',
  'caf\u00e9',
  '%E2%80%AE',
  'x'.repeat(3000),
  `journal/${'y'.repeat(2100)}`,
  '.',
  '..',
];
const QUERIES = ['', '?%', '?next=//evil.com&page=%zz'];
const PATHS = PREFIXES.flatMap((prefix, i) => BODIES.map((body, j) => `${prefix}${body}${QUERIES[(i + j) % QUERIES.length]}`));

/** Whether every escape in the path (before `?`) decodes. */
function decodes(path: string): boolean {
  try {
    decodeURIComponent(path.split('?')[0]);
    return true;
  } catch {
    return false;
  }
}

test(`${PATHS.length} odd paths: no 5xx, no redirect off the origin, malformed escapes never a page`, async () => {
  const failures: string[] = [];
  for (const path of PATHS) {
    const res = await request(t.app).get(path);
    const shown = JSON.stringify(path.slice(0, 80));
    if (res.status >= 500) failures.push(`${shown}: ${res.status}`);
    if (!decodes(path) && res.status === 200) failures.push(`${shown}: 200 for a malformed path`);
    const location = res.headers.location as string | undefined;
    if (!location) continue;
    const target = new URL(location, t.config.siteUrl);
    if (target.origin !== t.config.siteUrl || /^[\\/]{2}|^\/\\/.test(location)) failures.push(`${shown}: Location ${location}`);
    const landed = await request(t.app).get(target.pathname + target.search);
    if (landed.status >= 500) failures.push(`${shown} → ${location}: ${landed.status}`);
    if (landed.status >= 300 && landed.status < 400 && location.startsWith(target.pathname)) {
      failures.push(`${shown} → ${location}: redirected again to ${landed.headers.location}`);
    }
  }
  expect(failures).toEqual([]);
}, 120_000);

test('//evil.com/ never renders the home page: 301 to /evil.com/, which is a 404', async () => {
  const res = await request(t.app).get('//evil.com/');
  expect(res.status).toBe(301);
  expect(res.headers.location).toBe('/evil.com/');
  const landed = await request(t.app).get('/evil.com/');
  expect(landed.status).toBe(404);
  expect(landed.text).not.toContain('id="main"><h1');
});

test('dot segments and slash runs redirect to the page they resolve to', async () => {
  const res = await request(t.app).get('/products/../journal//peony-season-is-here?x=1');
  expect(res.status).toBe(301);
  expect(res.headers.location).toBe('/journal/peony-season-is-here?x=1');
});

test('a non-GET to a non-canonical path is refused, not redirected (a redirect would change its method)', async () => {
  const res = await request(t.app).post('//api/cart').send({});
  expect(res.status).toBe(404);
});
