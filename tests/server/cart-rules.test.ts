/**
 * The cart's rules are the server's, not only the browser's: each bad-state request below is
 * refused with a 4xx and a clear message, the answer carries the cart as it is, and the stored
 * cart is unchanged (real app, real Storefront, content and scheduler emulators).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { addDays, weekdayOf } from '../../shared/availability';
import type { Cart } from '../../shared/types';
import { calendarFor, cartWith, fetchCart, firstSelectableDay, VARIANTS } from '../support/cart';
import { startTestApp, type TestApp } from '../support/app';

/** Hudson Valley Hydrangeas: $135, tagged local-delivery-only, 8 in stock. */
const HYDRANGEAS = 'gid://shopify/ProductVariant/800501';
/** The Private Garden: members only (password-protected content card). */
const PRIVATE_GARDEN = 'gid://shopify/ProductVariant/800701';
/** Winter Solstice Wreath, 18 inch: its content card drops it on a date (moved to 2099 below). */
const WREATH = 'gid://shopify/ProductVariant/800601';

let t: TestApp;
let contentDir: string;
beforeAll(async () => {
  // The seeded dataset with the wreath's drop date far in the future, so the test never expires.
  contentDir = mkdtempSync(path.join(os.tmpdir(), 'gs-content-'));
  cpSync(path.resolve(__dirname, '../../content'), contentDir, { recursive: true });
  const dataset = path.join(contentDir, 'dataset.ndjson');
  writeFileSync(dataset, readFileSync(dataset, 'utf8').replace(/"dropDate":"[^"]+"/, '"dropDate":"2099-12-12T15:00:00.000Z"'));
  t = await startTestApp({ contentDir });
});
afterAll(async () => {
  await t?.stop();
  rmSync(contentDir, { recursive: true, force: true });
});

const saveAttributes = (body: object) => request(t.app).put('/api/cart/attributes').send(body);
const attributesOf = async (cartId: string) => (await fetchCart(t.app, cartId)).attributes;
const details = { pickupDate: null, isGift: false, giftNote: '', receiverEmail: '' };
const lineIds = (cart: Cart) => cart.lines.map((l) => [l.merchandise.id, l.quantity]);

describe('checkout type and date (PUT /api/cart/attributes)', () => {
  test('shipping on an $85 cart → 422, nothing saved', async () => {
    const cartId = await cartWith(t.app, [{ merchandiseId: VARIANTS.classicPetite }]);
    const before = await attributesOf(cartId);
    const res = await saveAttributes({ cartId, checkoutType: 'shipping', deliveryDate: null, ...details });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ isError: true, message: 'Shipping is available on orders over $100: choose delivery or pickup.' });
    expect(res.body.data.id).toBe(cartId);
    expect(await attributesOf(cartId)).toEqual(before);
  });

  test('shipping with a local-delivery-only product, even over $100 → 422 naming it', async () => {
    const cartId = await cartWith(t.app, [{ merchandiseId: HYDRANGEAS }]);
    const res = await saveAttributes({ cartId, checkoutType: 'shipping', deliveryDate: null, ...details });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Hudson Valley Hydrangeas cannot be shipped: choose delivery or pickup.');
    expect(await attributesOf(cartId)).toEqual([]);
  });

  test('a date in 2001, after the calendar ends, or on a closed weekday → 422; a selectable day saves', async () => {
    const cartId = await cartWith(t.app, [{ merchandiseId: VARIANTS.bodega }]);
    const calendar = await calendarFor(t.app, cartId, 'delivery');
    const closedWeekday = calendar.disabledWeekdays[0];
    expect(closedWeekday).toBeDefined();
    let sunday = calendar.firstSelectableDate!;
    while (weekdayOf(sunday) !== closedWeekday) sunday = addDays(sunday, 1);

    for (const [deliveryDate, message] of [
      ['2001-06-12', 'Tuesday, June 12, 2001 is not available for delivery. Please choose another date.'],
      [addDays(calendar.maxDate!, 1), expect.stringMatching(/ is not available for delivery\. Please choose another date\.$/)],
      [sunday, expect.stringMatching(/^Sunday, .* is not available for delivery/)],
    ]) {
      const res = await saveAttributes({ cartId, checkoutType: 'delivery', deliveryDate, ...details });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ isError: true, message });
      expect(await attributesOf(cartId)).toEqual([]);
    }
    const ok = await saveAttributes({ cartId, checkoutType: 'delivery', deliveryDate: calendar.firstSelectableDate, ...details });
    expect(ok.status).toBe(200);
  });

  test('a pickup date is checked against the pickup calendar, not the delivery one', async () => {
    const cartId = await cartWith(t.app, [{ merchandiseId: VARIANTS.bodega }]);
    const pickup = await calendarFor(t.app, cartId, 'pickup');
    let closed = pickup.firstSelectableDate!;
    while (!pickup.disabledWeekdays.includes(weekdayOf(closed))) closed = addDays(closed, 1);
    const res = await saveAttributes({ cartId, checkoutType: 'pickup', deliveryDate: null, ...details, pickupDate: closed });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/is not available for pickup/);
    const day = await firstSelectableDay(t.app, cartId, 'pickup');
    expect((await saveAttributes({ cartId, checkoutType: 'pickup', deliveryDate: null, ...details, pickupDate: day })).status).toBe(200);
  });
});

