/**
 * The no-JavaScript cart (ADR-0006) against the real Storefront emulator: `POST /cart` form →
 * 303 to /cart with the `cart_id` cookie, the line really in that cart, the `cart` route data
 * (`/__payload/cart`) read from the cookie, and no cookie or cart on cacheable responses.
 */
import request from 'supertest';
import { fetchCart, newCart, SUBSCRIPTION_PLAN, UNKNOWN_CART, VARIANTS } from '../support/cart';
import { startTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

const addForm = (fields: Record<string, string>, cookie?: string) => {
  const req = request(t.app).post('/cart').type('form').send(fields);
  return cookie ? req.set('Cookie', cookie) : req;
};
const cookieFor = (cartId: string) => `cart_id=${encodeURIComponent(cartId)}`;
/** `gid://shopify/Cart/{token}?key=…` → token. */
const cartToken = (cartId: string) => cartId.split('?')[0].split('/').pop()!;

/** The `cart_id` Set-Cookie of a response, parsed. */
function cartCookie(res: request.Response): { cartId: string; attributes: string[] } {
  const header = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('cart_id='));
  if (!header) throw new Error('no cart_id cookie');
  const [pair, ...attributes] = header.split(';').map((p) => p.trim());
  return { cartId: decodeURIComponent(pair.slice('cart_id='.length)), attributes };
}

