/**
 * Legacy and junk paths (spec §2): the redirect table from the dataset's
 * `redirect` documents answers 301 to the closest live page (query string kept, CDN-cacheable),
 * also for a client navigation's payload request; admin-tool and test paths answer the 404
 * error page; loops and chains are refused when the table loads, the rest served.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { MemoryCache } from '../../server/cache';
import type { Logger } from '../../server/logger';
import { createRedirectSource, REDIRECTS_QUERY } from '../../server/redirects/source';
import { RedirectTable, type RedirectEntry } from '../../server/redirects/table';
import { CACHE as POLICIES } from '../../server/http/request-policy';
import type { ContentClient } from '../../server/upstream/content/client';
import { startTestApp, type TestApp } from '../support/app';

const CACHE = 'public, max-age=0, s-maxage=300';

const entry = (id: string, source: string, destination: string | null, permanent = true): RedirectEntry => ({ id, source, destination, permanent });

describe('RedirectTable (unit)', () => {
  test('exact, `/*` (the path and below) and `:param` sources', () => {
    const table = RedirectTable.build([
      entry('a', '/send-flowers', '/products'),
      entry('b', '/blogs/*', '/journal'),
      entry('c', '/collections/all/products/:handle', '/products/:handle'),
      entry('d', '/sale', '/collections/sale', false),
    ]);
    expect(table.refused).toEqual([]);
    expect(table.match('/send-flowers')).toEqual({ location: '/products', status: 301 });
    expect(table.match('/Send-Flowers/')).toEqual({ location: '/products', status: 301 });
    expect(table.match('/send-flowers/x')).toBeNull();
    expect(table.match('/blogs')).toEqual({ location: '/journal', status: 301 });
    expect(table.match('/blogs/news/x')).toEqual({ location: '/journal', status: 301 });
    expect(table.match('/blogsx')).toBeNull();
    expect(table.match('/collections/all/products/peony-cloud')).toEqual({ location: '/products/peony-cloud', status: 301 });
    expect(table.match('/collections/all/products')).toBeNull();
    expect(table.match('/sale')).toEqual({ location: '/collections/sale', status: 302 });
    expect(table.match('/products')).toBeNull();
  });

  test('a `:param` named after a prototype property binds the path segment like any other', () => {
    const table = RedirectTable.build([entry('a', '/old/:__proto__', '/new/:__proto__'), entry('b', '/x/:constructor', '/y/:constructor')]);
    expect(table.refused).toEqual([]);
    expect(table.match('/old/peony-cloud')).toEqual({ location: '/new/peony-cloud', status: 301 });
    expect(table.match('/x/peony-cloud')).toEqual({ location: '/y/peony-cloud', status: 301 });
  });

  test('an exact source wins over a pattern, a longer pattern over a shorter one', () => {
    const table = RedirectTable.build([
      entry('a', '/old/*', '/journal'),
      entry('b', '/old/shop/*', '/products'),
      entry('c', '/old/shop/peony', '/products/peony-cloud'),
    ]);
    expect(table.match('/old/x')?.location).toBe('/journal');
    expect(table.match('/old/shop/x')?.location).toBe('/products');
    expect(table.match('/old/shop/peony')?.location).toBe('/products/peony-cloud');
  });

  test('loops and chains are refused at load; the rest is served', () => {
    const table = RedirectTable.build([
      entry('self', '/self', '/self'),
      entry('loop-a', '/loop-a', '/loop-b'),
      entry('loop-b', '/loop-b', '/loop-a'),
      entry('chain-1', '/chain-1', '/chain-2'),
      entry('chain-2', '/chain-2', '/journal'),
      entry('prefix-loop', '/old/*', '/old/page'),
      entry('fine', '/send-goods', '/products'),
    ]);
    expect(table.refused.map((r) => r.id).sort()).toEqual(['chain-1', 'loop-a', 'loop-b', 'prefix-loop', 'self']);
    expect(table.refused.find((r) => r.id === 'chain-1')?.reason).toMatch(/chain or loop.*chain-2/);
    expect(table.match('/chain-1')).toBeNull();
    expect(table.match('/chain-2')?.location).toBe('/journal');
    expect(table.match('/send-goods')?.location).toBe('/products');
    expect(table.match('/loop-a')).toBeNull();
    expect(table.size).toBe(2);
  });

  test('a pattern whose output is redirected again is a chain', () => {
    const table = RedirectTable.build([entry('a', '/shop/:handle', '/products/:handle'), entry('b', '/products/*', '/collections')]);
    expect(table.refused.map((r) => r.id)).toEqual(['a']);
  });

  test('malformed entries and duplicate sources are refused (the first id keeps the source)', () => {
    const table = RedirectTable.build([
      entry('b-dup', '/send-flowers', '/collections'),
      entry('a-first', '/send-flowers', '/products'),
      entry('no-slash', 'send-goods', '/products'),
      entry('absolute', '/x', 'https://elsewhere.example/'),
      entry('protocol-relative', '/y', '//elsewhere.example/'),
      entry('unresolved', '/z', null),
      entry('unbound', '/w', '/products/:handle'),
      entry('query', '/v?x=1', '/products'),
    ]);
    expect(table.refused.map((r) => r.id).sort()).toEqual(['absolute', 'b-dup', 'no-slash', 'protocol-relative', 'query', 'unbound', 'unresolved']);
    expect(table.match('/send-flowers')?.location).toBe('/products');
  });
});

describe('the table as loaded from the content lake (unit, fake lake)', () => {
  const docs = [
    { _id: 'redirect-loop-a', source: '/loop-a', destination: '/loop-b', permanent: true, page: null },
    { _id: 'redirect-loop-b', source: '/loop-b', destination: '/loop-a', permanent: true, page: null },
    { _id: 'redirect-work', source: '/work/*', destination: null, permanent: null, page: { _type: 'worksListPage', slug: null } },
    { _id: 'redirect-gone', source: '/gone', destination: null, permanent: true, page: null },
  ];
  const fakeLog = () => ({ warn: jest.fn(), error: jest.fn() });
  const lake = (fetch: ContentClient['fetch']) => ({ fetch, sanity: null }) as unknown as ContentClient;

  test('refused entries are logged once per load, the rest served; the table is cached', async () => {
    const log = fakeLog();
    const fetch = jest.fn(async () => docs);
    const source = createRedirectSource({ content: lake(fetch), cache: new MemoryCache(pino({ level: 'silent' })), log: log as unknown as Logger });
    const table = await source.table();
    expect(fetch).toHaveBeenCalledWith(REDIRECTS_QUERY);
    expect(table.match('/work/x')).toEqual({ location: '/works', status: 301 });
    expect(table.match('/loop-a')).toBeNull();
    expect(log.warn.mock.calls.map(([fields]) => fields.redirect.id).sort()).toEqual(['redirect-gone', 'redirect-loop-a', 'redirect-loop-b']);
    expect(await source.table()).toBe(table);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledTimes(3);
  });

  test('a failing lake with nothing cached serves no redirects (logged), not an error', async () => {
    const log = fakeLog();
    const source = createRedirectSource({
      content: lake(async () => {
        throw new Error('down');
      }),
      cache: new MemoryCache(pino({ level: 'silent' })),
      log: log as unknown as Logger,
    });
    expect((await source.table()).size).toBe(0);
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});

describe('through the app (real emulators, seeded dataset)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.stop());

  test('the answer is CDN-cacheable', () => expect(POLICIES.redirect).toBe(CACHE));

  test.each([
    ['/send-flowers', '/products'],
    ['/send-goods', '/products'],
    ['/blog', '/journal'],
    ['/blogs', '/journal'],
    ['/journals', '/journal'],
    ['/blogs/news/x', '/journal'],
    ['/blog/2024/05/peonies', '/journal'],
    ['/journals/', '/journal'],
    ['/work', '/works'],
    ['/work/some-old-project', '/works'],
    ['/collections/all/products/peony-cloud', '/products/peony-cloud'],
    ['/collections/frontpage/products/garden-rose-dozen', '/products/garden-rose-dozen'],
    ['/products/peony-bouquet', '/products/peony-cloud'],
    ['/products/sunflower-bunch', '/products/union-square-sunflowers'],
    ['/products/weekly-subscription', '/products/weekly-flower-subscription'],
  ])('%s → 301 %s', async (from, to) => {
    const res = await request(t.app).get(from);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(to);
    expect(res.headers['cache-control']).toBe(CACHE);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  test('the query string is kept as typed', async () => {
    const res = await request(t.app).get('/blogs/news/x?utm_source=mail&q=a%20b');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/journal?utm_source=mail&q=a%20b');
    const product = await request(t.app).get('/collections/all/products/peony-cloud?variant=1');
    expect(product.headers.location).toBe('/products/peony-cloud?variant=1');
  });

  test('HEAD is redirected too; POST is not', async () => {
    expect((await request(t.app).head('/send-flowers')).status).toBe(301);
    expect((await request(t.app).post('/send-flowers').type('form').send('a=1')).status).not.toBe(301);
  });

  test.each(['/products', '/products/peony-cloud', '/products/union-square-sunflowers', '/products/garden-rose-dozen'])(
    'the product destination %s is a live page (200)',
    async (to) => {
      expect((await request(t.app).get(to)).status).toBe(200);
    },
  );

  test('a client navigation to a legacy path: the payload answers 204 with X-Route-Redirect', async () => {
    const page = await request(t.app).get('/__payload/page?slug=send-flowers');
    expect(page.status).toBe(204);
    expect(page.headers['x-route-redirect']).toBe('/products');
    expect(page.headers['cache-control']).toBe(CACHE);
    const product = await request(t.app).get('/__payload/product?handle=peony-bouquet');
    expect(product.status).toBe(204);
    expect(product.headers['x-route-redirect']).toBe('/products/peony-cloud');
    // Live routes are untouched.
    expect((await request(t.app).get('/__payload/product?handle=peony-cloud')).status).toBe(200);
  });

  test.each(['/admin', '/admin/login', '/wp-admin', '/wp-admin/install.php', '/wp-login.php', '/xmlrpc.php', '/test', '/test-page', '/.env'])(
    'junk %s → 404 "Page Not Found: {path}"',
    async (junk) => {
      const res = await request(t.app).get(junk);
      expect(res.status).toBe(404);
      expect(res.headers.location).toBeUndefined();
      expect(res.text).toContain(`Page Not Found: ${junk}`);
    },
  );
});

describe('a dataset with a loop and a chain (real emulators)', () => {
  let t: TestApp;
  let contentDir: string;
  beforeAll(async () => {
    contentDir = mkdtempSync(path.join(os.tmpdir(), 'gs-content-'));
    cpSync(path.resolve(__dirname, '../../content'), contentDir, { recursive: true });
    const doc = (id: string, source: string, destination: string, permanent = true) =>
      JSON.stringify({
        _id: id,
        _type: 'redirect',
        _createdAt: '2026-01-04T09:00:00Z',
        _updatedAt: '2026-01-04T09:00:00Z',
        _rev: id,
        source,
        destination,
        permanent,
      });
    const extra = [
      doc('redirect-test-loop-a', '/old-a', '/old-b'),
      doc('redirect-test-loop-b', '/old-b', '/old-a'),
      doc('redirect-test-chain', '/older-shop', '/send-flowers'),
      doc('redirect-test-temporary', '/journal/old-peony-post', '/journal/peony-season-is-here', false),
    ];
    const file = path.join(contentDir, 'dataset.ndjson');
    writeFileSync(file, `${readFileSync(file, 'utf8')}${extra.join('\n')}\n`);
    t = await startTestApp({ contentDir });
  });
  afterAll(async () => {
    await t?.stop();
    rmSync(contentDir, { recursive: true, force: true });
  });

  test('the loop and the chain head are dropped (404), the rest still redirects', async () => {
    for (const dropped of ['/old-a', '/old-b', '/older-shop']) {
      const res = await request(t.app).get(dropped);
      expect(res.status).toBe(404);
      expect(res.text).toContain(`Page Not Found: ${dropped}`);
    }
    const kept = await request(t.app).get('/send-flowers');
    expect(kept.status).toBe(301);
    expect(kept.headers.location).toBe('/products');
  });

  test('a temporary entry answers 302, on the page and on the navigation payload of an editorial route', async () => {
    const page = await request(t.app).get('/journal/old-peony-post?x=1');
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe('/journal/peony-season-is-here?x=1');
    expect(page.headers['cache-control']).toBe(CACHE);
    const payload = await request(t.app).get('/__payload/journalEntry?slug=old-peony-post');
    expect(payload.status).toBe(204);
    expect(payload.headers['x-route-redirect']).toBe('/journal/peony-season-is-here');
  });
});
