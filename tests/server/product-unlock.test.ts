/**
 * Password-protected product (spec §3 product card password, §4 availability)
 * against the real app and emulators: POST /products/{handle}/unlock with a wrong and the right
 * password, the unlock cookie's flags, forged / expired / other-product cookies refused, the
 * page and payload cache headers before and after, nothing protected in the locked page, add
 * to cart refused before and allowed after, and the `unlock` rate limit (429).
 */
import request from 'supertest';
import { createUnlockTokens, unlockCookieName } from '../../server/unlock/token';
import { newCart } from '../support/cart';
import { startTestApp, type TestApp } from '../support/app';

const HANDLE = 'the-private-garden';
const PASSWORD = 'gramercy-members';
/** The Private Garden's variant (emulators/storefront seed). */
const VARIANT = 'gid://shopify/ProductVariant/800701';
const PUBLIC_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

let t: TestApp;
beforeAll(async () => {
  // This suite unlocks many times from one IP; the limit itself is tested on its own app below.
  t = await startTestApp({ rateLimits: { unlock: { limit: 1000, windowMs: 60_000, failuresOnly: false } } });
});
afterAll(() => t?.stop());

const unlock = (password: string, opts: { json?: boolean; handle?: string; app?: TestApp['app'] } = {}) => {
  const req = request(opts.app ?? t.app)
    .post(`/products/${opts.handle ?? HANDLE}/unlock`)
    .type('form');
  if (opts.json) req.set('Accept', 'application/json');
  return req.send({ password });
};

/** `name=value` of the unlock cookie set by a right password. */
async function unlockCookie(): Promise<string> {
  const res = await unlock(PASSWORD);
  expect(res.status).toBe(303);
  const set = [res.headers['set-cookie']].flat().find((c: string) => c.startsWith(`${unlockCookieName(HANDLE)}=`));
  expect(set).toBeDefined();
  return set!.split(';')[0];
}

const page = (cookie?: string) => {
  const req = request(t.app).get(`/products/${HANDLE}`);
  return cookie ? req.set('Cookie', cookie) : req;
};
const payload = (cookie?: string) => {
  const req = request(t.app).get('/__payload/product').query({ handle: HANDLE });
  return cookie ? req.set('Cookie', cookie) : req;
};
const addLine = async (cookie?: string) => {
  const cartId = await newCart(t.app);
  const req = request(t.app).post('/api/cart/lines');
  if (cookie) req.set('Cookie', cookie);
  return req.send({ cartId, merchandiseId: VARIANT, quantity: 1 });
};

describe('the locked product page', () => {
  test('is CDN-cacheable, sets no cookie and shows the unlock form, nothing protected', async () => {
    const res = await page();
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.text).toContain(`action="/products/${HANDLE}/unlock"`);
    expect(res.text).toContain('Members only: enter the password from your welcome letter');
    expect(res.text).not.toContain(PASSWORD);
    expect(res.text).not.toContain('Add to cart');
  });

  test('its payload holds only what the card shows, never the password', async () => {
    const res = await payload();
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE);
    const { product } = res.body;
    expect(product).toMatchObject({ handle: HANDLE, description: '', descriptionHtml: '', options: [], accordionItems: [] });
    expect(product.images.length).toBeLessThanOrEqual(1);
    expect(product.card.password).toEqual({ passwordProtectPage: true, productCardText: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toContain(PASSWORD);
  });

  test('is identical for everyone (a stray or forged cookie makes it private, never different in public)', async () => {
    const a = await page();
    const b = await page('cart_id=whatever');
    expect(b.headers['cache-control']).toBe(PUBLIC_CACHE);
    const strip = (html: string) => html.replace(/"requestId":"[^"]*"/g, '');
    expect(strip(b.text)).toBe(strip(a.text));
  });
});

