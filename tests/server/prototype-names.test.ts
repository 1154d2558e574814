/**
 * Object.prototype's names as user input (docs/architecture.md §4 "Paths"): every route prefix
 * of the shop, with `__proto__`, `constructor`, `hasOwnProperty`… in each position a shopper
 * controls — a path segment (route id, handle, slug, order number, sitemap name, build id, token,
 * emulator name), a query key or value, a cookie value — against the real app with the page cache
 * on, signed out and signed in. A lookup on a plain object by such input finds the prototype's
 * function instead of nothing (`/__payload/constructor` once answered 500): none may answer 5xx.
 */
import request from 'supertest';
import { CART_COOKIE } from '../../server/http/cookies';
import { AUTHORIZATION_COOKIE, CUSTOMER_TOKEN_COOKIE } from '../../server/http/customer-session';
import { PREVIEW_COOKIE } from '../../server/preview/token';
import { CUSTOMER_SESSION_HINT_COOKIE } from '../../shared/customer';
import { startTestApp, type TestApp } from './support/app';
import { newCustomer, type CookieJar } from './support/customer';

/** Names every plain object answers to through its prototype. */
const NAMES = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf', '__defineGetter__', 'isPrototypeOf'];

/** The payload endpoint's route ids (client/routes.tsx). */
const ROUTE_IDS = [
  'root',
  'home',
  'products',
  'product',
  'collections',
  'collection',
  'cart',
  'journal',
  'journalEntry',
  'works',
  'work',
  'photoStream',
  'photoStreamItem',
  'membership',
  'contact',
  'retailPartners',
  'login',
  'register',
  'activate',
  'forgotPassword',
  'resetPassword',
  'account',
  'addresses',
  'orders',
  'order',
  'page',
];
/** The route params the loaders read (server/loaders). */
const PARAMS = ['slug', 'handle', 'page', 'orderNumber'];

/** A seeded product image and content image, whose CDN parameters the browser sets (via `/__local`). */
const PRODUCT_IMAGE = '/__local/storefront/cdn/shop/files/classic-gramercy-bouquet-1.jpg';
const CONTENT_IMAGE = '/__local/content/images/gramercy/production/666873045a0f4a6d410a60e3bc61824d9dc47904-64x64.svg';

type Probe = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; cookie?: string };

/** Every position for one name `n`. */
function probes(n: string): Probe[] {
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
  const writes: Probe[] = [
    { method: 'PUT', path: `/api/customer/addresses/${n}` },
    { method: 'DELETE', path: `/api/customer/addresses/${n}` },
    { method: 'PUT', path: `/api/customer/addresses/${n}/default` },
    { method: 'POST', path: `/products/${n}/unlock` },
    { method: 'POST', path: `/api/${n}` },
  ];
  return [...paths, ...withCookies, ...writes];
}

/** Sends every probe (with `jar`'s cookies when given); the ones answered 5xx, as readable lines. */
async function serverErrors(t: TestApp, jar?: CookieJar): Promise<{ sent: number; failures: string[] }> {
  const failures: string[] = [];
  let sent = 0;
  for (const n of NAMES) {
    for (const probe of probes(n)) {
      const cookie = [jar?.header(), probe.cookie].filter(Boolean).join('; ');
      let req = request(t.app)[probe.method === 'GET' ? 'get' : probe.method === 'POST' ? 'post' : probe.method === 'PUT' ? 'put' : 'delete'](
        probe.path,
      );
      // Same-origin JSON writes, as the shop's pages send them (the /api guard).
      if (probe.method !== 'GET') req = req.set('Origin', t.config.siteUrl).send({ address: { city: n }, password: n });
      if (cookie) req = req.set('Cookie', cookie);
      const res = await req;
      sent += 1;
      if (res.status >= 500) failures.push(`${probe.method} ${probe.path}${probe.cookie ? ' (cookies)' : ''}: ${res.status}`);
    }
  }
  return { sent, failures };
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { PAGE_CACHE: 'on' } });
});
afterAll(() => t?.stop());

test('prototype names in every user-controlled position, signed out: no 5xx', async () => {
  const { sent, failures } = await serverErrors(t);
  expect(sent).toBeGreaterThan(1000);
  expect(failures).toEqual([]);
}, 180_000);

test('…and signed in (the account screens and address endpoints reach the platform): no 5xx', async () => {
  const { jar } = await newCustomer(t);
  const { failures } = await serverErrors(t, jar);
  expect(failures).toEqual([]);
}, 180_000);

test('a prototype name is an unknown name: the payload answers its unknown-route 404, the image CDN its bad-format 400', async () => {
  for (const n of NAMES) {
    const payload = await request(t.app).get(`/__payload/${n}`);
    expect([n, payload.status, payload.body]).toEqual([n, 404, { status: 404, message: `Unknown route: ${n}` }]);
    const image = await request(t.app).get(`${PRODUCT_IMAGE}?width=100&format=${n}`);
    expect([n, image.status, image.text]).toEqual([n, 400, expect.stringContaining('format must be webp, jpg or png')]);
  }
});
