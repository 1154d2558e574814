/**
 * The cart and page rate limits (server/http/rate-limit.ts; docs/architecture.md §8) and where
 * the client IP comes from (docs/architecture.md §7): 429 past each tier's limit, with Retry-After,
 * no-store and the format the caller reads (JSON for /api, the route-data shape for /__payload,
 * an HTML page for pages and the no-JavaScript form); what a tier never counts; and that
 * X-Forwarded-For names the client only through the configured proxy hops.
 */
import dc from 'node:diagnostics_channel';
import request from 'supertest';
import { CART_WRITES_PER_IP } from '../../server/http/rate-limit';
import { startTestApp, type TestApp } from '../support/app';
import { VARIANTS } from '../support/cart';

const WINDOW = 15 * 60_000;
let t: TestApp;
beforeAll(async () => {
  // The harness stands for one proxy in front (TRUSTED_PROXY_HOPS=1): X-Forwarded-For picks the client.
  t = await startTestApp({
    rateLimits: { cartCreate: { limit: 2, windowMs: WINDOW }, cartWrites: { limit: 6, windowMs: WINDOW }, pages: { limit: 5, windowMs: WINDOW } },
  });
});
afterAll(() => t?.stop());

const from = (ip: string) => ({
  get: (path: string) => request(t.app).get(path).set('X-Forwarded-For', ip),
  post: (path: string) => request(t.app).post(path).set('X-Forwarded-For', ip),
  put: (path: string) => request(t.app).put(path).set('X-Forwarded-For', ip),
  form: (cookie?: string) =>
    request(t.app)
      .post('/cart')
      .set('X-Forwarded-For', ip)
      .set('Cookie', cookie ?? '')
      .type('form')
      .send({ merchandiseId: VARIANTS.classicPetite, quantity: '1' }),
});

function expectRefused(res: request.Response) {
  expect(res.status).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['set-cookie']).toBeUndefined();
}

test('cart creation: the third cart from one IP → 429 JSON with Retry-After; another IP still creates', async () => {
  const a = from('198.51.100.1');
  for (let i = 0; i < 2; i++) expect((await a.post('/api/cart').send({})).status).toBe(201);
  const refused = await a.post('/api/cart').send({});
  expectRefused(refused);
  expect(refused.body).toEqual({ isError: true, message: 'Too many requests from your network. Please wait a minute and try again.' });
  expect((await from('198.51.100.2').post('/api/cart').send({})).status).toBe(201);
});

test('a first add (no cartId) is a cart made, counted by cartCreate, not a write; a refused one counts nothing', async () => {
  const a = from('198.51.100.7');
  const firstAdd = (merchandiseId: string) => a.post('/api/cart/lines').send({ merchandiseId });
  // Sold out: refused, no cart made, nothing counted.
  for (let i = 0; i < 3; i++) expect((await firstAdd(VARIANTS.peonySoldOut)).status).toBe(422);
  expect((await firstAdd(VARIANTS.classicPetite)).status).toBe(201);
  expect((await firstAdd(VARIANTS.classicPetite)).status).toBe(201);
  const refused = await firstAdd(VARIANTS.classicPetite);
  expectRefused(refused);
  expect(refused.body.message).toBe('Too many requests from your network. Please wait a minute and try again.');
});

test('the no-JavaScript form counts the carts it makes, not its adds to an open cart; past the limit an HTML page', async () => {
  const a = from('198.51.100.3');
  const first = await a.form();
  expect(first.status).toBe(303);
  const cookie = String(first.headers['set-cookie']).split(';')[0];
  // Adds to the open cart: writes, not creations.
  for (let i = 0; i < 3; i++) expect((await a.form(cookie)).status).toBe(303);
  expect((await a.form()).status).toBe(303); // the second cart
  const refused = await a.form(); // the third
  expectRefused(refused);
  expect(refused.headers['content-type']).toMatch(/^text\/html/);
  expect(refused.text).toContain('Too many requests from your network.');
});

