/**
 * Many shoppers behind one address (an office, a mobile carrier's NAT) under the DEFAULT cart
 * rate limits (server/http/rate-limit-tiers.ts; docs/architecture.md §8 "Rate limits"): a page
 * view makes no cart, each shopper's first add to cart makes theirs, and cart writes count per
 * cart, so 500 shoppers from one address in 15 minutes can each add to cart and keep shopping.
 * Abuse stays limited: carts made per address (cartCreate) and writes per cart (cartWrites).
 */
import request from 'supertest';
import { DEFAULT_RATE_LIMITS } from '../../server/http/rate-limit';
import { startTestApp, type TestApp } from '../support/app';
import { VARIANTS } from '../support/cart';

/** The address every shopper here comes from (the harness trusts one proxy hop). */
const OFFICE = '203.0.113.50';
const SHOPPERS = 500;
/** Sessions in flight at once (browsers of one office do not queue behind each other either). */
const PARALLEL = 10;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    rateLimits: { cartCreate: DEFAULT_RATE_LIMITS.cartCreate, cartWrites: DEFAULT_RATE_LIMITS.cartWrites, pages: DEFAULT_RATE_LIMITS.pages },
  });
});
afterAll(() => t?.stop());

const debug = () => ({ 'x-emulator-token': t.emulators.storefront.debugToken });
const cartsStored = async () =>
  ((await (await fetch(`${t.emulators.storefront.url}/__emulator/carts`, { headers: debug() })).json()) as { count: number }).count;

/** One shopper's first add: a fresh session (no cookie, no cart id) from the office's address. */
const firstAdd = () =>
  request(t.app).post('/api/cart/lines').set('X-Forwarded-For', OFFICE).send({ merchandiseId: VARIANTS.classicPetite, quantity: 1 });

test(`${SHOPPERS} shoppers from one address in one window can each add to cart, and each gets a cart of their own`, async () => {
  const before = await cartsStored();
  const statuses = new Map<number, number>();
  const cartIds = new Set<string>();
  for (let done = 0; done < SHOPPERS; done += PARALLEL) {
    const answers = await Promise.all(Array.from({ length: Math.min(PARALLEL, SHOPPERS - done) }, firstAdd));
    for (const res of answers) {
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 201) cartIds.add(res.body.data.id);
    }
  }
  expect(Object.fromEntries(statuses)).toEqual({ 201: SHOPPERS });
  expect(cartIds.size).toBe(SHOPPERS);
  expect((await cartsStored()) - before).toBe(SHOPPERS);

  // Still shopping, all from the same address: writes count per cart, not per address.
  const [someCart] = cartIds;
  const more = await request(t.app)
    .post('/api/cart/lines')
    .set('X-Forwarded-For', OFFICE)
    .send({ cartId: someCart, merchandiseId: VARIANTS.bodega, quantity: 1 });
  expect(more.status).toBe(200);
  expect(more.body.data.totalQuantity).toBe(2);
}, 120_000);

test('page views make no cart, whoever asks (a shopper, a crawler)', async () => {
  const before = await cartsStored();
  for (const userAgent of [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15',
    'Googlebot/2.1 (+http://www.google.com/bot.html)',
  ]) {
    for (const path of ['/', '/products/classic-gramercy-bouquet', '/cart', '/__payload/root']) {
      expect((await request(t.app).get(path).set('User-Agent', userAgent).set('X-Forwarded-For', OFFICE)).status).toBeLessThan(400);
    }
  }
  expect(await cartsStored()).toBe(before);
});

test('a refused first add makes no cart and counts toward no cart limit', async () => {
  const before = await cartsStored();
  const refused = await request(t.app)
    .post('/api/cart/lines')
    .set('X-Forwarded-For', OFFICE)
    .send({ merchandiseId: VARIANTS.peonySoldOut, quantity: 1 });
  expect(refused.status).toBe(422);
  expect(await cartsStored()).toBe(before);
});
