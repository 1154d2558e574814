/**
 * Sanity and Shopify webhooks (docs/architecture.md §8 "Origin page cache") against the real app
 * and emulators: a missing or bad signature is refused (401) and changes nothing; a good one after
 * an editor's change (a mutation in the content-lake emulator) makes the next request show it;
 * Shopify's HMAC over the raw body; the page store shared by two instances through Redis.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { RedisCache } from '../../server/cache';
import { signSanity } from '../../server/webhooks/sanity-signature';
import { signShopify } from '../../server/webhooks/shopify-hmac';
import { REDIS_TEST_COMMAND_TIMEOUT_MS, REDIS_TEST_URL, serviceAvailable } from '../support/services';
import { startTestApp, type TestApp } from '../support/app';

const HANDLE = 'bodega-bunch';
const CARD_ID = 'productCard-bodega-bunch';
const OLD_TITLE = 'The Bodega Bunch';
const NEW_TITLE = 'The Bodega Bunch, Renamed';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const CARD_CHANGE = JSON.stringify({ _id: CARD_ID, _type: 'productCard', slug: { current: HANDLE } });

const get = (t: TestApp, path: string) => request(t.app).get(path).set('User-Agent', BROWSER);

const sanityHook = (t: TestApp, body: string, signature?: string) => {
  const req = request(t.app).post('/api/webhooks/sanity').set('Content-Type', 'application/json').set('Origin', 'https://sanity.io');
  if (signature !== undefined) req.set('sanity-webhook-signature', signature);
  return req.send(body);
};

const shopifyHook = (t: TestApp, topic: string, body: string, hmac?: string) => {
  const req = request(t.app).post('/api/webhooks/shopify').set('Content-Type', 'application/json').set('X-Shopify-Topic', topic);
  if (hmac !== undefined) req.set('X-Shopify-Hmac-Sha256', hmac);
  return req.send(body);
};

/** The run's webhook secrets: in local mode random per run, from the stand-ins (server/config.ts). */
const sanitySecret = (app: TestApp) => app.config.webhooks.sanitySecret!;
const shopifySecret = (app: TestApp) => app.config.webhooks.shopifySecret!;

/** An editor renames the product card in the content lake (Sanity's mutate API, emulated). */
async function renameCard(t: TestApp, title: string): Promise<void> {
  const url = `${t.config.content.apiHost}/v${t.config.content.apiVersion}/data/mutate/${t.config.content.dataset}`;
  const res = await fetch(url, {
    method: 'POST',
    // An editor's write carries the project's token (the run's read token, in the emulator).
    headers: { 'content-type': 'application/json', authorization: `Bearer ${t.emulators.connection.content.readToken}` },
    body: JSON.stringify({ mutations: [{ patch: { id: CARD_ID, set: { title } } }] }),
  });
  expect(res.status).toBe(200);
}

/** On even in a run with PAGE_CACHE=off in the environment: this suite is about the page cache. */
const ON = { PAGE_CACHE: 'on' };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: ON });
});
afterAll(() => t?.stop());