test('cart writes count per cart: the seventh write to one cart → 429; another cart behind the same IP still writes; reading is never limited', async () => {
  const a = from('198.51.100.4');
  const cartOf = async () => (await request(t.app).post('/api/cart').set('X-Forwarded-For', '198.51.100.40').send({})).body.data.id as string;
  const [cartId, neighbours] = [await cartOf(), await cartOf()];
  const add = (id: string) => a.post('/api/cart/lines').send({ cartId: id, merchandiseId: VARIANTS.classicPetite, quantity: 1 });
  for (let i = 0; i < 4; i++) expect((await add(cartId)).status).toBe(200);
  expect((await a.post('/api/availability').send({ cartId, type: 'delivery' })).status).toBeLessThan(429);
  expect((await request(t.app).put('/api/cart/attributes').set('X-Forwarded-For', '198.51.100.4').send({ cartId })).status).toBe(400);
  const refused = await add(cartId);
  expectRefused(refused);
  expect(refused.body.isError).toBe(true);
  // Same address, another shopper's cart: its own count.
  expect((await add(neighbours)).status).toBe(200);
  expect((await a.get('/api/cart').query({ id: cartId })).status).toBe(200);
});

test('a script naming a new cart with each write still meets its address ceiling (10× the per-cart limit); another address still writes', async () => {
  const a = from('198.51.100.8');
  const write = (n: number) => a.put('/api/cart/attributes').send({ cartId: `gid://shopify/Cart/made-up-${n}`, checkoutType: 'delivery' });
  const answers = [];
  for (let n = 0; n < 6 * CART_WRITES_PER_IP; n++) answers.push((await write(n)).status);
  expect(answers.filter((status) => status === 429)).toEqual([]);
  expectRefused(await write(-1));
  expect(
    (await from('198.51.100.9').put('/api/cart/attributes').send({ cartId: 'gid://shopify/Cart/made-up-0', checkoutType: 'delivery' })).status,
  ).not.toBe(429);
});

test('pages: past the limit an HTML 429 for pages and the route-data shape for payloads; assets, probes and the API are not counted', async () => {
  const a = from('198.51.100.5');
  for (let i = 0; i < 5; i++) expect((await a.get('/robots.txt')).status).toBe(200);
  const page = await a.get('/');
  expectRefused(page);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  expect(page.text).toContain('<h1>Too many requests</h1>');
  const payload = await a.get('/__payload/root');
  expectRefused(payload);
  expect(payload.body).toEqual({ status: 429, message: 'Too many requests from your network. Please wait a minute and try again.' });
  expect((await a.get('/healthz')).status).toBe(200);
  expect((await a.get('/__build')).status).toBe(200);
  expect((await a.get('/assets/missing.js')).status).toBe(404);
  expect((await a.post('/api/cart').send({})).status).toBe(201);
  expect((await from('198.51.100.6').get('/')).status).toBe(200);
});

