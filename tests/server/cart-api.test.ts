/**
 * The cart JSON API against the real Storefront API emulator: every endpoint with good and bad
 * input, spec §8 messages, statuses, and nothing half-written (a rejected change leaves the cart
 * as it was).
 */
import request from 'supertest';
import type { CartLine } from '../../shared/types';
import { startTestApp, type TestApp } from '../support/app';
import { fetchCart as fetchCartIn, newCart as newCartIn, UNKNOWN_CART, VARIANTS } from '../support/cart';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

const { classicPetite: CLASSIC_PETITE, bodega: BODEGA, peonySoldOut: PEONY_SOLD_OUT } = VARIANTS;
const newCart = () => newCartIn(t.app);
const fetchCart = (id: string) => fetchCartIn(t.app, id);
const add = (body: object) => request(t.app).post('/api/cart/lines').send(body);

describe('POST /api/cart', () => {
  test('creates an empty cart', async () => {
    const res = await request(t.app).post('/api/cart').send({});
    expect(res.status).toBe(201);
    expect(res.body.isError).toBe(false);
    expect(res.body.data).toMatchObject({ totalQuantity: 0, lines: [], checkoutUrl: expect.any(String) });
    expect(res.body.data.id).toMatch(/^gid:\/\/shopify\/Cart\//);
  });

  test('upstream down → 502 "Cart creation was unsuccessful."', async () => {
    const down = await startTestApp();
    try {
      await down.emulators.storefront.stop();
      const res = await request(down.app).post('/api/cart').send({});
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ isError: true, message: 'Cart creation was unsuccessful.' });
    } finally {
      await down.stop();
    }
  });
});

