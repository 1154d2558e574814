/**
 * POST /api/availability against the real Storefront and scheduler emulators: the calendar for
 * the cart's lines, cached per type and lines (not per cart), and scheduler failures answered
 * 502/504 "Dates are unavailable right now." through the one error handler: the browser shows no
 * dates and nothing crashes (spec §7).
 */
import request from 'supertest';
import { daysBetween, isDateKey } from '../../shared/availability';
import { cartWith, newCart, UNKNOWN_CART, VARIANTS } from '../support/cart';
import { startTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { SCHEDULER_TIMEOUT_MS: '500' } });
});
afterAll(() => t?.stop());

const availability = (body: object) => request(t.app).post('/api/availability').send(body);

/** The next `times` scheduler calls wait `delayMs`, then answer `status`. */
async function failScheduler(fault: { times?: number; status?: number; delayMs?: number }) {
  const res = await fetch(`${t.emulators.scheduler.url}/__emulator/fail-next`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-emulator-token': t.emulators.debugToken },
    body: JSON.stringify(fault),
  });
  expect(res.status).toBe(204);
}

describe('POST /api/availability', () => {
  test('answers the delivery calendar for the cart, private and uncached by the browser', async () => {
    const cartId = await cartWith(t.app, [{ merchandiseId: VARIANTS.classicPetite }]);
    const res = await availability({ cartId, type: 'delivery' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.isError).toBe(false);
    const { minDate, maxDate, disabled } = res.body.data;
    expect(isDateKey(minDate) && isDateKey(maxDate)).toBe(true);
    expect(daysBetween(minDate, maxDate)).toBeGreaterThan(0);
    // Default rules: delivery is closed on Sundays (1 = Sunday).
    expect(disabled).toContain(1);
  });

  test('pickup uses the pickup location (closed Mondays), and a lead-time product moves minDate by 3 days', async () => {
    const classic = await cartWith(t.app, [{ merchandiseId: VARIANTS.bodega }]);
    const withOlive = await cartWith(t.app, [{ merchandiseId: VARIANTS.bodega }, { merchandiseId: VARIANTS.oliveTree }]);
    const pickup = await availability({ cartId: classic, type: 'pickup' });
    expect(pickup.body.data.disabled).toContain(2);
    expect(pickup.body.data.disabled).not.toContain(1);
    const olive = await availability({ cartId: withOlive, type: 'pickup' });
    expect(daysBetween(pickup.body.data.minDate, olive.body.data.minDate)).toBe(3);
  });

  test('an empty cart has nothing to schedule: 200 with data null', async () => {
    const res = await availability({ cartId: await newCart(t.app), type: 'delivery' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isError: false, message: 'The cart is empty: nothing to schedule.', data: null });
  });

  test('the answer is cached by type and lines, not by cart: a failing scheduler still gives the dates', async () => {
    const first = await cartWith(t.app, [{ merchandiseId: VARIANTS.classicPetite, quantity: 2 }, { merchandiseId: VARIANTS.bodega }]);
    const fresh = await availability({ cartId: first, type: 'delivery' });
    expect(fresh.body.data).not.toBeNull();
    // Same lines in another order, in another cart.
    const second = await cartWith(t.app, [{ merchandiseId: VARIANTS.bodega }, { merchandiseId: VARIANTS.classicPetite, quantity: 2 }]);
    await failScheduler({ times: 1, status: 503 });
    const cached = await availability({ cartId: second, type: 'delivery' });
    expect(cached.body).toEqual(fresh.body);
    // The fault is still armed: other lines reach the scheduler and get it.
    const other = await cartWith(t.app, [{ merchandiseId: VARIANTS.classicPetite, quantity: 3 }, { merchandiseId: VARIANTS.bodega }]);
    const failed = await availability({ cartId: other, type: 'delivery' });
    expect([failed.status, failed.body]).toEqual([502, { isError: true, message: 'Dates are unavailable right now.' }]);
  });

  test('scheduler 5xx → 502 "Dates are unavailable right now.", and the failure is not cached', async () => {
    const cartId = await cartWith(t.app, [{ merchandiseId: VARIANTS.oliveTree, quantity: 2 }]);
    await failScheduler({ times: 1, status: 500 });
    const failed = await availability({ cartId, type: 'pickup' });
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({ isError: true, message: 'Dates are unavailable right now.' });
    const retried = await availability({ cartId, type: 'pickup' });
    expect(retried.body.isError).toBe(false);
    expect(isDateKey(retried.body.data.minDate)).toBe(true);
  });

  test('a scheduler slower than the timeout → 504 with no dates, within the timeout', async () => {
    const cartId = await cartWith(t.app, [{ merchandiseId: VARIANTS.bodega, quantity: 4 }]);
    await failScheduler({ times: 1, status: 503, delayMs: 5_000 });
    const started = Date.now();
    const res = await availability({ cartId, type: 'delivery' });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ isError: true, message: 'Dates are unavailable right now.' });
  });

  test('bad input → 400 with a clear message; unknown cart → 404', async () => {
    const cartId = await newCart(t.app);
    for (const [body, message] of [
      [{ type: 'delivery' }, 'A valid cartId is required.'],
      [{ cartId: 'gid://shopify/Product/1', type: 'delivery' }, 'A valid cartId is required.'],
      [{ cartId, type: 'shipping' }, 'type must be "delivery" or "pickup".'],
      [{ cartId }, 'type must be "delivery" or "pickup".'],
    ] as const) {
      const res = await availability(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ isError: true, message });
    }
    const unknown = await availability({ cartId: UNKNOWN_CART, type: 'pickup' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ isError: true, message: 'Cart not found.' });
  });

  test('the Storefront API down while reading the cart → 502, no dates', async () => {
    const down = await startTestApp();
    try {
      const cartId = await cartWith(down.app, [{ merchandiseId: VARIANTS.bodega }]);
      await down.emulators.storefront.stop();
      const res = await request(down.app).post('/api/availability').send({ cartId, type: 'delivery' });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ isError: true, message: 'Dates are unavailable right now.' });
    } finally {
      await down.stop();
    }
  });
});