describe('the client IP', () => {
  test('TRUSTED_PROXY_HOPS=0 (the default): X-Forwarded-For is ignored, a client cannot pose as another', async () => {
    const direct = await startTestApp({ env: { TRUSTED_PROXY_HOPS: '0' }, rateLimits: { cartCreate: { limit: 1, windowMs: WINDOW } } });
    try {
      expect((await request(direct.app).post('/api/cart').set('X-Forwarded-For', '203.0.113.1').send({})).status).toBe(201);
      expectRefused(await request(direct.app).post('/api/cart').set('X-Forwarded-For', '203.0.113.2').send({}));
    } finally {
      await direct.stop();
    }
  });

  test('TRUSTED_PROXY_HOPS=1: only the address the one proxy appended counts, not what the client wrote before it', async () => {
    const proxied = from('203.0.113.9, 198.51.100.20');
    expect((await proxied.post('/api/cart').send({})).status).toBe(201);
    expect((await from('203.0.113.10, 198.51.100.20').post('/api/cart').send({})).status).toBe(201);
    // Same client address behind the proxy, whatever the client claimed: the same count.
    expectRefused(await from('203.0.113.11, 198.51.100.20').post('/api/cart').send({}));
  });

  test('TRUSTED_IP_HEADER: the CDN header names the client when it holds an IP address; garbage falls back to the peer', async () => {
    const cdn = await startTestApp({
      env: { TRUSTED_IP_HEADER: 'CF-Connecting-IP', TRUSTED_PROXY_HOPS: '0' },
      rateLimits: { cartCreate: { limit: 1, windowMs: WINDOW } },
    });
    try {
      const create = (ip: string) => request(cdn.app).post('/api/cart').set('CF-Connecting-IP', ip).send({});
      // The Storefront API is told the same client: its calls as Node sends them (undici's channel).
      const buyerIps: string[] = [];
      const storefrontOrigin = new URL(cdn.config.storefront.endpoint).origin;
      const watch = (m: unknown) => {
        const { request: sent } = m as { request: { origin: string; headers: string[] | string } };
        if (String(sent.origin) !== storefrontOrigin) return;
        const headers = Array.isArray(sent.headers) ? sent.headers : sent.headers.split('\r\n').flatMap((line) => line.split(/:\s*/));
        const at = headers.findIndex((h) => h.toLowerCase() === 'shopify-storefront-buyer-ip');
        if (at >= 0) buyerIps.push(headers[at + 1]);
      };
      dc.subscribe('undici:request:create', watch);
      try {
        expect((await create('192.0.2.1').set('X-Forwarded-For', '203.0.113.66')).status).toBe(201);
      } finally {
        dc.unsubscribe('undici:request:create', watch);
      }
      expect(buyerIps).toEqual(['192.0.2.1']);
      expectRefused(await create('192.0.2.1'));
      expect((await create('192.0.2.2')).status).toBe(201);
      // Not an address: the socket's peer (loopback here) is the client, once.
      expect((await create('not-an-ip')).status).toBe(201);
      expectRefused(await create('still-not-an-ip'));
    } finally {
      await cdn.stop();
    }
  });
});

test('RATE_LIMIT_{TIER} sets a limit from the environment', async () => {
  const configured = await startTestApp({ env: { RATE_LIMIT_CART_CREATE: '1/60' }, rateLimits: { cartCreate: undefined } });
  try {
    expect((await request(configured.app).post('/api/cart').set('X-Forwarded-For', '192.0.2.50').send({})).status).toBe(201);
    const refused = await request(configured.app).post('/api/cart').set('X-Forwarded-For', '192.0.2.50').send({});
    expectRefused(refused);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  } finally {
    await configured.stop();
  }
});

test('RATE_LIMIT_{TIER}=off switches a tier off: nothing is counted or refused, the other tiers still are', async () => {
  const off = await startTestApp({ env: { RATE_LIMIT_UNLOCK: 'off', RATE_LIMIT_RECOVER: '1/60' } });
  try {
    // Past the unlock tier's default of 10 attempts per 15 minutes from one IP.
    for (let attempt = 0; attempt < 12; attempt++) {
      const res = await request(off.app)
        .post('/products/the-private-garden/unlock')
        .set('X-Forwarded-For', '192.0.2.60')
        .set('Accept', 'application/json')
        .type('form')
        .send({ password: `guess-${attempt}` });
      expect(res.status).toBe(422);
      expect(res.headers.ratelimit).toBeUndefined();
    }
    const recover = () => request(off.app).post('/api/customer/recover').set('X-Forwarded-For', '192.0.2.60').send({ email: 'nobody@example.com' });
    expect((await recover()).status).not.toBe(429);
    expectRefused(await recover());
  } finally {
    await off.stop();
  }
});
