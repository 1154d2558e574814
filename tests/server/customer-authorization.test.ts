/**
 * The shop's customer-authorization client (server/auth/customer-authorization.ts) against the
 * real customer-account emulator over HTTP: start → the browser's redirects → complete, and
 * every way a callback can be wrong or the authorization server can fail.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningEmulator } from '../../emulators';
import { DEFAULT_CUSTOMER_ACCOUNT_CLIENT_ID, startCustomerAccountEmulator } from '../../emulators/customer-account';
import {
  CUSTOMER_AUTHORIZATION_TRANSACTION_TTL_MS,
  CustomerAuthorizationError,
  createCustomerAuthorization,
  safeReturnTo,
  type CustomerAuthorization,
} from '../../server/auth/customer-authorization';
import { UpstreamError } from '../../server/upstream/errors';

const SITE = 'http://shop.test';
const REDIRECT_URI = `${SITE}/accounts/account`;

let emulator: RunningEmulator;
let authorization: CustomerAuthorization;
beforeAll(async () => {
  emulator = await startCustomerAccountEmulator({ port: 0, shopUrl: SITE });
  authorization = clientFor(emulator.url);
});
afterAll(() => emulator.stop());

function clientFor(issuer: string, opts: { timeoutMs?: number; now?: () => number } = {}) {
  return createCustomerAuthorization(
    { issuer, clientId: DEFAULT_CUSTOMER_ACCOUNT_CLIENT_ID, timeoutMs: opts.timeoutMs ?? 5000 },
    { redirectUri: REDIRECT_URI, now: opts.now },
  );
}

/**
 * The browser: follows the authorization server's redirects (keeping its cookies) until one
 * leaves for the shop, and returns that callback URL. `answer` fills in a page on the way.
 */
async function browserCallback(url: string, answer?: (pageUrl: string) => { path: string; body?: string }): Promise<URL> {
  const cookies = new Map<string, string>();
  const server = new URL(url).origin;
  let next = url;
  let init: RequestInit = {};
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(next, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    const location = res.headers.get('location');
    if (res.status === 200 && answer) {
      const { path, body } = answer(next);
      next = new URL(path, next).href;
      init = { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body };
      continue;
    }
    if (!location) throw new Error(`the browser stopped at ${next}: ${res.status} ${await res.text()}`);
    next = new URL(location, next).href;
    init = {};
    if (new URL(next).origin !== server) return new URL(next);
  }
  throw new Error('too many redirects');
}

async function signedInCallback(client = authorization, opts: { loginHint?: string; returnTo?: string } = { loginHint: 'jane@example.com' }) {
  const { url, transaction } = await client.start(opts);
  return { callback: await browserCallback(url), transaction };
}

