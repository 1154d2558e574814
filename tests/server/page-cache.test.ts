/**
 * The origin page cache (docs/architecture.md §8) against the real app and emulators: a cached
 * page or payload is the fresh render byte for byte (gzip and identity); a hit does not render
 * again; concurrent misses render once; stale-while-revalidate and stale-if-error on the page
 * cache's clock; personal pages (cart, account, a product with its unlock cookie) never enter it;
 * bots still get an error status without the error page.
 *
 * Renders are counted through a real effect, not a mock: every page render runs the loaders,
 * which read the site settings from the data cache (`content:settings`, a fixed number of times
 * per render of a given page, measured first with a render that bypasses the cache), and the
 * payload of a product reads `storefront:product:{handle}`; the test's data cache counts reads.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type pino from 'pino';
import { MemoryCache, RedisCache } from '../../server/cache';
import { REDIS_TEST_COMMAND_TIMEOUT_MS, REDIS_TEST_URL, serviceAvailable } from '../support/services';
import { startTestApp, type TestApp } from '../support/app';

const HANDLE = 'bodega-bunch';
const LOCKED = 'the-private-garden';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** The data cache, counting reads per key (each page render reads `content:settings` once). */
class CountingCache extends MemoryCache {
  readonly reads = new Map<string, number>();
  swr<T>(key: string, ttlMs: number, staleMs: number, fetcher: () => Promise<T>): Promise<T> {
    this.reads.set(key, (this.reads.get(key) ?? 0) + 1);
    return super.swr(key, ttlMs, staleMs, fetcher);
  }
}

/** The page's `<link rel="canonical">` URL. */
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const settingsReads = (t: TestApp) => (t.cache as CountingCache).reads.get('content:settings') ?? 0;
const get = (t: TestApp, path: string) => request(t.app).get(path).set('User-Agent', BROWSER);
/** Drop every stored page and payload of this build: the next request of a path renders it. */
const purgeAll = async (t: TestApp) => {
  await t.app.locals.pageCache!.whenIdle();
  await t.app.locals.pageCache!.purge(['all']);
};

/** How many settings reads one render of `path` makes: one render of it, then the cache emptied again. */
async function readsPerRender(t: TestApp, path: string): Promise<number> {
  await purgeAll(t);
  const before = settingsReads(t);
  const res = await get(t, path);
  expect(res.headers['x-page-cache']).toBe('MISS');
  await purgeAll(t);
  const per = settingsReads(t) - before;
  expect(per).toBeGreaterThan(0);
  return per;
}

/** On even in a run with PAGE_CACHE=off in the environment: this suite is about the page cache. */
const ON = { PAGE_CACHE: 'on' };
let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: ON, cache: (log: pino.Logger) => new CountingCache(log), pageCache: { now: () => clock } });
});
afterAll(() => t?.stop());

/** A page's HTML without the render time in its state block (client/lib/use-now.ts), the one part two renders of it differ in. */
const withoutRenderTime = (html: string) => html.replace(/"renderedAt":\d+/g, '');