describe('POST /cart (no JavaScript)', () => {
  test('without a cookie: a new cart with the line, 303 → /cart, cart_id cookie, private', async () => {
    const res = await addForm({ merchandiseId: VARIANTS.classicPetite, quantity: '2' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/cart');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { cartId, attributes } = cartCookie(res);
    expect(attributes).toEqual(expect.arrayContaining(['Max-Age=172800', 'Path=/', 'SameSite=Lax']));
    expect(attributes.join(';')).not.toMatch(/HttpOnly|Secure/i);
    const cart = await fetchCart(t.app, cartId);
    expect(cart.lines.map((l) => [l.merchandise.id, l.quantity])).toEqual([[VARIANTS.classicPetite, 2]]);
  });

  test('with the cookie: adds to the same cart (quantity defaults to 1, selling plan kept); GET /__payload/cart shows it', async () => {
    const first = cartCookie(await addForm({ merchandiseId: VARIANTS.bodega }));
    const again = await addForm({ merchandiseId: VARIANTS.subscription, sellingPlanId: SUBSCRIPTION_PLAN }, cookieFor(first.cartId));
    expect(again.status).toBe(303);
    expect(cartCookie(again).cartId).toBe(first.cartId);

    const payload = await request(t.app).get('/__payload/cart').set('Cookie', cookieFor(first.cartId));
    expect(payload.status).toBe(200);
    expect(payload.headers['cache-control']).toBe('private, no-store');
    expect(payload.headers['set-cookie']).toBeUndefined();
    expect(payload.body.seo.title).toBe('Cart');
    expect(payload.body.cart.id).toBe(first.cartId);
    expect(
      payload.body.cart.lines.map((l: { merchandise: { id: string }; quantity: number; sellingPlanAllocation: unknown }) => [
        l.merchandise.id,
        l.quantity,
        l.sellingPlanAllocation !== null,
      ]),
    ).toEqual([
      [VARIANTS.bodega, 1, false],
      [VARIANTS.subscription, 1, true],
    ]);
  });

  test('a cookie naming an unknown, malformed or completed cart gets a new cart', async () => {
    for (const cookie of [cookieFor(UNKNOWN_CART), 'cart_id=%E0%A4%A', 'cart_id=not-a-cart']) {
      const res = await addForm({ merchandiseId: VARIANTS.bodega }, cookie);
      expect(res.status).toBe(303);
      expect((await fetchCart(t.app, cartCookie(res).cartId)).totalQuantity).toBe(1);
    }
    // Check a cart out on the hosted checkout (pickup needs only email and name): it is completed.
    const completed = cartCookie(await addForm({ merchandiseId: VARIANTS.bodega })).cartId;
    const { checkoutUrl } = (
      await request(t.app).put('/api/cart/attributes').send({
        cartId: completed,
        checkoutType: 'pickup',
        pickupDate: '2026-12-19',
        isGift: false,
      })
    ).body.data;
    const url = new URL(checkoutUrl);
    const order = await request(url.origin)
      .post(url.pathname + url.search)
      .type('form')
      .send({ email: 'a@example.com', name: 'A Shopper' });
    expect(order.status).toBe(303);
    const res = await addForm({ merchandiseId: VARIANTS.classicPetite }, cookieFor(completed));
    expect(cartCookie(res).cartId).not.toBe(completed);
  });

  test('an unavailable variant → 303 /cart?error=unavailable, no cookie, the cart unchanged', async () => {
    const cartId = cartCookie(await addForm({ merchandiseId: VARIANTS.bodega })).cartId;
    const res = await addForm({ merchandiseId: VARIANTS.peonySoldOut }, cookieFor(cartId));
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/cart?error=unavailable');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await fetchCart(t.app, cartId)).lines).toHaveLength(1);
  });

  test('bad forms → 400 text with the spec message, no cookie', async () => {
    const forms: Record<string, string>[] = [
      {},
      { merchandiseId: 'gid://shopify/Product/1' },
      { merchandiseId: VARIANTS.bodega, quantity: '0' },
      { merchandiseId: VARIANTS.bodega, quantity: 'two' },
      { merchandiseId: VARIANTS.bodega, sellingPlanId: 'monthly' },
    ];
    for (const fields of forms) {
      const res = await addForm(fields);
      expect(res.status).toBe(400);
      expect(res.type).toBe('text/plain');
      expect(res.text).toBe('Line item unavailable or not provided.');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  test('only a same-origin urlencoded form is accepted (403 / 415)', async () => {
    const cross = await addForm({ merchandiseId: VARIANTS.bodega }).set('Origin', 'https://evil.example');
    expect([cross.status, cross.headers['set-cookie']]).toEqual([403, undefined]);
    const same = await addForm({ merchandiseId: VARIANTS.bodega }).set('Origin', 'http://shop.test');
    expect(same.status).toBe(303);
    const json = await request(t.app).post('/cart').send({ merchandiseId: VARIANTS.bodega });
    expect(json.status).toBe(415);
    // urlencoded bodies are parsed on this route only.
    const api = await request(t.app)
      .post('/api/cart/lines')
      .type('form')
      .send({ cartId: await newCart(t.app), merchandiseId: VARIANTS.bodega });
    expect(api.status).toBe(415);
  });

  test('the cookie is Secure when the site is served over https', async () => {
    const https = await startTestApp({ env: { SITE_URL: 'https://shop.test' } });
    try {
      const res = await request(https.app).post('/cart').type('form').send({ merchandiseId: VARIANTS.bodega });
      expect(cartCookie(res).attributes).toContain('Secure');
    } finally {
      await https.stop();
    }
  });
});

describe('the cart route data and cacheable responses', () => {
  test('/__payload/cart without a cookie, or with an unknown cart → cart null, private', async () => {
    for (const cookie of [undefined, cookieFor(UNKNOWN_CART), 'cart_id=garbage']) {
      const req = request(t.app).get('/__payload/cart');
      const res = await (cookie ? req.set('Cookie', cookie) : req);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).toEqual({ seo: { title: 'Cart' }, cart: null });
    }
  });

  test('GET /cart renders the cookie cart, private; an unavailable add shows the spec message', async () => {
    const { cartId } = cartCookie(await addForm({ merchandiseId: VARIANTS.oliveTree }));
    const page = await request(t.app).get('/cart').set('Cookie', cookieFor(cartId));
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['set-cookie']).toBeUndefined();
    // The cart's own token (in its data and checkout link): only this shopper's page has it.
    expect(page.text).toContain(cartToken(cartId));
    expect((await request(t.app).get('/cart')).text).not.toContain(cartToken(cartId));
    const refused = await request(t.app).get('/cart?error=unavailable').set('Cookie', cookieFor(cartId));
    expect(refused.text).toContain('Line item unavailable or not provided.');
  });

  test('cacheable pages and payloads never set a cookie nor carry the cart, even when the shopper has one', async () => {
    const { cartId } = cartCookie(await addForm({ merchandiseId: VARIANTS.bodega }));
    for (const path of ['/', '/products', '/__payload/root', '/__payload/home']) {
      const res = await request(t.app).get(path).set('Cookie', cookieFor(cartId));
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toMatch(/^public/);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.text).not.toContain(cartToken(cartId));
    }
  });
});