describe('line changes (PATCH /api/cart/lines)', () => {
  test('changing a line to a sold-out variant → 422 with the cart as it was; the line is kept', async () => {
    const cartId = await cartWith(t.app, [{ merchandiseId: VARIANTS.bodega }]);
    const [line] = (await fetchCart(t.app, cartId)).lines;
    const res = await request(t.app)
      .patch('/api/cart/lines')
      .send({ cartId, line: { id: line.id, merchandiseId: VARIANTS.peonySoldOut, quantity: 1 } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Line item unavailable or not provided.');
    expect(lineIds(res.body.data)).toEqual([[VARIANTS.bodega, 1]]);
    expect(lineIds(await fetchCart(t.app, cartId))).toEqual([[VARIANTS.bodega, 1]]);
  });

  test('a quantity above stock → 422 "Only 8 left in stock.", never a silent cut', async () => {
    const cartId = await cartWith(t.app, [{ merchandiseId: HYDRANGEAS, quantity: 2 }]);
    const [line] = (await fetchCart(t.app, cartId)).lines;
    const res = await request(t.app)
      .patch('/api/cart/lines')
      .send({ cartId, line: { id: line.id, merchandiseId: HYDRANGEAS, quantity: 9 } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Only 8 left in stock.');
    expect(res.body.message).not.toMatch(/success/i);
    expect(lineIds(await fetchCart(t.app, cartId))).toEqual([[HYDRANGEAS, 2]]);
    const upTo = await request(t.app)
      .patch('/api/cart/lines')
      .send({ cartId, line: { id: line.id, merchandiseId: HYDRANGEAS, quantity: 8 } });
    expect([upTo.status, upTo.body.message]).toEqual([200, 'Item successfully updated in your cart.']);
  });

  test('an unknown line → 404 with the cart', async () => {
    const cartId = await cartWith(t.app, [{ merchandiseId: VARIANTS.bodega }]);
    const res = await request(t.app)
      .patch('/api/cart/lines')
      .send({ cartId, line: { id: 'gid://shopify/CartLine/nope?cart=x', merchandiseId: VARIANTS.bodega, quantity: 2 } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Cart fetch or cart line item update went wrong.');
  });
});

describe('adding (POST /api/cart/lines and the no-JS form)', () => {
  test.each([
    ['the members-only product', PRIVATE_GARDEN, 'This product is password protected.'],
    ['a product before its drop date', WREATH, 'Winter Solstice Wreath is available from Saturday, December 12, 2099.'],
  ])('%s cannot be added through the API', async (_name, merchandiseId, message) => {
    const cartId = await cartWith(t.app, [{ merchandiseId: VARIANTS.bodega }]);
    const res = await request(t.app).post('/api/cart/lines').send({ cartId, merchandiseId });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(message);
    expect(lineIds(await fetchCart(t.app, cartId))).toEqual([[VARIANTS.bodega, 1]]);
  });

  test('adding more than the stock, counting what the cart holds → 422', async () => {
    const cartId = await cartWith(t.app, [{ merchandiseId: HYDRANGEAS, quantity: 5 }]);
    const res = await request(t.app).post('/api/cart/lines').send({ cartId, merchandiseId: HYDRANGEAS, quantity: 4 });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Only 8 left in stock. Your cart already holds 5.');
    expect(lineIds(await fetchCart(t.app, cartId))).toEqual([[HYDRANGEAS, 5]]);
  });

  const storedCarts = async () =>
    (
      await (
        await fetch(`${t.emulators.storefront.url}/__emulator/carts`, { headers: { 'x-emulator-token': t.emulators.storefront.debugToken } })
      ).json()
    ).count as number;

  test.each([
    ['sold out', VARIANTS.peonySoldOut, '1', 'unavailable'],
    ['members only', PRIVATE_GARDEN, '1', 'password-protected'],
    ['not dropped yet', WREATH, '1', 'not-released'],
    ['more than the stock', HYDRANGEAS, '9', 'not-enough-stock'],
  ])('a refused no-JS add (%s) redirects with its reason and creates no cart', async (_name, merchandiseId, quantity, code) => {
    const before = await storedCarts();
    const res = await request(t.app).post('/cart').type('form').send({ merchandiseId, quantity });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/cart?error=${code}`);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await storedCarts()).toBe(before);
  });

  test('the cart page shows the refusal in words (and ignores unknown codes)', async () => {
    const page = await request(t.app).get('/cart?error=password-protected');
    expect(page.text).toContain('This product is password protected.');
    const junk = await request(t.app).get('/cart?error=%3Cscript%3E');
    expect(junk.text).not.toContain('role="alert"');
  });
});