describe('a public page', () => {
  test('is rendered once, then served from the cache byte for byte, gzip or not', async () => {
    const per = await readsPerRender(t, `/products/${HANDLE}`);
    const before = settingsReads(t);
    const miss = await get(t, `/products/${HANDLE}`);
    expect(miss.status).toBe(200);
    expect(miss.headers['x-page-cache']).toBe('MISS');
    await t.app.locals.pageCache!.whenIdle();
    expect(settingsReads(t)).toBe(before + per);

    const hit = await get(t, `/products/${HANDLE}`);
    expect(hit.headers['x-page-cache']).toBe('HIT');
    expect(hit.headers['content-encoding']).toBe('gzip');
    expect(hit.text).toBe(miss.text);
    expect(hit.headers['content-type']).toBe(miss.headers['content-type']);
    expect(hit.headers['cache-control']).toBe(miss.headers['cache-control']);
    expect(hit.headers['content-security-policy']).toBe(miss.headers['content-security-policy']);
    expect(hit.headers['set-cookie']).toBeUndefined();

    const identity = await get(t, `/products/${HANDLE}`).set('Accept-Encoding', 'identity');
    expect(identity.headers['x-page-cache']).toBe('HIT');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.text).toBe(miss.text);
    expect(settingsReads(t)).toBe(before + per);

    // A fresh render of the same page (the cache emptied first) is the same.
    await purgeAll(t);
    const fresh = await get(t, `/products/${HANDLE}`);
    expect(fresh.headers['x-page-cache']).toBe('MISS');
    expect(withoutRenderTime(fresh.text)).toBe(withoutRenderTime(hit.text));
    expect(settingsReads(t)).toBe(before + 2 * per);
  });

  test('a query in another order is the same entry; HEAD is answered from it', async () => {
    await get(t, `/products/${HANDLE}?selling_plan=7001&variant=9001`);
    await t.app.locals.pageCache!.whenIdle();
    const before = settingsReads(t);
    const again = await get(t, `/products/${HANDLE}?variant=9001&selling_plan=7001`);
    expect(again.headers['x-page-cache']).toBe('HIT');
    const head = await request(t.app).head(`/products/${HANDLE}?variant=9001&selling_plan=7001`).set('User-Agent', BROWSER);
    expect(head.status).toBe(200);
    expect(head.headers['x-page-cache']).toBe('HIT');
    expect(settingsReads(t)).toBe(before);
  });

  test('a parameter the page does not read (a cache buster, utm_*, gclid, fbclid) makes no new entry and is not in the canonical link', async () => {
    const home = `${t.config.siteUrl}/`;
    const first = await get(t, '/?cb=1');
    expect(first.status).toBe(200);
    await t.app.locals.pageCache!.whenIdle();
    expect(canonical(first.text)).toBe(home);
    const before = settingsReads(t);
    for (const query of ['cb=2', 'cb=92801', 'utm_source=news&utm_medium=email&utm_campaign=spring', 'gclid=abc123', 'fbclid=IwAR0xyz', '']) {
      const res = await get(t, `/?${query}`);
      expect({ query, cache: res.headers['x-page-cache'] }).toEqual({ query, cache: 'HIT' });
      expect(canonical(res.text)).toBe(home);
      expect(res.text).toBe(first.text);
    }
    // Not one render more: every one of them was the entry of `/`.
    expect(settingsReads(t)).toBe(before);
  });

  test("a parameter the page reads is its own entry and stays in the canonical link (a list's ?page=)", async () => {
    const first = await get(t, '/journal');
    const second = await get(t, '/journal?page=2&utm_source=news');
    await t.app.locals.pageCache!.whenIdle();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers['x-page-cache']).toBe('MISS');
    expect(second.text).not.toBe(first.text);
    expect(canonical(first.text)).toBe(`${t.config.siteUrl}/journal`);
    expect(canonical(second.text)).toBe(`${t.config.siteUrl}/journal?page=2`);
    // Page 2 again, with other tracking: its entry, not page 1's and not a new one.
    const again = await get(t, '/journal?fbclid=x&page=2');
    expect(again.headers['x-page-cache']).toBe('HIT');
    expect(again.text).toBe(second.text);
    // A product's variant too: the page shows that variant, and says so in its canonical link.
    const variant = await get(t, `/products/${HANDLE}?variant=9001&gclid=y`);
    expect(canonical(variant.text)).toBe(`${t.config.siteUrl}/products/${HANDLE}?variant=9001`);
  });

  test('concurrent misses render once', async () => {
    const per = await readsPerRender(t, '/collections');
    const before = settingsReads(t);
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(t, '/collections')));
    await t.app.locals.pageCache!.whenIdle();
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(settingsReads(t)).toBe(before + per);
  });

  test('payload JSON is cached like pages', async () => {
    const reads = () => (t.cache as CountingCache).reads.get(`storefront:product:${HANDLE}`) ?? 0;
    const first = await get(t, '/__payload/product').query({ handle: HANDLE });
    await t.app.locals.pageCache!.whenIdle();
    const before = reads();
    const second = await get(t, '/__payload/product').query({ handle: HANDLE });
    expect(first.headers['x-page-cache']).toBe('MISS');
    expect(second.headers['x-page-cache']).toBe('HIT');
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(second.body).toEqual(first.body);
    // A parameter the route does not read is not another entry (shared/route-query.ts).
    const busted = await get(t, '/__payload/product').query({ handle: HANDLE, cb: '3', utm_source: 'x' });
    expect(busted.headers['x-page-cache']).toBe('HIT');
    expect(reads()).toBe(before);
  });

  test('a 404 is cached briefly; a bot still gets the status without the error page', async () => {
    const human = await get(t, '/no-such-page-anywhere');
    await t.app.locals.pageCache!.whenIdle();
    expect(human.status).toBe(404);
    expect((await get(t, '/no-such-page-anywhere')).headers['x-page-cache']).toBe('HIT');
    const bot = await request(t.app).get('/no-such-page-anywhere').set('User-Agent', BOT);
    expect(bot.status).toBe(404);
    expect(bot.text).toContain('<body></body>');
    expect(bot.headers['cache-control']).toBe('no-store');
  });
});

