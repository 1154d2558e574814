/**
 * `PUT /api/cart/buyer-identity` when the customer's access token dies between the server's
 * customer check and the cart mutation (the shopper signs out in another tab at that moment):
 * the platform refuses the token with the CartUserError INVALID "Customer is invalid" on
 * `buyerIdentity.customerAccessToken`, and the shop answers exactly as for a token already dead
 * at the check (401, session cleared), not 422. Real app, real emulators; a pass-through proxy in
 * front of the Storefront emulator signs the customer out (through the shop's own logout) just
 * before it forwards the cartBuyerIdentityUpdate mutation.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { startTestApp, type TestApp } from '../support/app';
import { cartWith, VARIANTS } from '../support/cart';
import { setCookies } from '../support/customer';

let t: TestApp;
let proxy: Server;
/** Runs before the proxy forwards a cartBuyerIdentityUpdate; null: forward untouched. */
let beforeBuyerIdentityUpdate: (() => Promise<void>) | null = null;

/**
 * A pass-through proxy to `origin()` (the Storefront emulator, known once the app started) that
 * awaits `beforeBuyerIdentityUpdate` before forwarding that one mutation.
 */
async function startStorefrontProxy(origin: () => string): Promise<Server> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (beforeBuyerIdentityUpdate && body.toString('utf8').includes('cartBuyerIdentityUpdate(')) await beforeBuyerIdentityUpdate();
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && !['host', 'content-length', 'connection'].includes(entry[0]),
      ),
    );
    const answer = await fetch(`${origin()}${req.url}`, { method: req.method, headers, body: req.method === 'GET' ? undefined : body });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

beforeAll(async () => {
  proxy = await startStorefrontProxy(() => t.emulators.connection.storefront.origin);
  const proxyOrigin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  t = await startTestApp({ connection: (c) => ({ ...c, storefront: { ...c.storefront, origin: proxyOrigin } }) });
});
afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await t?.stop();
});
afterEach(() => {
  beforeBuyerIdentityUpdate = null;
});

/**
 * A new live customer access token of a seeded customer (content/customers.json), straight from
 * the Storefront emulator's customerAccessTokenCreate: the session cookie the shop's sign-in
 * would set.
 */
async function sessionCookie(): Promise<string> {
  const { origin, privateToken } = t.emulators.connection.storefront;
  const res = await fetch(`${origin}/api/${t.config.storefront.apiVersion}/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Shopify-Storefront-Private-Token': privateToken },
    body: JSON.stringify({
      query: 'mutation($input: CustomerAccessTokenCreateInput!) { customerAccessTokenCreate(input: $input) { customerAccessToken { accessToken } } }',
      variables: { input: { email: 'ada@example.com', password: 'flowers-ada-1815' } },
    }),
  });
  const { data } = (await res.json()) as { data: { customerAccessTokenCreate: { customerAccessToken: { accessToken: string } } } };
  return `customer_access_token=${data.customerAccessTokenCreate.customerAccessToken.accessToken}`;
}

const linkCart = (cookie: string, cartId: string) => request(t.app).put('/api/cart/buyer-identity').set('Cookie', cookie).send({ cartId });

test('a token that dies between the customer check and the mutation answers the same 401 as a dead token', async () => {
  const cookie = await sessionCookie();
  const cartId = await cartWith(t.app, [{ merchandiseId: VARIANTS.bodega, quantity: 1 }]);
  beforeBuyerIdentityUpdate = async () => {
    const signedOut = await request(t.app).post('/api/customer/logout').set('Cookie', cookie).send({});
    expect(signedOut.status).toBe(200);
  };

  const raced = await linkCart(cookie, cartId);
  expect({ status: raced.status, body: raced.body }).toEqual({
    status: 401,
    body: { isError: true, message: 'No customer-no buyer identity update' },
  });
  expect(raced.headers['cache-control']).toBe('private, no-store');
  // The session is cleared, as for any dead token.
  expect(setCookies(raced).find((c) => c.startsWith('customer_access_token='))).toMatch(/Expires=Thu, 01 Jan 1970/);

  // The same answer as a token already dead when the request arrives.
  beforeBuyerIdentityUpdate = null;
  const dead = await linkCart(cookie, cartId);
  expect({ status: dead.status, body: dead.body }).toEqual({ status: raced.status, body: raced.body });
});

test('a live token still links the cart through the proxy', async () => {
  const cookie = await sessionCookie();
  const cartId = await cartWith(t.app, [{ merchandiseId: VARIANTS.bodega, quantity: 1 }]);
  const linked = await linkCart(cookie, cartId);
  expect(linked.status).toBe(200);
  expect(linked.body.message).toBe('Your account is linked to this cart.');
});
