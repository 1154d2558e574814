/**
 * Object.prototype's names as user input (docs/architecture.md §4 "Paths"): every route prefix
 * of the shop, with `__proto__`, `constructor`, `hasOwnProperty`… in each position a shopper
 * controls — a path segment (route id, handle, slug, order number, sitemap name, build id, token,
 * emulator name), a query key or value, a cookie value — against the real app with the page cache
 * on, signed out and signed in. A lookup on a plain object by such input finds the prototype's
 * function instead of nothing (`/__payload/constructor` once answered 500): none may answer 5xx.
 */
import request from 'supertest';
import { PRODUCT_IMAGE, PROTOTYPE_NAMES, prototypeProbes } from '../support/prototype-names';
import { startTestApp, type TestApp } from '../support/app';
import { newCustomer, type CookieJar } from '../support/customer';

/** Sends every probe (with `jar`'s cookies when given); the ones answered 5xx, as readable lines. */
async function serverErrors(t: TestApp, jar?: CookieJar): Promise<{ sent: number; failures: string[] }> {
  const failures: string[] = [];
  let sent = 0;
  for (const n of PROTOTYPE_NAMES) {
    for (const probe of prototypeProbes(n)) {
      const cookie = [jar?.header(), probe.cookie].filter(Boolean).join('; ');
      let req = request(t.app)[probe.method === 'GET' ? 'get' : probe.method === 'POST' ? 'post' : probe.method === 'PUT' ? 'put' : 'delete'](
        probe.path,
      );
      // Same-origin JSON writes, as the shop's pages send them (the /api guard).
      if (probe.body) req = req.set('Origin', t.config.siteUrl).send(probe.body);
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
  for (const n of PROTOTYPE_NAMES) {
    const payload = await request(t.app).get(`/__payload/${n}`);
    expect([n, payload.status, payload.body]).toEqual([n, 404, { status: 404, message: `Unknown route: ${n}` }]);
    const image = await request(t.app).get(`${PRODUCT_IMAGE}?width=100&format=${n}`);
    expect([n, image.status, image.text]).toEqual([n, 400, expect.stringContaining('format must be webp, jpg or png')]);
  }
});