describe('Sanity webhook', () => {
  test('a missing or bad signature is refused and changes nothing; a good one shows the change', async () => {
    const first = await get(t, `/products/${HANDLE}`);
    const list = await get(t, '/products');
    await t.app.locals.pageCache!.whenIdle();
    expect(first.text).toContain(OLD_TITLE);
    await renameCard(t, NEW_TITLE);

    const refused = [
      await sanityHook(t, CARD_CHANGE),
      await sanityHook(t, CARD_CHANGE, 'garbage'),
      await sanityHook(t, CARD_CHANGE, signSanity(CARD_CHANGE, 'not-the-secret-at-all')),
      // Signed for another body.
      await sanityHook(t, CARD_CHANGE, signSanity(CARD_CHANGE.replace(HANDLE, 'other'), sanitySecret(t))),
      // Replayed long after it was signed.
      await sanityHook(t, CARD_CHANGE, signSanity(CARD_CHANGE, sanitySecret(t), Date.now() - 60 * 60_000)),
    ];
    expect(refused.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    expect(refused[0].body).toEqual({ isError: true, message: 'Invalid signature' });
    expect(refused[0].headers['cache-control']).toBe('private, no-store');
    // Nothing changed: the cached page and the cached card data are what they were.
    const still = await get(t, `/products/${HANDLE}`);
    expect(still.headers['x-page-cache']).toBe('HIT');
    expect(still.text).toBe(first.text);
    expect(await t.cache.get(`content:card:${HANDLE}`)).toBeDefined();

    const ok = await sanityHook(t, CARD_CHANGE, signSanity(CARD_CHANGE, sanitySecret(t)));
    expect(ok.status).toBe(200);
    expect(ok.body.isError).toBe(false);
    expect(ok.body.data.pages).toBeGreaterThanOrEqual(2);

    const after = await get(t, `/products/${HANDLE}`);
    expect(after.headers['x-page-cache']).toBe('MISS');
    expect(after.text).toContain(NEW_TITLE);
    const listAfter = await get(t, '/products');
    expect(listAfter.headers['x-page-cache']).toBe('MISS');
    expect(list.text).not.toContain(NEW_TITLE);
    expect(listAfter.text).toContain(NEW_TITLE);
    const payload = await get(t, '/__payload/product').query({ handle: HANDLE });
    expect(JSON.stringify(payload.body)).toContain(NEW_TITLE);
    await t.app.locals.pageCache!.whenIdle();
  });

  test('a malformed body with a good signature is a 400', async () => {
    const res = await sanityHook(t, 'not json', signSanity('not json', sanitySecret(t)));
    expect(res.status).toBe(400);
  });

  test('a settings change purges every page', async () => {
    await get(t, '/journal');
    await get(t, `/products/${HANDLE}`);
    await t.app.locals.pageCache!.whenIdle();
    const body = JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings' });
    expect((await sanityHook(t, body, signSanity(body, sanitySecret(t)))).status).toBe(200);
    expect((await get(t, '/journal')).headers['x-page-cache']).toBe('MISS');
    expect((await get(t, `/products/${HANDLE}`)).headers['x-page-cache']).toBe('MISS');
    await t.app.locals.pageCache!.whenIdle();
  });
});

describe('Shopify webhook', () => {
  const body = JSON.stringify({ id: 1, handle: HANDLE, title: 'x' });

  test('a missing or bad HMAC is refused and changes nothing', async () => {
    await get(t, `/products/${HANDLE}`);
    await t.app.locals.pageCache!.whenIdle();
    const bad = [
      await shopifyHook(t, 'products/update', body),
      await shopifyHook(t, 'products/update', body, signShopify(body, 'wrong-secret-wrong-secret')),
      await shopifyHook(t, 'products/update', body, signShopify(`${body} `, shopifySecret(t))),
    ];
    expect(bad.map((r) => r.status)).toEqual([401, 401, 401]);
    expect((await get(t, `/products/${HANDLE}`)).headers['x-page-cache']).toBe('HIT');
    expect(await t.cache.get(`storefront:product:${HANDLE}`)).toBeDefined();
  });

  test('products/update purges the pages and the catalog data; other topics are ignored', async () => {
    const ignored = await shopifyHook(t, 'orders/create', '{}', signShopify('{}', shopifySecret(t)));
    expect(ignored.status).toBe(200);
    expect((await get(t, `/products/${HANDLE}`)).headers['x-page-cache']).toBe('HIT');

    const ok = await shopifyHook(t, 'products/update', body, signShopify(body, shopifySecret(t)));
    expect(ok.status).toBe(200);
    expect(await t.cache.get(`storefront:product:${HANDLE}`)).toBeUndefined();
    expect(await t.cache.get('storefront:prices')).toBeUndefined();
    expect((await get(t, `/products/${HANDLE}`)).headers['x-page-cache']).toBe('MISS');
    await t.app.locals.pageCache!.whenIdle();
  });
});

test("local mode's webhook secrets are the run's own: the ones every copy of the code knew are refused", async () => {
  const other = await startTestApp({ env: ON });
  try {
    // Two runs, two secrets, neither a value written anywhere.
    expect(sanitySecret(other)).not.toBe(sanitySecret(t));
    expect(shopifySecret(other)).not.toBe(shopifySecret(t));
    expect((await sanityHook(t, CARD_CHANGE, signSanity(CARD_CHANGE, sanitySecret(other)))).status).toBe(401);
    expect((await sanityHook(t, CARD_CHANGE, signSanity(CARD_CHANGE, 'local-sanity-webhook-secret'))).status).toBe(401);
    expect((await shopifyHook(t, 'products/update', '{}', signShopify('{}', 'local-shopify-webhook-secret'))).status).toBe(401);
  } finally {
    await other.stop();
  }
});

(serviceAvailable('redis') ? describe : describe.skip)('with Redis', () => {
  test('two instances share the pages, and a webhook to one purges both', async () => {
    const keyPrefix = `gs-test-${randomUUID()}:`;
    const a = await startTestApp({
      env: ON,
      cache: (log) => new RedisCache(log, { url: REDIS_TEST_URL, commandTimeoutMs: REDIS_TEST_COMMAND_TIMEOUT_MS, keyPrefix }),
    });
    const b = await a.respawn();
    try {
      for (const x of [a, b]) expect(await (x.cache as RedisCache).ready()).toBe(true);
      const miss = await get(a, `/products/${HANDLE}`);
      await a.app.locals.pageCache!.whenIdle();
      expect(miss.headers['x-page-cache']).toBe('MISS');
      const shared = await get(b, `/products/${HANDLE}`);
      expect(shared.headers['x-page-cache']).toBe('HIT');
      expect(shared.text).toBe(miss.text);

      await renameCard(a, `${NEW_TITLE} (Redis)`);
      const ok = await sanityHook(a, CARD_CHANGE, signSanity(CARD_CHANGE, sanitySecret(a)));
      expect(ok.status).toBe(200);
      const after = await get(b, `/products/${HANDLE}`);
      expect(after.headers['x-page-cache']).toBe('MISS');
      expect(after.text).toContain(`${NEW_TITLE} (Redis)`);
      await b.app.locals.pageCache!.whenIdle();
    } finally {
      await b.stop();
      await a.stop();
    }
  });
});
