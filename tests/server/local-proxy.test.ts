/**
 * The shop's `/__local` proxy (server/http/local-proxy.ts, ADR-0027) against the real app and the
 * real emulators, over raw HTTP so that paths reach the app exactly as written (`//`, `\`, `%2F`):
 *
 * - only the allow-listed paths of each emulator pass; host switches, encoded slashes and
 *   backslashes, dot segments, case variants and debug paths answer 404 and reach no host;
 * - the client's `Authorization`, `x-emulator-token` and the shop's cookies never reach an
 *   emulator; the debug token is added for the inbox only;
 * - every proxied answer carries the shop's security headers and a CSP that runs no script;
 * - the inbox answers this machine only (the checkout and sign-in pages answer anyone), unless
 *   the shop is published on a loopback address only (LOCAL_PUBLISHED_ADDRESS, as compose sets it);
 * - the sign-in's cookies are `Secure` when the request came over https.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { duplexPair } from 'node:stream';
import request from 'supertest';
import { startTestApp, type TestApp } from './support/app';
import { cartWith, fetchCart, VARIANTS } from './support/cart';

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

/** Sends one request to `server` with `path` exactly as given (no URL parsing on the way). */
function raw(server: Server, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** An HTTP server on loopback that records what reaches it and answers 200, or passes it on to `target` once set. */
async function recorder() {
  const seen: { method: string; url: string; headers: IncomingHttpHeaders }[] = [];
  const state = { target: '' };
  const server = createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers });
    if (!state.target) return void res.writeHead(200, { 'content-type': 'text/plain' }).end('a foreign host');
    const { host: _host, ...headers } = req.headers;
    const upstream = httpRequest(`${state.target}${req.url}`, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, seen, state, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const listen = (t: TestApp) =>
  new Promise<Server>((resolve) => {
    const server = t.app.listen(0, '127.0.0.1', () => resolve(server));
  });
const close = (server: Server | undefined) => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

/** Path of the checkout page of a new cart holding one bouquet, on the emulator (to be put under /__local/storefront). */
async function checkoutPath(t: TestApp): Promise<string> {
  const cart = await fetchCart(t.app, await cartWith(t.app, [{ merchandiseId: VARIANTS.bodega }]));
  const url = new URL(cart.checkoutUrl);
  return url.pathname + url.search;
}

const REMOTE = { 'x-forwarded-for': '203.0.113.7' };

let t: TestApp;
let shop: Server;
let foreign: Awaited<ReturnType<typeof recorder>>;

beforeAll(async () => {
  foreign = await recorder();
  t = await startTestApp();
  shop = await listen(t);
});
afterAll(async () => {
  await close(shop);
  await close(foreign?.server);
  await t?.stop();
});

describe('only the allow-listed paths of each emulator pass', () => {
  test('host switches, encoded slashes and backslashes, dot segments, case variants and debug paths answer 404 and reach no host', async () => {
    const away = new URL(foreign.url).host;
    const lake = new URL(t.config.content.apiHost!).host;
    const groq = encodeURIComponent('*[_type == "productCard"]{title}');
    const query = `v2025-02-19/data/query/production?query=${groq}`;
    const attacks: [string, string][] = [
      ['GET', `/__local/storefront//${away}/anything`],
      ['GET', `/__local/storefront/\\${away}/anything`],
      ['GET', `/__local/storefront/\\\\${away}/anything`],
      ['GET', `/__local/storefront/%2F%2F${away}/anything`],
      ['GET', `/__local/storefront/%2f%2f${away}/anything`],
      ['GET', `/__local/storefront/%5C${away}/anything`],
      ['GET', `/__local/storefront/%5c%5c${away}/anything`],
      ['GET', `/__local/storefront//${away}/__emulator/inbox`],
      ['GET', `/__local/content//${away}/images/x`],
      ['GET', `/__local/marketing//${away}/client/events/`],
      ['GET', `/__local/customer-account//${away}/interaction/x`],
      // The content lake's query API, which the proxy is meant to refuse, through another emulator's name.
      ['GET', `/__local/storefront//${lake}/${query}`],
      ['GET', `/__local/marketing//${lake}/${query}`],
      ['GET', `/__local/content/${query}`],
      ['GET', `/__local/content/images/../${query}`],
      ['GET', `/__local/content/images/%2e%2e/${query}`],
      ['GET', `/__local/content/images/%2E%2E%2F${query}`],
      ['GET', `/__local/content/IMAGES/x/y/z.svg`],
      // The Storefront GraphQL endpoint, in any case (the emulator routes case-insensitively).
      ['POST', '/__local/storefront/api/2026-04/graphql.json'],
      ['POST', '/__local/storefront/API/2026-04/graphql.json'],
      ['POST', '/__local/storefront/Api/2026-04/graphql.json'],
      ['POST', '/__local/storefront/%61pi/2026-04/graphql.json'],
      ['GET', '/__local/storefront/cdn/shop/files/../../api/2026-04/graphql.json'],
      ['GET', '/__local/storefront/cdn/shop/files/%2e%2e/%2e%2e/__emulator/orders'],
      ['GET', '/__local/storefront/cdn/shop/files/..%2F..%2F__emulator%2Forders'],
      ['GET', '/__local/storefront/CDN/shop/files/x.webp'],
      // Debug endpoints other than the inbox page, and the inbox under other spellings.
      ['GET', '/__local/storefront/__emulator/orders'],
      ['GET', '/__local/storefront/__emulator/carts'],
      ['GET', '/__local/storefront/__emulator/inbox.json'],
      ['GET', '/__local/storefront/__EMULATOR/inbox'],
      ['GET', '/__local/storefront/__emulator/inbox/'],
      ['GET', '/__local/storefront//__emulator/inbox'],
      ['GET', '/__local/storefront/%5F%5Femulator/inbox'],
      ['POST', '/__local/storefront/__emulator/faults'],
      ['POST', '/__local/storefront/__emulator/inbox'],
      ['GET', '/__local/marketing/__emulator'],
      ['GET', '/__local/marketing/__emulator/records'],
      ['GET', '/__local/content/__emulator/faults'],
      // Server-side APIs: the marketing API (private key), the authorization server's token endpoint and metadata.
      ['POST', '/__local/marketing/api/events/'],
      ['GET', '/__local/marketing/client/events/'],
      ['POST', '/__local/customer-account/oauth/token'],
      ['GET', '/__local/customer-account/.well-known/openid-configuration'],
      ['GET', '/__local/customer-account/.well-known/jwks.json'],
      ['GET', '/__LOCAL/storefront/checkout/assets/checkout.css'],
      ['GET', '/__local/scheduler/v1.0/pickup/locations/x/calendar'],
    ];
    const answers = [];
    for (const [method, path] of attacks) {
      const res = await raw(shop, method, path, { authorization: `Bearer ${t.emulators.debugToken}` });
      answers.push({ method, path, status: res.status });
    }
    expect(answers.filter((a) => a.status !== 404)).toEqual([]);
    expect(foreign.seen).toEqual([]);
  });

  test('the pages, images and events the browser uses still pass', async () => {
    const { projectId, dataset } = t.config.content;
    const image = `/__local/content/images/${projectId}/${dataset}/04d3668dea04482202dd2135b4c84da176e2151e-1600x2000.svg`;
    expect((await raw(shop, 'GET', image)).headers['content-type']).toMatch(/^image\/svg\+xml/);
    const product = await raw(shop, 'GET', '/__local/storefront/cdn/shop/files/classic-gramercy-bouquet-1.webp?width=64');
    expect({ status: product.status, type: product.headers['content-type'] }).toEqual({ status: 200, type: 'image/webp' });
    expect((await raw(shop, 'GET', '/__local/storefront/checkout/assets/checkout.css')).status).toBe(200);
    const checkout = await raw(shop, 'GET', `/__local/storefront${await checkoutPath(t)}`);
    expect(checkout.status).toBe(200);
    expect(checkout.body).toContain('action="/__local/storefront/cart/c/');
    const event = await raw(
      shop,
      'POST',
      `/__local/marketing/client/events/?company_id=${t.emulators.connection.marketing.publicKey}`,
      { 'content-type': 'application/json', revision: '2024-02-15' },
      JSON.stringify({
        data: {
          type: 'event',
          attributes: {
            properties: {},
            metric: { data: { type: 'metric', attributes: { name: 'Viewed Product' } } },
            profile: { data: { type: 'profile', attributes: { anonymous_id: 'a-1' } } },
          },
        },
      }),
    );
    expect(event.status).toBe(202);
    // The sign-in's pages: an interaction this browser has no cookie for is the emulator's error page.
    const signIn = await raw(shop, 'GET', '/__local/customer-account/interaction/abc');
    expect({ status: signIn.status, page: /Sign-in/.test(signIn.body) }).toEqual({ status: 400, page: true });
  });
});

describe('what reaches an emulator', () => {
  let rec: TestApp;
  let recShop: Server;
  const recorders: Record<'storefront' | 'marketing' | 'customerAccount', Awaited<ReturnType<typeof recorder>>> = {} as never;

  beforeAll(async () => {
    for (const name of ['storefront', 'marketing', 'customerAccount'] as const) recorders[name] = await recorder();
    rec = await startTestApp({
      connection: (c) => {
        recorders.storefront.state.target = c.storefront.origin;
        recorders.marketing.state.target = c.marketing.apiUrl;
        recorders.customerAccount.state.target = c.customerAccount.issuer;
        return {
          ...c,
          storefront: { ...c.storefront, origin: recorders.storefront.url },
          marketing: { ...c.marketing, apiUrl: recorders.marketing.url },
          customerAccount: { ...c.customerAccount, issuer: recorders.customerAccount.url },
        };
      },
    });
    recShop = await listen(rec);
  });
  afterAll(async () => {
    await close(recShop);
    for (const r of Object.values(recorders)) await close(r?.server);
    await rec?.stop();
  });

  test("the client's Authorization, x-emulator-token and the shop's cookies never reach an emulator; the inbox gets the run's token", async () => {
    const token = rec.emulators.debugToken;
    const client = {
      authorization: `Bearer ${token}`,
      'x-emulator-token': token,
      cookie:
        'cart_id=gid%3A%2F%2Fshopify%2FCart%2Fsecret; customer_session=s3cret; customer_account_interaction=i1; customer_account_interaction.sig=i2',
    };
    const inbox = await raw(recShop, 'GET', '/__local/storefront/__emulator/inbox', client);
    expect(inbox.status).toBe(200);
    await raw(recShop, 'GET', '/__local/storefront/cdn/shop/files/classic-gramercy-bouquet-1.webp?width=64', client);
    await raw(recShop, 'GET', '/__local/customer-account/interaction/abc', client);
    await raw(
      recShop,
      'POST',
      '/__local/marketing/client/events/?company_id=x',
      { ...client, 'content-type': 'application/json', revision: '2024-02-15' },
      '{}',
    );
    const seen = (r: Awaited<ReturnType<typeof recorder>>, path: string) => r.seen.find((s) => s.url.startsWith(path))?.headers;
    const inboxHeaders = seen(recorders.storefront, '/__emulator/inbox')!;
    expect(inboxHeaders['x-emulator-token']).toBe(token);
    expect(inboxHeaders.cookie).toBeUndefined();
    for (const headers of [
      seen(recorders.storefront, '/cdn/shop/files/'),
      seen(recorders.marketing, '/client/events/'),
      seen(recorders.customerAccount, '/interaction/abc'),
    ]) {
      expect(headers).toBeDefined();
      expect(headers!['x-emulator-token']).toBeUndefined();
    }
    for (const r of Object.values(recorders))
      for (const s of r.seen) expect({ url: s.url, authorization: s.headers.authorization }).toEqual({ url: s.url });
    expect(seen(recorders.storefront, '/cdn/shop/files/')!.cookie).toBeUndefined();
    expect(seen(recorders.marketing, '/client/events/')!.cookie).toBeUndefined();
    // The authorization server gets its own cookies, and only those.
    expect(seen(recorders.customerAccount, '/interaction/abc')!.cookie).toBe('customer_account_interaction=i1; customer_account_interaction.sig=i2');
  });

  test("the debug endpoints stay shut to a client holding the run's token", async () => {
    const token = rec.emulators.debugToken;
    for (const headers of [{ authorization: `Bearer ${token}` }, { 'x-emulator-token': token }] as Record<string, string>[]) {
      expect((await raw(recShop, 'GET', '/__local/storefront/__emulator/orders', headers)).status).toBe(404);
      expect((await raw(recShop, 'GET', '/__local/marketing/__emulator/records', headers)).status).toBe(404);
    }
    expect(recorders.storefront.seen.filter((s) => s.url.startsWith('/__emulator/orders'))).toEqual([]);
    expect(recorders.marketing.seen.filter((s) => s.url.startsWith('/__emulator/records'))).toEqual([]);
  });
});

describe("the shop's security headers on every proxied answer", () => {
  test('pages, images, the stylesheet and events: nosniff, no framing, and a CSP under which no script runs', async () => {
    const { projectId, dataset } = t.config.content;
    const answers = {
      inbox: await raw(shop, 'GET', '/__local/storefront/__emulator/inbox'),
      checkout: await raw(shop, 'GET', `/__local/storefront${await checkoutPath(t)}`),
      order: await raw(shop, 'GET', '/__local/storefront/checkout/orders/unknown'),
      signIn: await raw(shop, 'GET', '/__local/customer-account/interaction/abc'),
      stylesheet: await raw(shop, 'GET', '/__local/storefront/checkout/assets/checkout.css'),
      svg: await raw(shop, 'GET', `/__local/content/images/${projectId}/${dataset}/04d3668dea04482202dd2135b4c84da176e2151e-1600x2000.svg`),
      image: await raw(shop, 'GET', '/__local/storefront/cdn/shop/files/classic-gramercy-bouquet-1.webp?width=64'),
      event: await raw(
        shop,
        'POST',
        '/__local/marketing/client/events/?company_id=x',
        { 'content-type': 'application/json', revision: '2024-02-15' },
        '{}',
      ),
    };
    for (const [name, res] of Object.entries(answers)) {
      const csp = String(res.headers['content-security-policy'] ?? '');
      expect({ name, nosniff: res.headers['x-content-type-options'], frame: res.headers['x-frame-options'] }).toEqual({
        name,
        nosniff: 'nosniff',
        frame: 'DENY',
      });
      expect({ name, csp }).toEqual({ name, csp: expect.stringContaining("default-src 'none'") });
      for (const directive of ["frame-ancestors 'none'", "base-uri 'none'"])
        expect({ name, csp }).toEqual({ name, csp: expect.stringContaining(directive) });
      expect({ name, csp }).toEqual({ name, csp: expect.not.stringMatching(/script-src|'unsafe-eval'/) });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
    // The pages load their stylesheet from the shop's origin and post their forms to it, nothing else.
    expect(answers.checkout.headers['content-security-policy']).toMatch(/style-src 'self'(;|$)/);
    expect(answers.checkout.headers['content-security-policy']).toMatch(/form-action 'self'(;|$)/);
    expect(answers.inbox.headers['content-security-policy']).toMatch(/form-action 'none'/);
    expect(answers.signIn.headers['content-security-policy']).toContain(`form-action 'self' ${new URL(t.config.siteUrl).origin}`);
    expect(answers.svg.headers['content-security-policy']).toContain('sandbox');
  });
});

describe('the developer pages answer this machine only', () => {
  test('a client behind the trusted proxy from elsewhere: no inbox (403); the checkout and sign-in pages answer', async () => {
    expect((await raw(shop, 'GET', '/__local/storefront/__emulator/inbox')).status).toBe(200);
    const inbox = await raw(shop, 'GET', '/__local/storefront/__emulator/inbox', REMOTE);
    expect(inbox.status).toBe(403);
    expect(inbox.body).not.toContain('<article');
    expect((await raw(shop, 'GET', `/__local/storefront${await checkoutPath(t)}`, REMOTE)).status).toBe(200);
    expect((await raw(shop, 'GET', '/__local/customer-account/interaction/abc', REMOTE)).status).toBe(400);
  });

  test('a connection from another address (no proxy in front) gets no inbox, whatever X-Forwarded-For says', async () => {
    const server = createServer(t.app);
    const [client, socket] = duplexPair();
    // What a remote peer's connection looks like to the app: its address is not loopback.
    Object.defineProperty(socket, 'remoteAddress', { value: '198.51.100.23' });
    server.emit('connection', socket);
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      client.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        if (/\r\n\r\n/.test(text)) resolve(text);
      });
      client.write('GET /__local/storefront/__emulator/inbox HTTP/1.1\r\nHost: shop.test\r\nX-Forwarded-For: 127.0.0.1\r\nConnection: close\r\n\r\n');
    });
    client.destroy();
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 403 Forbidden');
  });

  test.each([
    ['127.0.0.1', 200],
    ['::1', 200],
    ['0.0.0.0', 403],
    ['192.0.2.10', 403],
  ])('published on %s (LOCAL_PUBLISHED_ADDRESS, as compose sets it): a client from elsewhere behind the proxy gets %d', async (address, status) => {
    const published = await startTestApp({ env: { LOCAL_PUBLISHED_ADDRESS: address } });
    try {
      expect((await request(published.app).get('/__local/storefront/__emulator/inbox').set(REMOTE)).status).toBe(status);
    } finally {
      await published.stop();
    }
  });
});

test("the sign-in's cookies are Secure when the request came over https (X-Forwarded-Proto from the trusted proxy)", async () => {
  const login = await request(t.app).post('/api/customer/login').send({ email: 'ada@example.com', password: 'flowers-ada-1815' });
  expect(login.status).toBe(200);
  const authorize = new URL(login.body.data.redirectTo as string);
  const over = async (proto: string) => {
    const res = await raw(shop, 'GET', authorize.pathname + authorize.search, { 'x-forwarded-proto': proto });
    expect(res.status).toBe(303);
    return res.headers['set-cookie'] ?? [];
  };
  const https = await over('https');
  expect(https.length).toBeGreaterThan(0);
  for (const cookie of https) expect(cookie).toMatch(/; secure(;|$)/i);
  for (const cookie of await over('http')) expect(cookie).not.toMatch(/; secure(;|$)/i);
});
