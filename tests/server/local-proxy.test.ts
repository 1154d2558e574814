/**
 * The shop's `/__local` proxy (server/http/local-proxy.ts, ADR-0027) against the real app and the
 * real emulators, over raw HTTP so that paths reach the app exactly as written (`//`, `\`, `%2F`):
 *
 * - only the allow-listed paths of each emulator pass; host switches, encoded slashes and
 *   backslashes, dot segments, case variants and debug paths answer 404 and reach no host;
 * - the client's `Authorization`, `x-emulator-token` and the shop's cookies never reach an
 *   emulator; the debug token is added for the inbox only;
 * - every proxied answer carries the shop's security headers and a CSP that runs no script;
 * - the inbox and GraphiQL (its page, files and GraphQL endpoint, the public token only) answer
 *   this machine only (the checkout and sign-in pages answer anyone), unless the shop is published
 *   on a loopback address only (LOCAL_PUBLISHED_ADDRESS, as compose sets it); GraphiQL's CSP runs
 *   the shop origin's scripts only;
 * - the sign-in's cookies are `Secure` when the request came over https;
 * - the product and content images answer this machine's clients with CORP cross-origin (another
 *   local origin embeds them), everything else and every other client keep same-origin.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { duplexPair } from 'node:stream';
import request from 'supertest';
import { localProxyAttacks, rawRequest, recorder, type RawAnswer, type Recorder } from '../support/local-proxy-attacks';
import { startTestApp, type TestApp } from '../support/app';
import { cartWith, fetchCart, VARIANTS } from '../support/cart';
import { DEFAULT_PUBLIC_TOKEN } from '../../emulators/storefront-api';

/** Sends one request to `server` with `path` exactly as given (no URL parsing on the way). */
function raw(server: Server, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
  return rawRequest((server.address() as AddressInfo).port, method, path, headers, body);
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
let foreign: Recorder;

beforeAll(async () => {
  foreign = await recorder();
  t = await startTestApp();
  shop = await listen(t);
});
afterAll(async () => {
  await close(shop);
  await foreign?.close();
  await t?.stop();
});

describe('only the allow-listed paths of each emulator pass', () => {
  test('host switches, encoded slashes and backslashes, dot segments, case variants and debug paths answer 404 and reach no host', async () => {
    const attacks = localProxyAttacks({ foreign: new URL(foreign.url).host, lake: new URL(t.config.content.apiHost!).host });
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
  const recorders: Record<'storefront' | 'marketing' | 'customerAccount', Recorder> = {} as never;

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
    for (const r of Object.values(recorders)) await r?.close();
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
    const seen = (r: Recorder, path: string) => r.seen.find((s) => s.url.startsWith(path))?.headers;
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

  test("the Storefront token header reaches GraphiQL's endpoint only, and the private token never passes", async () => {
    const tokens = { 'x-shopify-storefront-access-token': DEFAULT_PUBLIC_TOKEN, 'shopify-storefront-private-token': 'a-private-token' };
    await raw(recShop, 'GET', '/__local/storefront/checkout/assets/checkout.css', tokens);
    await raw(
      recShop,
      'POST',
      '/__local/storefront/api/2026-04/graphql.json',
      { ...tokens, 'content-type': 'application/json' },
      '{"query":"{ shop { name } }"}',
    );
    const seen = (path: string) => recorders.storefront.seen.find((s) => s.url.startsWith(path))?.headers;
    expect(seen('/checkout/assets/checkout.css')!['x-shopify-storefront-access-token']).toBeUndefined();
    expect(seen('/api/2026-04/graphql.json')!['x-shopify-storefront-access-token']).toBe(DEFAULT_PUBLIC_TOKEN);
    for (const s of recorders.storefront.seen) expect({ url: s.url, token: s.headers['shopify-storefront-private-token'] }).toEqual({ url: s.url });
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

describe('images for another local origin (a Hydrogen app on another port, emulators/storefront-api/README.md)', () => {
  const product = '/__local/storefront/cdn/shop/files/classic-gramercy-bouquet-1.webp?width=64';
  const content = () =>
    `/__local/content/images/${t.config.content.projectId}/${t.config.content.dataset}/04d3668dea04482202dd2135b4c84da176e2151e-1600x2000.svg`;

  test("this machine's clients may embed the product and content images anywhere (CORP cross-origin), with the rest of the shop's headers", async () => {
    for (const path of [product, content()]) {
      const res = await raw(shop, 'GET', path);
      expect({ path, status: res.status, corp: res.headers['cross-origin-resource-policy'] }).toEqual({ path, status: 200, corp: 'cross-origin' });
      expect(res.headers['content-type']).toMatch(/^image\//);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain('sandbox');
    }
  });

  test("a client from elsewhere, and every answer that is not an image, keep the shop's same-origin", async () => {
    const answers = {
      remoteProduct: await raw(shop, 'GET', product, REMOTE),
      remoteContent: await raw(shop, 'GET', content(), REMOTE),
      missingImage: await raw(shop, 'GET', '/__local/storefront/cdn/shop/files/no-such-image.webp'),
      stylesheet: await raw(shop, 'GET', '/__local/storefront/checkout/assets/checkout.css'),
      inbox: await raw(shop, 'GET', '/__local/storefront/__emulator/inbox'),
      checkout: await raw(shop, 'GET', `/__local/storefront${await checkoutPath(t)}`),
    };
    expect(answers.remoteProduct.status).toBe(200);
    expect(answers.missingImage.status).toBe(404);
    for (const [name, res] of Object.entries(answers))
      expect({ name, corp: res.headers['cross-origin-resource-policy'] }).toEqual({ name, corp: 'same-origin' });
  });
});

describe('GraphiQL through the proxy', () => {
  /** Its CSP's directives. */
  const directives = (csp: unknown) =>
    Object.fromEntries(
      String(csp)
        .split(/;\s*/)
        .map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
    );

  test('its page, module and stylesheet answer with the shop origin as their only source and no inline or evaluated script', async () => {
    const page = await raw(shop, 'GET', '/__local/storefront/graphiql');
    expect(page.status).toBe(200);
    // The page's own URLs, put under the proxy's prefix.
    const script = /<script type="module" src="([^"]+)"/.exec(page.body)?.[1];
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(page.body)?.[1];
    expect(script).toMatch(/^\/__local\/storefront\/graphiql\/assets\/graphiql-\w+\.js$/);
    expect(stylesheet).toMatch(/^\/__local\/storefront\/graphiql\/assets\/graphiql-\w+\.css$/);
    expect(page.body).toContain(`data-token="${DEFAULT_PUBLIC_TOKEN}"`);
    const module = await raw(shop, 'GET', script!);
    expect({ status: module.status, type: module.headers['content-type'] }).toEqual({ status: 200, type: expect.stringMatching(/javascript/) });
    expect((await raw(shop, 'GET', stylesheet!)).headers['content-type']).toMatch(/^text\/css/);
    for (const res of [page, module]) {
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['script-src']).toEqual(["'self'"]);
      for (const name of ['default-src', 'connect-src', 'worker-src']) expect({ name, sources: csp[name] }).toEqual({ name, sources: ["'self'"] });
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(
        Object.values(csp)
          .flat()
          .filter((source) => /^(https?:|\*)/.test(source)),
      ).toEqual([]);
      expect({ nosniff: res.headers['x-content-type-options'], frame: res.headers['x-frame-options'] }).toEqual({
        nosniff: 'nosniff',
        frame: 'DENY',
      });
    }
  });

  test('its endpoint answers the schema (introspection) and queries with the public token; the private one does not open it', async () => {
    const post = (headers: Record<string, string>, query: string) =>
      raw(
        shop,
        'POST',
        '/__local/storefront/api/2026-04/graphql.json',
        { 'content-type': 'application/json', ...headers },
        JSON.stringify({ query }),
      );
    const answer = await post({ 'x-shopify-storefront-access-token': DEFAULT_PUBLIC_TOKEN }, '{ __schema { queryType { name } } shop { name } }');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).data).toEqual({ __schema: { queryType: { name: 'QueryRoot' } }, shop: { name: 'Gramercy Stems' } });
    const privateOnly = await post({ 'shopify-storefront-private-token': t.emulators.connection.storefront.privateToken }, '{ shop { name } }');
    expect(privateOnly.status).toBe(401);
  });
});

describe('the developer pages answer this machine only', () => {
  test('GraphiQL, its files and its endpoint: 403 for a client from elsewhere', async () => {
    const page = await raw(shop, 'GET', '/__local/storefront/graphiql');
    const script = /<script type="module" src="([^"]+)"/.exec(page.body)![1];
    for (const [method, path] of [
      ['GET', '/__local/storefront/graphiql'],
      ['GET', script],
    ]) {
      const res = await raw(shop, method, path, REMOTE);
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
    }
    const query = await raw(
      shop,
      'POST',
      '/__local/storefront/api/2026-04/graphql.json',
      { ...REMOTE, 'content-type': 'application/json', 'x-shopify-storefront-access-token': DEFAULT_PUBLIC_TOKEN },
      '{"query":"{ shop { name } }"}',
    );
    expect(query.status).toBe(403);
    expect(query.body).not.toContain('Gramercy');
  });

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
