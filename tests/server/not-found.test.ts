/**
 * The one 404 path rule (spec §2 "Page Not Found: {path}"; shared/route-data.ts
 * notFoundMessage): the path only, never the query string, percent-decoded as react-router
 * decodes params — the same for every kind of 404 (catch-all, content page, product,
 * collection, bad handle, editorial entry), on the SSR page and in the navigation payload.
 */
import request from 'supertest';
import { notFoundMessage, notFoundPath } from '../../shared/route-data';
import { startTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

/** The page's visible text, tags dropped and the few entities React emits decoded. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

describe('notFoundPath (unit)', () => {
  test.each([
    ['http://shop.test/a/b?x=1#frag', '/a/b'],
    ['/a/b?x=1', '/a/b'],
    ['/caf%C3%A9', '/café'],
    ['/a%20b/c', '/a b/c'],
    ['/a%2Fb', '/a%2Fb'],
    ['/bad%E0%A4%A', '/bad%E0%A4%A'],
  ])('%s → %s', (url, path) => expect(notFoundPath(url)).toBe(path));

  test('the message', () => expect(notFoundMessage('/x')).toBe('Page Not Found: /x'));
});

describe('every kind of 404 reads "Page Not Found: {path}" with the path only', () => {
  test.each([
    ['catch-all, several segments', '/a/b/c?x=1', '/a/b/c'],
    ['catch-all under a live prefix', '/products/peony-cloud/extra?utm_source=x', '/products/peony-cloud/extra'],
    ['generic content page', '/no-such-page?ref=mail&x=1', '/no-such-page'],
    ['unknown product', '/products/no-such-flower?variant=123', '/products/no-such-flower'],
    ['product handle that cannot be one', '/products/bad.handle?x=1', '/products/bad.handle'],
    ['unknown collection', '/collections/nope?sort=price', '/collections/nope'],
    ['journal entry', '/journal/no-such-entry?x=1', '/journal/no-such-entry'],
    ['percent-encoded single segment', '/caf%C3%A9?x=1', '/café'],
    ['percent-encoded catch-all', '/a/caf%C3%A9?x=1', '/a/café'],
    ['junk path', '/wp-login.php?redirect_to=%2Fwp-admin', '/wp-login.php'],
  ])('%s: %s', async (_kind, url, path) => {
    const res = await request(t.app).get(url);
    expect(res.status).toBe(404);
    const body = text(res.text);
    expect(body).toContain(`Page Not Found: ${path} `);
    expect(body).not.toContain(`Page Not Found: ${path}?`);
  });

  test.each([
    ['/__payload/product?handle=no-such-flower', 'Page Not Found: /products/no-such-flower'],
    ['/__payload/collection?slug=nope', 'Page Not Found: /collections/nope'],
    ['/__payload/page?slug=no-such-page', 'Page Not Found: /no-such-page'],
    ['/__payload/page?slug=caf%C3%A9', 'Page Not Found: /café'],
  ])('the payload of a client navigation says the same: %s', async (url, message) => {
    const res = await request(t.app).get(url);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 404, message });
  });
});

describe('paths with extra leading slashes (protocol-relative when resolved)', () => {
  test.each([
    ['//', '/'],
    ['//evil.com/', '/evil.com/'],
    ['///products?x=1', '/products?x=1'],
    ['/\\evil.com', '/evil.com'],
  ])('%s → 301 to %s, never another host', async (path, location) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(location);
  });

  test('where the redirect lands is an ordinary page or 404, never a 5xx', async () => {
    expect((await request(t.app).get('/evil.com/')).status).toBe(404);
  });

  test('a malformed escape names no page: //% and /% are 404, not cacheable', async () => {
    for (const path of ['//%', '/%']) {
      const res = await request(t.app).get(path);
      expect(res.status).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});