describe('personal pages never enter the cache', () => {
  test.each(['/cart', '/accounts/login', '/accounts/account', '/__payload/cart', '/__payload/account'])('%s', async (path) => {
    const first = await get(t, path);
    await t.app.locals.pageCache!.whenIdle();
    const before = settingsReads(t);
    const second = await get(t, path);
    expect(first.headers['x-page-cache']).toBe('BYPASS');
    expect(second.headers['x-page-cache']).toBe('BYPASS');
    expect(second.headers['cache-control']).toBe('private, no-store');
    // Rendered again: the loaders ran.
    if (!path.startsWith('/__payload')) expect(settingsReads(t)).toBeGreaterThan(before);
  });

  test('a product asked with its unlock cookie renders every time, and is not stored', async () => {
    const cookie = `unlock_${LOCKED}=whatever`;
    const a = await get(t, `/products/${LOCKED}`).set('Cookie', cookie);
    const before = settingsReads(t);
    const b = await get(t, `/products/${LOCKED}`).set('Cookie', cookie);
    await t.app.locals.pageCache!.whenIdle();
    expect([a.headers['x-page-cache'], b.headers['x-page-cache']]).toEqual(['BYPASS', 'BYPASS']);
    expect(a.headers['cache-control']).toBe('private, no-store');
    expect(b.headers['cache-control']).toBe('private, no-store');
    expect(settingsReads(t)).toBeGreaterThan(before);
    // Nothing was stored for it: the first cookie-less request renders (a miss).
    expect((await get(t, `/products/${LOCKED}`)).headers['x-page-cache']).toBe('MISS');
  });
});

describe('stale-while-revalidate and stale-if-error', () => {
  test('a stale page is served at once while one refresh renders it again; a failed refresh keeps it', async () => {
    const path = '/works';
    const per = await readsPerRender(t, path);
    const first = await get(t, path);
    await t.app.locals.pageCache!.whenIdle();
    expect(first.headers['x-page-cache']).toBe('MISS');

    clock += 61_000;
    const before = settingsReads(t);
    const stale = await get(t, path);
    expect(stale.headers['x-page-cache']).toBe('STALE');
    expect(stale.text).toBe(first.text);
    await t.app.locals.pageCache!.whenIdle();
    expect(settingsReads(t)).toBe(before + per);
    const refreshed = await get(t, path);
    expect(refreshed.headers['x-page-cache']).toBe('HIT');
    expect(withoutRenderTime(refreshed.text)).toBe(withoutRenderTime(first.text));
  });

  test('stale-if-error: with the content lake down, the stale page keeps being served', async () => {
    let now = Date.now();
    const down = await startTestApp({
      env: ON,
      // The data cache on the same clock, so its entries expire too and the refresh must fetch.
      cache: (log: pino.Logger) => new MemoryCache(log, { now: () => now }),
      pageCache: { now: () => now, staleMs: 60 * 60_000 },
    });
    try {
      const first = await get(down, '/membership');
      await down.app.locals.pageCache!.whenIdle();
      expect(first.status).toBe(200);
      await down.emulators.content.stop();
      now += 15 * 60_000;
      for (let i = 0; i < 2; i++) {
        const stale = await get(down, '/membership');
        expect(stale.status).toBe(200);
        expect(stale.headers['x-page-cache']).toBe('STALE');
        expect(stale.text).toBe(first.text);
        await down.app.locals.pageCache!.whenIdle();
      }
    } finally {
      await down.stop();
    }
    // Each failed refresh waits out @sanity/client's retries against the stopped lake (about 10 s).
  }, 60_000);
});

test('with Redis unreachable, pages are still cached in process', async () => {
  const down = await startTestApp({
    env: ON,
    cache: (log: pino.Logger) => new RedisCache(log, { url: 'redis://127.0.0.1:1/0', keyPrefix: 'gs-down:' }),
  });
  try {
    expect((await get(down, '/journal')).headers['x-page-cache']).toBe('MISS');
    await down.app.locals.pageCache!.whenIdle();
    expect((await get(down, '/journal')).headers['x-page-cache']).toBe('HIT');
  } finally {
    await down.stop();
  }
});

test('PAGE_CACHE=off renders every request', async () => {
  const off = await startTestApp({ env: { PAGE_CACHE: 'off' }, cache: (log: pino.Logger) => new CountingCache(log) });
  try {
    await get(off, '/');
    const per = settingsReads(off);
    const second = await get(off, '/');
    expect(second.headers['x-page-cache']).toBeUndefined();
    expect(settingsReads(off)).toBe(2 * per);
  } finally {
    await off.stop();
  }
});

(serviceAvailable('redis') ? test : test.skip)('two shops sharing one Redis never serve each other pages (their links are absolute)', async () => {
  const keyPrefix = `test:${randomUUID()}:`;
  const shared = (log: pino.Logger) => new RedisCache(log, { url: REDIS_TEST_URL, commandTimeoutMs: REDIS_TEST_COMMAND_TIMEOUT_MS, keyPrefix });
  const staging = await startTestApp({ env: { ...ON, SITE_URL: 'http://staging.shop.test' }, cache: shared });
  const production = await startTestApp({ env: { ...ON, SITE_URL: 'http://www.shop.test' }, cache: shared });
  try {
    expect((await get(staging, '/journal')).headers['x-page-cache']).toBe('MISS');
    await staging.app.locals.pageCache!.whenIdle();
    expect((await get(staging, '/journal')).headers['x-page-cache']).toBe('HIT');
    const other = await get(production, '/journal');
    expect(other.headers['x-page-cache']).toBe('MISS');
    expect(other.text).toContain('http://www.shop.test');
    expect(other.text).not.toContain('staging.shop.test');
  } finally {
    await staging.stop();
    await production.stop();
  }
});
