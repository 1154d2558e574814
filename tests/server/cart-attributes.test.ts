/**
 * PUT /api/cart/attributes against the real Storefront emulator (spec §3 cart attributes, §4,
 * §5): what is saved, where it shows (the cart and the hosted checkout page), and that every
 * rejected request leaves the cart's attributes as they were.
 */
import request from 'supertest';
import { cartWith, fetchCart, firstSelectableDay, newCart, SUBSCRIPTION_PLAN, UNKNOWN_CART, VARIANTS } from '../support/cart';
import { startTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

const save = (body: object) => request(t.app).put('/api/cart/attributes').send(body);
/** A delivery on the cart's first selectable day (dates come from the scheduler's calendar, as in the browser). */
const delivery = async (cartId: string) => ({
  checkoutType: 'delivery',
  deliveryDate: await firstSelectableDay(t.app, cartId, 'delivery'),
  pickupDate: null,
  isGift: false,
  giftNote: '',
  receiverEmail: '',
});

describe('PUT /api/cart/attributes', () => {
  test('saves a gift delivery: attributes on the cart and on the checkout page', async () => {
    const cartId = await cartWith(t.app, [{ merchandiseId: VARIANTS.classicPetite }]);
    const DELIVERY = await delivery(cartId);
    const res = await save({
      cartId,
      ...DELIVERY,
      isGift: true,
      giftNote: 'Happy birthday,\nlove from us',
      receiverEmail: ' friend@example.com ',
    });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toMatchObject({ isError: false, message: 'Your delivery details were saved.' });
    const expected = [
      { key: 'Checkout-Method', value: 'delivery' },
      { key: 'Delivery-Date', value: DELIVERY.deliveryDate },
      { key: 'Order is a gift?', value: 'Yes' },
      { key: 'Order Message', value: 'Happy birthday, love from us' },
      { key: 'Receiver Email', value: 'friend@example.com' },
      { key: 'Contains-Subscription', value: 'false' },
    ];
    expect(res.body.data.attributes).toEqual(expected);
    expect((await fetchCart(t.app, cartId)).attributes).toEqual(expected);

    const checkout = new URL(res.body.data.checkoutUrl);
    const page = await request(checkout.origin).get(checkout.pathname + checkout.search);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Local delivery');
    expect(page.text).toContain(`<dt>Delivery-Date</dt><dd>${DELIVERY.deliveryDate}</dd>`);
    expect(page.text).toContain('<dd>Happy birthday, love from us</dd>');
  });

  test('pickup with a subscription line: Pickup-Date and Contains-Subscription true; gift fields left out', async () => {
    const cartId = await cartWith(t.app, [{ merchandiseId: VARIANTS.subscription, sellingPlanId: SUBSCRIPTION_PLAN }]);
    const pickupDate = await firstSelectableDay(t.app, cartId, 'pickup');
    const res = await save({
      cartId,
      checkoutType: 'pickup',
      deliveryDate: '2026-12-01',
      pickupDate,
      isGift: false,
      giftNote: 'ignored',
      receiverEmail: '',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toEqual([
      { key: 'Checkout-Method', value: 'pickup' },
      { key: 'Pickup-Date', value: pickupDate },
      { key: 'Order is a gift?', value: 'No' },
      { key: 'Contains-Subscription', value: 'true' },
    ]);
  });

  test('shipping (over $100) needs no date; a later save replaces the whole set', async () => {
    const cartId = await cartWith(t.app, [{ merchandiseId: VARIANTS.bodega, quantity: 3 }]);
    expect((await save({ cartId, ...(await delivery(cartId)) })).status).toBe(200);
    const res = await save({ cartId, checkoutType: 'shipping', deliveryDate: null, pickupDate: null, isGift: false });
    expect(res.status).toBe(200);
    expect((await fetchCart(t.app, cartId)).attributes.map((a) => a.key)).toEqual(['Checkout-Method', 'Order is a gift?', 'Contains-Subscription']);
  });

  test('every rejected request → 400/404 with a clear message, and the saved attributes stay as they were', async () => {
    const cartId = await cartWith(t.app, [{ merchandiseId: VARIANTS.bodega }]);
    const DELIVERY = await delivery(cartId);
    const saved = (await save({ cartId, ...DELIVERY, isGift: true, giftNote: 'Saved note' })).body.data.attributes;
    expect(saved).toContainEqual({ key: 'Order Message', value: 'Saved note' });

    const rejected: [object, number, string][] = [
      [{ ...DELIVERY, deliveryDate: null }, 400, 'Select a delivery date'],
      [{ ...DELIVERY, checkoutType: 'pickup' }, 400, 'Select a pickup date'],
      [{ ...DELIVERY, deliveryDate: '2026-02-30' }, 400, 'Dates must be real days written YYYY-MM-DD.'],
      [{ ...DELIVERY, deliveryDate: '12/18/2026' }, 400, 'Dates must be real days written YYYY-MM-DD.'],
      [{ ...DELIVERY, isGift: true, giftNote: 'x'.repeat(501) }, 400, 'The gift note can be at most 500 characters.'],
      [{ ...DELIVERY, isGift: true, receiverEmail: 'not-an-email' }, 400, 'Enter a valid receiver email address.'],
      [{ ...DELIVERY, checkoutType: 'courier' }, 400, 'checkoutType must be "delivery", "pickup" or "shipping".'],
      [{ ...DELIVERY, isGift: 'yes' }, 400, 'isGift must be true or false.'],
    ];
    for (const [body, status, message] of rejected) {
      const res = await save({ cartId, ...body });
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ isError: true, message });
    }
    expect((await fetchCart(t.app, cartId)).attributes).toEqual(saved);
  });

  test('a 500-character gift note is accepted', async () => {
    const cartId = await cartWith(t.app, [{ merchandiseId: VARIANTS.bodega }]);
    const res = await save({ cartId, ...(await delivery(cartId)), isGift: true, giftNote: 'y'.repeat(500) });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toContainEqual({ key: 'Order Message', value: 'y'.repeat(500) });
  });

  test('missing or unknown cart → 400 / 404', async () => {
    const DELIVERY = { checkoutType: 'delivery', deliveryDate: '2026-12-18', pickupDate: null, isGift: false };
    const missing = await save({ ...DELIVERY });
    expect([missing.status, missing.body]).toEqual([400, { isError: true, message: 'A valid cartId is required.' }]);
    const unknown = await save({ cartId: UNKNOWN_CART, ...DELIVERY });
    expect([unknown.status, unknown.body]).toEqual([404, { isError: true, message: 'Something went wrong.' }]);
  });

  test('must be JSON and same-origin', async () => {
    const cartId = await newCart(t.app);
    expect((await request(t.app).put('/api/cart/attributes').type('form').send({ cartId })).status).toBe(415);
    expect((await save({ cartId, checkoutType: 'shipping' }).set('Origin', 'https://evil.example')).status).toBe(403);
  });
});
