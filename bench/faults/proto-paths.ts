/**
 * Prototype-named values in every place a visitor chooses a name, for the fault suite: a
 * handle, slug or route id of `__proto__`, `constructor`, `hasOwnProperty`, `__defineGetter__`,
 * `toString` or `prototype` must be an unknown name (404, 400), never a lookup that finds an
 * Object.prototype member and crashes (5xx). Positions: the page routes' segments (client/routes.tsx),
 * the payload endpoint's route id and params (server/routes/payload.ts), query keys, cookie names
 * and values, and the JSON API's id fields. Figures only (./fuzz.ts `send`).
 */
import type { FuzzRequest } from './fuzz';

/** The names that are also members of every plain object (or of functions). */
export const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'hasOwnProperty', '__defineGetter__', 'toString', 'prototype'];

/** Where a visitor's name goes into a GET: `{x}` stands for the name. */
const GET_POSITIONS = [
  '/{x}',
  '/products/{x}',
  '/collections/{x}',
  '/journal/{x}',
  '/works/{x}',
  '/photo-stream/{x}',
  '/pages/{x}',
  '/accounts/orders/{x}',
  '/__payload/{x}',
  '/__payload/{x}?handle={x}',
  '/__payload/product?handle={x}',
  '/__payload/collection?slug={x}',
  '/__payload/journalEntry?slug={x}',
  '/__payload/work?slug={x}',
  '/__payload/photoStreamItem?slug={x}',
  '/__payload/page?slug={x}',
  '/__payload/order?orderNumber={x}',
  '/__payload/product?{x}=1&handle=classic-gramercy-bouquet',
  '/__payload/root?{x}=1',
  '/__build/{x}',
  '/?{x}=1',
  '/?{x}[a]=1',
  '/collections/bouquets?{x}=1',
  '/products/classic-gramercy-bouquet?variant={x}',
  '/photo-stream?page={x}',
  '/journal?page={x}',
  '/cart?id={x}',
  '/api/cart?id={x}',
  '/api/cart?{x}=1',
];

/** Every request of the section: each position with each name, cookies, JSON id fields. */
export function prototypeRequests(): FuzzRequest[] {
  const json = (path: string, body: unknown): FuzzRequest => ({ method: 'POST', path, body: JSON.stringify(body), contentType: 'application/json' });
  return PROTOTYPE_NAMES.flatMap((x) => [
    ...GET_POSITIONS.map((p) => ({ method: 'GET', path: p.replaceAll('{x}', x) })),
    { method: 'GET', path: '/cart', headers: { cookie: `cart_id=${x}` } },
    { method: 'GET', path: '/', headers: { cookie: `${x}=1` } },
    { method: 'GET', path: '/products/the-private-garden', headers: { cookie: `${x}=1; unlock_the-private-garden=${x}` } },
    json(`/products/${x}/unlock`, { password: x }),
    json('/api/cart/lines', { cartId: x, merchandiseId: x, quantity: 1 }),
    json('/api/availability', { cartId: x, type: x }),
    json('/api/back-in-stock', { email: 'proto@example.com', variantId: x, productHandle: x, productTitle: x, productImage: x }),
    json('/api/reserve', { email: 'proto@example.com', productHandle: x }),
    json('/api/newsletter', { email: 'proto@example.com', klaviyoListId: x, source: x, honeypot: '' }),
    json('/api/webhooks/sanity', { _id: x, _type: x, slug: { current: x } }),
  ]);
}
