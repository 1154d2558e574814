/**
 * Object.prototype's names as user input, for tests/server/prototype-names.test.ts (which asserts
 * no 5xx on the real app) and the fault suite (bench/faults/, which counts 5xx on the production
 * bundle): `PROTOTYPE_NAMES`, and `prototypeProbes(n)`, every position a shopper controls with
 * the name `n` in it — a path segment (route id, handle, slug, order number, sitemap name, build
 * id, token, emulator name), a query key or value, a cookie value, a write's path, an error
 * report's fields.
 */
import { CART_COOKIE } from '../../server/http/cookies';
import { AUTHORIZATION_COOKIE, CUSTOMER_TOKEN_COOKIE } from '../../server/http/customer-session';
import { PREVIEW_COOKIE } from '../../server/preview/token';
import { CUSTOMER_SESSION_HINT_COOKIE } from '../../shared/customer';
import { ROUTE_IDS } from '../../shared/route-data';

/** Names every plain object answers to through its prototype. */
export const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'valueOf',
  '__defineGetter__',
  'isPrototypeOf',
];

/** The route params the loaders read (server/loaders). */
const PARAMS = ['slug', 'handle', 'page', 'orderNumber'];

/** A seeded product image and content image, whose CDN parameters the browser sets (via `/__local`). */
export const PRODUCT_IMAGE = '/__local/storefront/cdn/shop/files/classic-gramercy-bouquet-1.jpg';
const CONTENT_IMAGE = '/__local/content/images/gramercy/production/666873045a0f4a6d410a60e3bc61824d9dc47904-64x64.svg';

/** One request: a write carries a JSON `body` (sent same-origin, as the shop's pages send it). */
export type Probe = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; cookie?: string; body?: unknown };

/** Every position for one name `n`. */
export function prototypeProbes(n: string): Probe[] {
  const get = (path: string): Probe => ({ method: 'GET', path });
  const paths = [
    // Path segments: pages and their params, the payload's route id, operations and SEO files.
    ...['', 'products/', 'collections/', 'journal/', 'works/', 'photo-stream/', 'pages/', 'accounts/', 'accounts/orders/', 'blogs/'].flatMap(
      (prefix) => [`/${prefix}${n}`, `/${prefix}${n}/${n}`],
    ),
    `/__payload/${n}`,
    `/__payload/${n}?slug=x`,
    `/__build/${n}`,
    `/sitemaps/${n}.xml`,
    `/assets/${n}`,
    `/assets/${n}.js`,
    `/api/${n}`,
    `/api/cart/${n}`,
    `/api/customer/orders/${n}`,
    `/account/activate/${n}/${n}`,
    `/account/reset/${n}/${n}`,
    `/__local/${n}`,
    `/__local/${n}/x`,
    `/__local/storefront/cdn/shop/files/${n}.jpg`,
    `/__local/storefront/cart/c/${n}`,
    `/__local/storefront/checkout/orders/${n}`,
    `/__local/customer-account/interaction/${n}`,
    // Payload params: each param a loader reads, as a value; the name as a key; a key twice.
    ...ROUTE_IDS.flatMap((id) => [
      ...PARAMS.map((key) => `/__payload/${id}?${key}=${n}`),
      `/__payload/${id}?${n}=x`,
      `/__payload/${id}?${n}=x&${n}=y`,
    ]),
    // Query strings of pages and endpoints that read one.
    ...[
      '/',
      '/products',
      '/journal',
      '/works',
      '/photo-stream',
      '/collections/bouquets',
      '/accounts/login',
      '/accounts/account',
      '/sitemap.xml',
      '/readyz',
    ].flatMap((path) => [`${path}?${n}=1`, `${path}?page=${n}&sort=${n}&return=${n}`, `${path}?${n}=1&${n}=2`]),
    `/api/cart?id=${n}`,
    `/api/cart?${n}=1`,
    `/api/preview?secret=${n}&redirect=${n}`,
    `/api/preview/exit?redirect=${n}`,
    `/accounts/account?code=${n}&state=${n}&error=${n}`,
    `/accounts/account?${n}=1`,
    // The image CDNs' parameters.
    `${PRODUCT_IMAGE}?width=100&format=${n}`,
    `${PRODUCT_IMAGE}?width=100&height=100&crop=${n}`,
    `${PRODUCT_IMAGE}?${n}=1`,
    `${CONTENT_IMAGE}?w=64&fm=${n}`,
    `${CONTENT_IMAGE}?fit=${n}&crop=${n}&auto=${n}`,
    `${CONTENT_IMAGE}?${n}=1`,
  ].map(get);
  // Cookie values the shop reads, and a cookie of that name.
  const cookie = [CART_COOKIE, CUSTOMER_TOKEN_COOKIE, AUTHORIZATION_COOKIE, PREVIEW_COOKIE, CUSTOMER_SESSION_HINT_COOKIE, n, `unlock_${n}`]
    .map((name) => `${name}=${n}`)
    .join('; ');
  const withCookies = ['/', '/cart', '/__payload/cart', '/__payload/account', `/__payload/product?handle=${n}`, '/api/cart'].map((path): Probe => ({
    method: 'GET',
    path,
    cookie,
  }));
  const body = { address: { city: n }, password: n };
  const writes: Probe[] = [
    { method: 'PUT', path: `/api/customer/addresses/${n}`, body },
    { method: 'DELETE', path: `/api/customer/addresses/${n}`, body },
    { method: 'PUT', path: `/api/customer/addresses/${n}/default`, body },
    { method: 'POST', path: `/products/${n}/unlock`, body },
    { method: 'POST', path: `/api/${n}`, body },
    // The browser's error report: every free-text field, and the path with its query.
    {
      method: 'POST',
      path: '/api/client-errors',
      body: { kind: 'recoverable', message: n, digest: n, componentStack: n, path: `/${n}?${n}=1#${n}` },
    },
  ];
  return [...paths, ...withCookies, ...writes];
}