describe('POST /products/{handle}/unlock', () => {
  test('wrong password → 422 "That password is not right.", no cookie (JSON and no-JS)', async () => {
    const json = await unlock('gramercy-member', { json: true });
    expect(json.status).toBe(422);
    expect(json.body).toEqual({ isError: true, message: 'That password is not right.' });
    expect(json.headers['set-cookie']).toBeUndefined();
    expect(json.headers['cache-control']).toBe('private, no-store');

    const form = await unlock('nope');
    expect(form.status).toBe(422);
    expect(form.headers['content-type']).toMatch(/text\/html/);
    expect(form.text).toContain('That password is not right.');
    expect(form.text).toContain(`action="/products/${HANDLE}/unlock"`);
  });

  test('right password → 303 back to the product with an HttpOnly, SameSite=Lax, per-product cookie', async () => {
    const res = await unlock(PASSWORD);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/products/${HANDLE}`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const set = [res.headers['set-cookie']].flat().find((c: string) => c.startsWith(`${unlockCookieName(HANDLE)}=`))!;
    expect(set).toMatch(/; HttpOnly/);
    expect(set).toMatch(/; SameSite=Lax/);
    expect(set).toMatch(/; Path=\//);
    expect(set).toMatch(/; Max-Age=\d+/);
    // http://shop.test is plain http: Secure would make the browser drop it.
    expect(set).not.toMatch(/; Secure/);
    expect(set).not.toContain(PASSWORD);
  });

  test('right password with JavaScript → 200 JSON', async () => {
    const res = await unlock(PASSWORD, { json: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isError: false, message: 'Unlocked.' });
  });

  test('Secure on an https site', async () => {
    const https = await startTestApp({ env: { SITE_URL: 'https://shop.test' } });
    try {
      const res = await unlock(PASSWORD, { app: https.app });
      expect([res.headers['set-cookie']].flat().join('\n')).toMatch(/unlock_the-private-garden=[^;]+;.*; Secure/);
    } finally {
      await https.stop();
    }
  });

  test('a product that is not protected, an unknown one, or no password', async () => {
    expect((await unlock('x', { handle: 'bodega-bunch' })).status).toBe(404);
    expect((await unlock('x', { handle: 'no-such-product' })).status).toBe(404);
    expect((await unlock('', { json: true })).status).toBe(400);
    expect((await unlock('x', { handle: 'Bad_Handle' })).status).toBe(404);
  });

  test('cross-origin posts are refused', async () => {
    const res = await request(t.app)
      .post(`/products/${HANDLE}/unlock`)
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('the unlocked product', () => {
  test('page and payload: full product, private, no-store, with Add to cart', async () => {
    const cookie = await unlockCookie();
    const html = await page(cookie);
    expect(html.status).toBe(200);
    expect(html.headers['cache-control']).toBe('private, no-store');
    expect(html.text).toContain('Add to cart');
    expect(html.text).not.toContain(`action="/products/${HANDLE}/unlock"`);

    const data = await payload(cookie);
    expect(data.headers['cache-control']).toBe('private, no-store');
    expect(data.body.product.card.password.passwordProtectPage).toBe(false);
    expect(data.body.product.description).not.toBe('');
    expect(JSON.stringify(data.body)).not.toContain(PASSWORD);
  });

  test('add to cart: refused before (422 password-protected), allowed after (JSON API and no-JS form)', async () => {
    const before = await addLine();
    expect(before.status).toBe(422);
    expect(before.body.message).toBe('This product is password protected.');

    const cookie = await unlockCookie();
    const after = await addLine(cookie);
    expect(after.status).toBe(200);
    expect(after.body.data.lines.map((l: { merchandise: { id: string } }) => l.merchandise.id)).toEqual([VARIANT]);

    const form = await request(t.app).post('/cart').set('Cookie', cookie).type('form').send({ merchandiseId: VARIANT, quantity: '1' });
    expect(form.status).toBe(303);
    expect(form.headers.location).toBe('/cart');
  });
});

describe('cookies that must not unlock', () => {
  const tokens = () => createUnlockTokens('x'.repeat(64), 'http://shop.test');

  test.each([
    ['forged MAC', `${unlockCookieName(HANDLE)}=${Math.floor(Date.now() / 1000) + 3600}.${'A'.repeat(43)}`],
    ['another secret', `${unlockCookieName(HANDLE)}=${'' /* filled below */}`],
    ['garbage', `${unlockCookieName(HANDLE)}=1`],
  ])('%s: locked page (private since a cookie is present), add to cart refused', async (name, cookieIn) => {
    const cookie = name === 'another secret' ? `${unlockCookieName(HANDLE)}=${tokens().issue(HANDLE)}` : cookieIn;
    const html = await page(cookie);
    expect(html.status).toBe(200);
    expect(html.text).toContain(`action="/products/${HANDLE}/unlock"`);
    expect(html.text).not.toContain('Add to cart');
    expect((await addLine(cookie)).status).toBe(422);
  });

  test("another product's cookie value moved to this product does not unlock it", async () => {
    const real = await unlockCookie();
    const value = real.split('=')[1];
    // The same value under the other product's name: its MAC names the-private-garden.
    const moved = `${unlockCookieName('bodega-bunch')}=${value}`;
    expect((await page(moved)).headers['cache-control']).toBe(PUBLIC_CACHE);
    expect((await addLine(moved)).status).toBe(422);
  });

  test('a value made for another product under this name, or an expired one, is refused', () => {
    let now = Date.now();
    const t1 = createUnlockTokens('y'.repeat(64), 'http://shop.test', () => now);
    const other = t1.issue('bodega-bunch');
    expect(t1.verify(HANDLE, other)).toBe(false);
    const mine = t1.issue(HANDLE);
    expect(t1.verify(HANDLE, mine)).toBe(true);
    now += 31 * 24 * 60 * 60_000;
    expect(t1.verify(HANDLE, mine)).toBe(false);
    // Tampering with the expiry breaks the MAC.
    const [, mac] = mine.split('.');
    expect(t1.verify(HANDLE, `${Math.floor(now / 1000) + 999}.${mac}`)).toBe(false);
  });
});

test('the unlock tier: 10 attempts per 15 minutes per IP, then 429', async () => {
  const limited = await startTestApp();
  try {
    for (let i = 0; i < 10; i++) expect((await unlock(`wrong-${i}`, { json: true, app: limited.app })).status).toBe(422);
    const over = await unlock(PASSWORD, { json: true, app: limited.app });
    expect(over.status).toBe(429);
    expect(over.body.isError).toBe(true);
    expect(over.headers['retry-after']).toBeDefined();
    expect(over.headers['set-cookie']).toBeUndefined();
  } finally {
    await limited.stop();
  }
});

test('only a password under the private secrets. path counts: one moved to a public (root) id unlocks nothing', async () => {
  const moved = await startTestApp();
  try {
    const { apiHost, apiVersion, dataset, readToken } = moved.emulators.connection.content;
    // An editor's write carries the project's token (the run's read token, in the emulator).
    const mutated = await fetch(`${apiHost}/v${apiVersion}/data/mutate/${dataset}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${readToken}` },
      body: JSON.stringify({
        mutations: [
          { delete: { id: `secrets.productCardPassword.${HANDLE}` } },
          {
            create: {
              _id: `productCardPassword-${HANDLE}`,
              _type: 'productCardPassword',
              card: { _type: 'reference', _ref: `productCard-${HANDLE}` },
              password: PASSWORD,
            },
          },
        ],
      }),
    });
    expect(mutated.status).toBe(200);
    const res = await unlock(PASSWORD, { json: true, app: moved.app });
    expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: { isError: true, message: 'No Product found.' } });
    expect(res.headers['set-cookie']).toBeUndefined();
  } finally {
    await moved.stop();
  }
});
