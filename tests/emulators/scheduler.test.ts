import path from 'node:path';
import request from 'supertest';
import { DEFAULT_SCHEDULER_RULES, startSchedulerEmulator, type SchedulerRules } from '../../emulators/scheduler';
import type { RunningEmulator } from '../../emulators/shared/server';

const CONTENT_DIR = path.join(__dirname, '..', 'fixtures', 'scheduler');
const SHOP = DEFAULT_SCHEDULER_RULES.shop;
const PICKUP = '/v1.0/pickup/locations/101/calendar';
const DELIVERY = '/v1.0/delivery/locations/201/calendar';
const BOUQUET = { variant_id: 9001, product_id: 8001, quantity: 1 };
const INSTALLATION = { variant_id: 9002, product_id: 8002, quantity: 1 }; // tagged lead-time-3-days

/** One emulator whose clock each test sets; rules overridden per describe when needed. */
function emulatorAt(rules?: Partial<SchedulerRules>) {
  const clock = { now: new Date('2026-11-17T15:00:00Z') };
  const handle: { emulator?: RunningEmulator } = {};
  beforeAll(async () => {
    handle.emulator = await startSchedulerEmulator({ port: 0, contentDir: CONTENT_DIR, rules, now: () => clock.now });
  });
  afterAll(() => handle.emulator?.stop());
  const calendar = (endpoint: string, at: string, shoppingCart: unknown[] = [BOUQUET]) => {
    clock.now = new Date(at);
    return request(handle.emulator!.url).post(`${endpoint}?shop=${SHOP}`).send({ shoppingCart });
  };
  return { calendar, url: () => handle.emulator!.url, debugToken: () => handle.emulator!.debugToken };
}

describe('scheduler emulator: calendar rules', () => {
  const { calendar } = emulatorAt();

  it('offers same-day pickup before 14:00 New York and not from 14:00 (winter, EST)', async () => {
    // Tuesday 17 November 2026; New York is UTC-5.
    expect((await calendar(PICKUP, '2026-11-17T18:59:00Z')).body.minDate).toBe('2026-11-17');
    expect((await calendar(PICKUP, '2026-11-17T19:00:00Z')).body.minDate).toBe('2026-11-18');
  });

  it('applies the cut-off in summer time too (EDT)', async () => {
    expect((await calendar(PICKUP, '2026-07-14T17:59:00Z')).body.minDate).toBe('2026-07-14');
    expect((await calendar(PICKUP, '2026-07-14T18:00:00Z')).body.minDate).toBe('2026-07-15');
  });

  it('offers same-day delivery for orders before 14:00 New York, as the site promises ("order by 2pm"), next-day from 14:00', async () => {
    // Tuesday 17 November 2026, EST: 13:59 and 14:00 New York.
    expect((await calendar(DELIVERY, '2026-11-17T18:59:00Z')).body.minDate).toBe('2026-11-17');
    expect((await calendar(DELIVERY, '2026-11-17T19:00:00Z')).body.minDate).toBe('2026-11-18');
    // Tuesday 14 July 2026, EDT: 13:59 and 14:00 New York.
    expect((await calendar(DELIVERY, '2026-07-14T17:59:00Z')).body.minDate).toBe('2026-07-14');
    expect((await calendar(DELIVERY, '2026-07-14T18:00:00Z')).body.minDate).toBe('2026-07-15');
  });

  it('counts days in New York, not UTC: 23:30 New York is still the same day', async () => {
    const response = await calendar(PICKUP, '2026-11-18T04:30:00Z');
    expect(response.body.minDate).toBe('2026-11-18');
    expect(response.body.maxDate).toBe('2027-01-16');
  });

  it('uses the right offset on the days the clocks change', async () => {
    // Sunday 8 March 2026 18:30 UTC is 14:30 EDT (after the cut-off); in EST it would be 13:30.
    expect((await calendar(DELIVERY, '2026-03-08T18:30:00Z')).body.minDate).toBe('2026-03-09');
    // Sunday 1 November 2026 18:30 UTC is 13:30 EST (before the cut-off); in EDT it would be 14:30.
    expect((await calendar(DELIVERY, '2026-11-01T18:30:00Z')).body.minDate).toBe('2026-11-01');
  });

  it('closes Mondays for pickup and Sundays for delivery (1 = Sunday … 7 = Saturday)', async () => {
    const pickup = (await calendar(PICKUP, '2026-11-17T15:00:00Z')).body.disabled;
    const delivery = (await calendar(DELIVERY, '2026-11-17T15:00:00Z')).body.disabled;
    expect(pickup.filter((d: unknown) => typeof d === 'number')).toEqual([2]);
    expect(delivery.filter((d: unknown) => typeof d === 'number')).toEqual([1]);
  });

  it('closes Christmas and New Year across the year end, as 0-based-month dates, within the horizon', async () => {
    const { body } = await calendar(DELIVERY, '2026-12-20T15:00:00Z');
    expect(body.minDate).toBe('2026-12-20');
    expect(body.maxDate).toBe('2027-02-18');
    expect(body.disabled).toEqual([1, [2026, 11, 25], [2027, 0, 1]]);
  });

  it('computes Thanksgiving and Independence Day for the year in range', async () => {
    expect((await calendar(DELIVERY, '2027-11-01T15:00:00Z')).body.disabled).toContainEqual([2027, 10, 25]);
    expect((await calendar(DELIVERY, '2026-11-01T15:00:00Z')).body.disabled).toContainEqual([2026, 10, 26]);
    expect((await calendar(PICKUP, '2027-06-20T15:00:00Z')).body.disabled).toContainEqual([2027, 6, 4]);
  });

  it('adds the tagged lead time when the cart holds such a product, and only then', async () => {
    expect((await calendar(PICKUP, '2026-11-17T15:00:00Z', [INSTALLATION])).body.minDate).toBe('2026-11-20');
    expect((await calendar(PICKUP, '2026-11-17T15:00:00Z', [BOUQUET, INSTALLATION])).body.minDate).toBe('2026-11-20');
    expect((await calendar(DELIVERY, '2026-11-17T15:00:00Z', [INSTALLATION])).body.minDate).toBe('2026-11-20');
    expect((await calendar(PICKUP, '2026-11-17T15:00:00Z', [{ variant_id: 1, product_id: 99999, quantity: 2 }])).body.minDate).toBe('2026-11-17');
  });
});

