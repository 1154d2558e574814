/** Cart helpers for server tests: seeded variant ids and cart set-up through the real cart API. */
import request from 'supertest';
import type { App } from '../../server/app';
import { calendarAvailability, type CalendarAvailability } from '../../shared/availability';
import type { Cart } from '../../shared/types';

export const VARIANTS = {
  classicPetite: 'gid://shopify/ProductVariant/800101',
  bodega: 'gid://shopify/ProductVariant/800201',
  /** Weekly subscription, with selling plan SUBSCRIPTION_PLAN. */
  subscription: 'gid://shopify/ProductVariant/800301',
  peonySoldOut: 'gid://shopify/ProductVariant/800401',
  /** Tagged lead-time-3-days: the scheduler adds three days. */
  oliveTree: 'gid://shopify/ProductVariant/801401',
} as const;
export const SUBSCRIPTION_PLAN = 'gid://shopify/SellingPlan/7001';
export const UNKNOWN_CART = 'gid://shopify/Cart/doesnotexist?key=abc';

/** A new empty cart's id. */
export async function newCart(app: App): Promise<string> {
  const res = await request(app).post('/api/cart').send({});
  if (res.status !== 201) throw new Error(`cart create answered ${res.status}`);
  return res.body.data.id;
}

/** A new cart holding `lines` (variant id, quantity, optional selling plan). */
export async function cartWith(app: App, lines: { merchandiseId: string; quantity?: number; sellingPlanId?: string }[]): Promise<string> {
  const cartId = await newCart(app);
  for (const line of lines) {
    const res = await request(app)
      .post('/api/cart/lines')
      .send({ cartId, ...line });
    if (res.status !== 200) throw new Error(`add line answered ${res.status}: ${res.body.message}`);
  }
  return cartId;
}

/** The cart as the cart API returns it. */
export async function fetchCart(app: App, id: string): Promise<Cart> {
  const res = await request(app).get('/api/cart').query({ id });
  if (res.status !== 200) throw new Error(`cart fetch answered ${res.status}`);
  return res.body.data;
}

/** The cart's delivery or pickup calendar as the availability endpoint answers it, derived for tests. */
export async function calendarFor(app: App, cartId: string, type: 'delivery' | 'pickup'): Promise<CalendarAvailability> {
  const res = await request(app).post('/api/availability').send({ cartId, type });
  if (res.status !== 200 || !res.body.data) throw new Error(`availability answered ${res.status}: ${res.body.message}`);
  return calendarAvailability(res.body.data);
}

/** The first day the cart's calendar lets a shopper pick (fails when there is none). */
export async function firstSelectableDay(app: App, cartId: string, type: 'delivery' | 'pickup'): Promise<string> {
  const day = (await calendarFor(app, cartId, type)).firstSelectableDate;
  if (!day) throw new Error(`no selectable ${type} day`);
  return day;
}