describe('GET /api/cart', () => {
  test('fetches a cart', async () => {
    const id = await newCart();
    const res = await request(t.app).get('/api/cart').query({ id });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(id);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  test('unknown cart → 404, missing id → 400', async () => {
    expect((await request(t.app).get('/api/cart').query({ id: UNKNOWN_CART })).status).toBe(404);
    const missing = await request(t.app).get('/api/cart');
    expect(missing.status).toBe(400);
    expect(missing.body.isError).toBe(true);
  });
});

describe('POST /api/cart/lines', () => {
  test('adds a line with the spec message', async () => {
    const cartId = await newCart();
    const res = await add({ cartId, merchandiseId: CLASSIC_PETITE, quantity: 2, attributes: [{ key: 'Purchased with', value: 'x'.repeat(300) }] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('An item was successfully added to your cart.');
    const [line] = res.body.data.lines;
    expect(line).toMatchObject({ quantity: 2, merchandise: { id: CLASSIC_PETITE, product: { handle: 'classic-gramercy-bouquet' } } });
    expect(line.cost.totalAmount).toEqual({ amount: '170.0', currencyCode: 'USD' });
    expect(line.attributes).toEqual([{ key: 'Purchased with', value: 'x'.repeat(200) }]);
    expect(line.merchandise.image.src).toContain(t.emulators.storefront.url);
  });

  test('"Purchased with" is cut to 200 characters without splitting an emoji; other attributes are kept whole', async () => {
    const cartId = await newCart();
    const value = `${'x'.repeat(199)}🌷 and more`;
    const res = await add({
      cartId,
      merchandiseId: BODEGA,
      attributes: [
        { key: 'Purchased with', value },
        { key: 'Note', value: 'y'.repeat(300) },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.lines[0].attributes).toEqual([
      { key: 'Purchased with', value: 'x'.repeat(199) },
      { key: 'Note', value: 'y'.repeat(300) },
    ]);
  });

  test('quantity defaults to 1', async () => {
    const cartId = await newCart();
    const res = await add({ cartId, merchandiseId: BODEGA });
    expect(res.body.data.totalQuantity).toBe(1);
  });

  test('a sold-out variant is refused and the cart is unchanged', async () => {
    const cartId = await newCart();
    await add({ cartId, merchandiseId: BODEGA });
    const res = await add({ cartId, merchandiseId: PEONY_SOLD_OUT });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ isError: true, message: 'Line item unavailable or not provided.' });
    // The answer reports the cart as it is, so the browser shows what really happened.
    expect(res.body.data.lines.map((l: CartLine) => l.merchandise.id)).toEqual([BODEGA]);
    const cart = await fetchCart(cartId);
    expect(cart.lines.map((l) => l.merchandise.id)).toEqual([BODEGA]);
  });

  test.each([
    [{}, 'Line item unavailable or not provided.'],
    [{ merchandiseId: 'gid://shopify/ProductVariant/abc' }, 'Line item unavailable or not provided.'],
    [{ merchandiseId: 'gid://shopify/ProductVariant/999999' }, 'Line item unavailable or not provided.'],
    [{ merchandiseId: BODEGA, quantity: 0 }, 'Cart fetch or cart line item addition went wrong.'],
    [{ merchandiseId: BODEGA, quantity: 1.5 }, 'Cart fetch or cart line item addition went wrong.'],
  ])('bad input %j → 4xx "%s", cart unchanged', async (extra, message) => {
    const cartId = await newCart();
    const res = await add({ cartId, ...extra });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toMatchObject({ isError: true, message });
    expect((await fetchCart(cartId)).lines).toEqual([]);
  });

  test('unknown cart → 404', async () => {
    const res = await add({ cartId: UNKNOWN_CART, merchandiseId: BODEGA });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ isError: true, message: 'Cart fetch or cart line item addition went wrong.' });
  });

  test('without a cartId (the first add) → 201, a new cart holding the line', async () => {
    const res = await add({ merchandiseId: CLASSIC_PETITE, quantity: 2 });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('An item was successfully added to your cart.');
    expect(res.body.data.id).toMatch(/^gid:\/\/shopify\/Cart\//);
    expect(res.body.data.lines).toEqual([expect.objectContaining({ quantity: 2, merchandise: expect.objectContaining({ id: CLASSIC_PETITE }) })]);
    expect((await fetchCart(res.body.data.id)).totalQuantity).toBe(2);
  });

  test('without a cartId, a refused add → 422 and no cart; a null cartId → 400', async () => {
    const carts = async () =>
      (
        (await (
          await fetch(`${t.emulators.storefront.url}/__emulator/carts`, { headers: { 'x-emulator-token': t.emulators.storefront.debugToken } })
        ).json()) as { count: number }
      ).count;
    const before = await carts();
    const refused = await add({ merchandiseId: PEONY_SOLD_OUT });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ isError: true, message: 'Line item unavailable or not provided.' });
    expect(await carts()).toBe(before);
    const nullId = await add({ cartId: null, merchandiseId: BODEGA });
    expect(nullId.status).toBe(400);
    expect(nullId.body).toEqual({ isError: true, message: 'A valid cartId is required.' });
    expect(await carts()).toBe(before);
  });
});

describe('PATCH /api/cart/lines', () => {
  test('updates a line quantity', async () => {
    const cartId = await newCart();
    const line = (await add({ cartId, merchandiseId: BODEGA })).body.data.lines[0];
    const res = await request(t.app)
      .patch('/api/cart/lines')
      .send({ cartId, line: { id: line.id, merchandiseId: BODEGA, quantity: 3 } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Item successfully updated in your cart.');
    expect(res.body.data.lines[0].quantity).toBe(3);
  });

  test.each([[{ line: 'oops' }], [{ line: { quantity: 2 } }], [{}]])('line not an object %j → 400, cart unchanged', async (body) => {
    const cartId = await newCart();
    await add({ cartId, merchandiseId: BODEGA });
    const res = await request(t.app)
      .patch('/api/cart/lines')
      .send({ cartId, ...body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ isError: true, message: 'Line item was provided incorrectly. Must be line item object.' });
    expect((await fetchCart(cartId)).lines[0].quantity).toBe(1);
  });

  test('a line the cart does not hold → 404 with the spec §8 update message and the cart as it is (as remove answers)', async () => {
    const cartId = await newCart();
    const held = (await add({ cartId, merchandiseId: BODEGA })).body.data.lines[0];
    const gone = (await add({ cartId, merchandiseId: CLASSIC_PETITE })).body.data.lines.find((l: CartLine) => l.merchandise.id === CLASSIC_PETITE);
    await request(t.app).delete('/api/cart/lines').send({ cartId, lineId: gone.id });
    const res = await request(t.app)
      .patch('/api/cart/lines')
      .send({ cartId, line: { id: gone.id, merchandiseId: CLASSIC_PETITE, quantity: 2 } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ isError: true, message: 'Cart fetch or cart line item update went wrong.' });
    expect(res.body.data.lines.map((l: CartLine) => l.id)).toEqual([held.id]);
  });

  test('unknown cart → 404', async () => {
    const cartId = await newCart();
    const line = (await add({ cartId, merchandiseId: BODEGA })).body.data.lines[0];
    const res = await request(t.app)
      .patch('/api/cart/lines')
      .send({ cartId: UNKNOWN_CART, line: { id: line.id, merchandiseId: BODEGA, quantity: 2 } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Cart fetch or cart line item update went wrong.');
  });
});

describe('DELETE /api/cart/lines', () => {
  test('removes a line', async () => {
    const cartId = await newCart();
    await add({ cartId, merchandiseId: CLASSIC_PETITE });
    const line = (await add({ cartId, merchandiseId: BODEGA })).body.data.lines.find((l: CartLine) => l.merchandise.id === BODEGA);
    const res = await request(t.app).delete('/api/cart/lines').send({ cartId, lineId: line.id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Item successfully removed.');
    expect(res.body.data.lines.map((l: CartLine) => l.merchandise.id)).toEqual([CLASSIC_PETITE]);
  });

  test.each([[{}], [{ lineId: 42 }], [{ lineId: '' }]])('no line id %j → 400, cart unchanged', async (body) => {
    const cartId = await newCart();
    await add({ cartId, merchandiseId: BODEGA });
    const res = await request(t.app)
      .delete('/api/cart/lines')
      .send({ cartId, ...body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ isError: true, message: 'No Line item ID provided.' });
    expect((await fetchCart(cartId)).lines).toHaveLength(1);
  });

  test('a line the cart does not hold → 404 with the spec §8 removal message and the cart as it is (as update answers)', async () => {
    const cartId = await newCart();
    const held = (await add({ cartId, merchandiseId: BODEGA })).body.data.lines[0];
    const gone = (await add({ cartId, merchandiseId: CLASSIC_PETITE })).body.data.lines.find((l: CartLine) => l.merchandise.id === CLASSIC_PETITE);
    expect((await request(t.app).delete('/api/cart/lines').send({ cartId, lineId: gone.id })).status).toBe(200);
    const again = await request(t.app).delete('/api/cart/lines').send({ cartId, lineId: gone.id });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ isError: true, message: 'Cart fetch or cart line removal went wrong.' });
    expect(again.body.data.lines.map((l: CartLine) => l.id)).toEqual([held.id]);
  });

  test('unknown cart → 404', async () => {
    const res = await request(t.app).delete('/api/cart/lines').send({ cartId: UNKNOWN_CART, lineId: 'gid://shopify/CartLine/abc' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Cart fetch or cart line removal went wrong.');
  });
});