describe('scheduler emulator: overridden rules', () => {
  const { calendar } = emulatorAt({
    pickup: { locationIds: ['101'], leadDays: 0, cutoffHour: 11, closedWeekdays: ['sunday', 'saturday'] },
    tagLeadDays: { 'needs-a-week': 7 },
    horizonDays: 10,
  });

  it('follows the configured cut-off, closed days, tag lead time and horizon', async () => {
    const { body } = await calendar(PICKUP, '2026-11-17T16:30:00Z', [{ variant_id: 9003, product_id: 8003, quantity: 1 }]);
    expect(body).toEqual({ minDate: '2026-11-25', maxDate: '2026-11-27', disabled: [1, 7, [2026, 10, 26]] });
  });

  it('refuses rules with a misspelt weekday', async () => {
    const rules = { pickup: { ...DEFAULT_SCHEDULER_RULES.pickup, closedWeekdays: ['Munday'] } } as unknown as Partial<SchedulerRules>;
    await expect(startSchedulerEmulator({ port: 0, contentDir: CONTENT_DIR, rules })).rejects.toThrow(/Munday/);
  });
});

describe('scheduler emulator: bad requests', () => {
  const { calendar, url } = emulatorAt();
  const post = (pathAndQuery: string) => request(url()).post(pathAndQuery);

  it('answers 404 for an unknown location, or a pickup location asked for delivery', async () => {
    const unknown = await post(`/v1.0/pickup/locations/999/calendar?shop=${SHOP}`).send({ shoppingCart: [BOUQUET] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/999/);
    expect((await post(`/v1.0/delivery/locations/101/calendar?shop=${SHOP}`).send({ shoppingCart: [] })).status).toBe(404);
    expect((await post(`/v1.0/shipping/locations/101/calendar?shop=${SHOP}`).send({ shoppingCart: [] })).status).toBe(404);
  });

  it('answers 400 without a shop and 404 for another shop', async () => {
    const missing = await post(PICKUP).send({ shoppingCart: [BOUQUET] });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/shop/);
    expect((await post(`${PICKUP}?shop=elsewhere.myshopify.com`).send({ shoppingCart: [] })).status).toBe(404);
  });

  it('answers 422 naming the field for a missing cart or non-integer ids and quantities', async () => {
    const noCart = await post(`${PICKUP}?shop=${SHOP}`).send({});
    expect(noCart.status).toBe(422);
    expect(Object.keys(noCart.body.errors)).toEqual(['shoppingCart']);
    const bad = await calendar(PICKUP, '2026-11-17T15:00:00Z', [{ variant_id: '9001', product_id: 8001, quantity: 1.5 }]);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['shoppingCart.0.quantity', 'shoppingCart.0.variant_id']);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await post(`${PICKUP}?shop=${SHOP}`).set('content-type', 'application/json').send('{"shoppingCart": [');
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/JSON/);
  });
});

describe('scheduler emulator: fault injection', () => {
  const { calendar, url, debugToken } = emulatorAt();

  it('fails the next calls as asked, then answers again', async () => {
    await request(url()).post('/__emulator/fail-next').set('x-emulator-token', debugToken()).send({ times: 2 }).expect(204);
    expect((await calendar(PICKUP, '2026-11-17T15:00:00Z')).status).toBe(503);
    expect((await calendar(DELIVERY, '2026-11-17T15:00:00Z')).status).toBe(503);
    expect((await calendar(PICKUP, '2026-11-17T15:00:00Z')).status).toBe(200);
  });

  it('can fail with another status', async () => {
    await request(url()).post('/__emulator/fail-next').set('x-emulator-token', debugToken()).send({ status: 500 }).expect(204);
    expect((await calendar(PICKUP, '2026-11-17T15:00:00Z')).status).toBe(500);
  });
});