async function refusal(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

test('start: a PKCE S256 code request to the discovered authorize endpoint; the verifier stays in the transaction', async () => {
  const { url, transaction } = await authorization.start({ loginHint: ' jane@example.com ', returnTo: '/accounts/orders' });
  const request = new URL(url);
  expect(`${request.origin}${request.pathname}`).toBe(`${emulator.url}/oauth/authorize`);
  const params = Object.fromEntries(request.searchParams);
  expect(params).toEqual({
    client_id: DEFAULT_CUSTOMER_ACCOUNT_CLIENT_ID,
    response_type: 'code',
    scope: 'openid email customer-account-api:full',
    redirect_uri: REDIRECT_URI,
    state: expect.stringMatching(/^[\w-]{20,}$/),
    nonce: expect.stringMatching(/^[\w-]{20,}$/),
    code_challenge: expect.stringMatching(/^[\w-]{43}$/),
    code_challenge_method: 'S256',
    login_hint: 'jane@example.com',
  });
  expect(transaction).toMatch(/^[\w-]+$/);
  const kept = JSON.parse(Buffer.from(transaction, 'base64url').toString()) as Record<string, string>;
  expect(kept).toMatchObject({ state: params.state, nonce: params.nonce, returnTo: '/accounts/orders' });
  expect(url).not.toContain(kept.codeVerifier);
  // Each start is a new flow.
  const other = new URL((await authorization.start()).url);
  expect(other.searchParams.get('state')).not.toBe(params.state);
  expect(other.searchParams.has('login_hint')).toBe(false);
});

test('complete: the code is exchanged and the verified ID token gives sub and email, with returnTo', async () => {
  const { callback, transaction } = await signedInCallback(authorization, { loginHint: 'Jane@Example.com', returnTo: '/accounts/orders?page=2' });
  expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
  const result = await authorization.complete(callback, transaction);
  expect(result).toEqual({ sub: expect.stringMatching(/^[0-9a-f]{32}$/), email: 'jane@example.com', returnTo: '/accounts/orders?page=2' });

  // The same customer signs in again: the same sub. The callback may reach the server under
  // another host name (a proxy): the registered redirect_uri is what is sent.
  const again = await signedInCallback(authorization, { loginHint: 'jane@example.com' });
  const viaProxy = new URL(`http://10.0.0.7:3000/accounts/account${again.callback.search}`);
  expect(await authorization.complete(viaProxy, again.transaction)).toEqual({ sub: result.sub, email: 'jane@example.com', returnTo: null });
});

test('an unsafe returnTo is dropped at start, and again if the cookie was edited', async () => {
  for (const returnTo of ['//evil.test/x', 'https://evil.test/', '/\\evil.test', 'accounts', '/a\u0000b']) {
    const { callback, transaction } = await signedInCallback(authorization, { loginHint: 'jane@example.com', returnTo });
    expect((await authorization.complete(callback, transaction)).returnTo).toBeNull();
  }
  const { url, transaction } = await authorization.start({ loginHint: 'jane@example.com', returnTo: '/ok' });
  const edited = JSON.parse(Buffer.from(transaction, 'base64url').toString()) as Record<string, unknown>;
  edited.returnTo = '//evil.test';
  const result = await authorization.complete(await browserCallback(url), Buffer.from(JSON.stringify(edited)).toString('base64url'));
  expect(result.returnTo).toBeNull();
});

test('safeReturnTo keeps same-site paths only', () => {
  expect(safeReturnTo('/accounts/orders/1001?x=1#top')).toBe('/accounts/orders/1001?x=1#top');
  expect(safeReturnTo('/a/../b')).toBe('/b');
  for (const value of [undefined, '', 'relative', '//evil.test', '/\\evil.test', 'http://shop.test/x', '/x\ny', `/${'a'.repeat(2048)}`, 42]) {
    expect(safeReturnTo(value)).toBeNull();
  }
});

test('a tampered state is refused (state_mismatch) and the code is not spent', async () => {
  const { callback, transaction } = await signedInCallback();
  const tampered = new URL(callback);
  tampered.searchParams.set('state', 'forged-state');
  expect(await refusal(authorization.complete(tampered, transaction))).toMatchObject({
    name: 'CustomerAuthorizationError',
    reason: 'state_mismatch',
  });
  // Someone else's flow: the state belongs to another transaction.
  const other = await authorization.start({ loginHint: 'jane@example.com' });
  expect(await refusal(authorization.complete(callback, other.transaction))).toMatchObject({ reason: 'state_mismatch' });
  // The genuine pair still works.
  expect((await authorization.complete(callback, transaction)).email).toBe('jane@example.com');
});

test('no transaction, a foreign one, or an expired one is refused', async () => {
  const { callback, transaction } = await signedInCallback();
  const missing = await refusal(authorization.complete(callback, null));
  expect(missing).toBeInstanceOf(CustomerAuthorizationError);
  expect(missing).toMatchObject({ reason: 'missing_transaction' });
  expect(await refusal(authorization.complete(callback, ''))).toMatchObject({ reason: 'missing_transaction' });
  expect(await refusal(authorization.complete(callback, 'not-a-transaction'))).toMatchObject({ reason: 'invalid_transaction' });
  const later = clientFor(emulator.url, { now: () => Date.now() + CUSTOMER_AUTHORIZATION_TRANSACTION_TTL_MS + 1000 });
  expect(await refusal(later.complete(callback, transaction))).toMatchObject({ reason: 'invalid_transaction' });
  // An edited nonce: the state matches and the code is exchanged, but the ID token is refused.
  const edited = JSON.parse(Buffer.from(transaction, 'base64url').toString()) as Record<string, unknown>;
  edited.nonce = 'edited-nonce';
  const tampered = await refusal(authorization.complete(callback, Buffer.from(JSON.stringify(edited)).toString('base64url')));
  expect(tampered).toMatchObject({ name: 'CustomerAuthorizationError', reason: 'invalid_transaction' });
});

test('a replayed code is refused (invalid_grant)', async () => {
  const { callback, transaction } = await signedInCallback();
  await authorization.complete(callback, transaction);
  const replay = await refusal(authorization.complete(callback, transaction));
  expect(replay).toBeInstanceOf(CustomerAuthorizationError);
  expect(replay).toMatchObject({ reason: 'invalid_grant' });
});

test('malformed callbacks: no code, a repeated parameter, another issuer', async () => {
  const { callback, transaction } = await signedInCallback();
  const noCode = new URL(callback);
  noCode.searchParams.delete('code');
  expect(await refusal(authorization.complete(noCode, transaction))).toMatchObject({ reason: 'invalid_callback' });
  const twice = new URL(callback);
  twice.searchParams.append('code', 'other');
  expect(await refusal(authorization.complete(twice, transaction))).toMatchObject({ reason: 'invalid_callback' });
  for (const iss of ['https://evil.test', null]) {
    const mixedUp = new URL(callback);
    if (iss) mixedUp.searchParams.set('iss', iss);
    else mixedUp.searchParams.delete('iss');
    expect(await refusal(authorization.complete(mixedUp, transaction))).toMatchObject({ reason: 'invalid_callback' });
  }
});

test('the customer cancels at the sign-in form: denied; a server_error answer is an upstream failure', async () => {
  const { url, transaction } = await authorization.start();
  const callback = await browserCallback(url, (page) => ({ path: `${new URL(page).pathname}/abort` }));
  expect(callback.searchParams.get('error')).toBe('access_denied');
  expect(await refusal(authorization.complete(callback, transaction))).toMatchObject({ reason: 'denied' });

  const failed = new URL(callback);
  failed.searchParams.set('error', 'server_error');
  const err = await refusal(authorization.complete(failed, transaction));
  expect(err).toBeInstanceOf(UpstreamError);
  expect(err).toMatchObject({ upstream: 'customer-account', status: 502 });
});

test('the sign-in form (no login_hint) leads to the same result', async () => {
  const { url, transaction } = await authorization.start({ returnTo: '/accounts/addresses' });
  const callback = await browserCallback(url, (page) => ({ path: `${new URL(page).pathname}/login`, body: 'email=form%40example.com' }));
  expect(await authorization.complete(callback, transaction)).toMatchObject({ email: 'form@example.com', returnTo: '/accounts/addresses' });
});

describe('the authorization server failing', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  });

  async function serve(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; port: number; server: Server }> {
    const server = createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}`, port, server };
  }

  test('down: start and complete fail with UpstreamError 502, and discovery is retried once it is back', async () => {
    // A port nobody listens on any more.
    const { port, server } = await serve(() => {});
    await new Promise((resolve) => server.close(resolve));
    const client = clientFor(`http://127.0.0.1:${port}`);
    const down = await refusal(client.start({ loginHint: 'jane@example.com' }));
    expect(down).toBeInstanceOf(UpstreamError);
    expect(down).toMatchObject({ upstream: 'customer-account', status: 502 });

    // Back on the same address: the next call discovers again and works.
    const back = await startCustomerAccountEmulator({ port, shopUrl: SITE });
    try {
      const { url, transaction } = await client.start({ loginHint: 'jane@example.com' });
      expect(url.startsWith(`${back.url}/oauth/authorize?`)).toBe(true);
      const callback = await browserCallback(url);
      // Down again between the redirect and the callback: the token exchange fails.
      await back.stop();
      expect(await refusal(client.complete(callback, transaction))).toMatchObject({ upstream: 'customer-account', status: 502 });
    } finally {
      await back.stop();
    }
  });

  test('not answering in time: UpstreamError 504', async () => {
    const { url } = await serve(() => {
      // Never answers.
    });
    const started = Date.now();
    const err = await refusal(clientFor(url, { timeoutMs: 300 }).start());
    expect(err).toMatchObject({ name: 'UpstreamError', upstream: 'customer-account', status: 504 });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test('answering garbage: UpstreamError 502', async () => {
    const { url } = await serve((_req, res) => void res.writeHead(500, { 'Content-Type': 'text/html' }).end('<h1>oops</h1>'));
    expect(await refusal(clientFor(url).start())).toMatchObject({ upstream: 'customer-account', status: 502 });
  });
});

test('plain http is refused for an issuer off loopback', () => {
  expect(() => clientFor('http://shopify.example/authentication/1')).toThrow(TypeError);
  expect(() => clientFor('https://shopify.example/authentication/1')).not.toThrow();
  expect(() => clientFor('http://localhost:4005')).not.toThrow();
});
