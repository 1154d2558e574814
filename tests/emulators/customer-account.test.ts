/**
 * The customer-account emulator over real HTTP, as a browser and the shop's server would use it:
 * discovery, the authorization request's checks (PKCE S256, registered redirect URI), the sign-in
 * by login_hint and by form, and the token endpoint (PKCE verification, single-use codes,
 * refresh), with the ID token's signature checked against the published key set.
 */
import { createHash, createPublicKey, randomBytes, verify, type JsonWebKey } from 'node:crypto';
import type { RunningEmulator } from '../../emulators';
import { DEFAULT_CUSTOMER_ACCOUNT_CLIENT_ID, startCustomerAccountEmulator } from '../../emulators/customer-account';

const SHOP = 'http://shop.test';
const REDIRECT_URI = `${SHOP}/accounts/account`;
const CLIENT_ID = DEFAULT_CUSTOMER_ACCOUNT_CLIENT_ID;

type Discovery = { issuer: string; authorization_endpoint: string; token_endpoint: string; jwks_uri: string } & Record<string, unknown>;

let emulator: RunningEmulator;
let discovery: Discovery;
beforeAll(async () => {
  emulator = await startCustomerAccountEmulator({ port: 0, shopUrl: SHOP });
  discovery = (await (await fetch(`${emulator.url}/.well-known/openid-configuration`)).json()) as Discovery;
});
afterAll(() => emulator.stop());

/** A browser's cookies for the emulator: name → value, updated from every Set-Cookie. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** One request as the browser makes it: no automatic redirects, the jar's cookies sent and kept. */
async function browse(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
  jar.store(res);
  return res;
}

/**
 * Follows 30x redirects within the emulator until one leaves it (the shop's callback) or a page
 * answers. Returns the last response and every status on the way.
 */
async function follow(jar: CookieJar, start: string): Promise<{ res: Response; url: string; statuses: number[] }> {
  let url = start;
  const statuses: number[] = [];
  for (let hop = 0; hop < 10; hop++) {
    const res = await browse(jar, url);
    statuses.push(res.status);
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) return { res, url, statuses };
    url = new URL(location, url).href;
    if (!url.startsWith(emulator.url)) return { res, url, statuses };
  }
  throw new Error('too many redirects');
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeUrl(params: Record<string, string | undefined>): string {
  const url = new URL(discovery.authorization_endpoint);
  const all: Record<string, string | undefined> = {
    client_id: CLIENT_ID,
    response_type: 'code',
    scope: 'openid email customer-account-api:full',
    redirect_uri: REDIRECT_URI,
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge_method: 'S256',
    ...params,
  };
  for (const [name, value] of Object.entries(all)) if (value !== undefined) url.searchParams.set(name, value);
  return url.href;
}

function tokenRequest(params: Record<string, string>): Promise<Response> {
  return fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: CLIENT_ID, ...params }),
  });
}

/** Signs `email` in through login_hint; returns the callback URL and the PKCE verifier used. */
async function signInWithHint(email: string, jar = new CookieJar()) {
  const { verifier, challenge } = pkce();
  const state = randomBytes(8).toString('hex');
  const nonce = randomBytes(8).toString('hex');
  const flow = await follow(jar, authorizeUrl({ code_challenge: challenge, login_hint: email, state, nonce }));
  return { ...flow, callback: new URL(flow.url), verifier, state, nonce, jar };
}

function exchange(code: string, verifier: string) {
  return tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
}

/** The ID token's claims, after checking its RS256 signature against the published key set. */
async function verifiedClaims(idToken: string): Promise<Record<string, unknown>> {
  const [header, payload, signature] = idToken.split('.');
  const { kid, alg } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string; alg: string };
  expect(alg).toBe('RS256');
  const { keys } = (await (await fetch(discovery.jwks_uri)).json()) as { keys: (JsonWebKey & { kid: string })[] };
  const jwk = keys.find((k) => k.kid === kid);
  expect(jwk).toBeDefined();
  const key = createPublicKey({ key: jwk!, format: 'jwk' });
  expect(verify('sha256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url'))).toBe(true);
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
}

test('discovery: the bound URL is the issuer; code flow with PKCE S256 only; the scopes and claims the shop uses', async () => {
  expect(discovery.issuer).toBe(emulator.url);
  expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
  expect(discovery).toMatchObject({
    authorization_endpoint: `${emulator.url}/oauth/authorize`,
    token_endpoint: `${emulator.url}/oauth/token`,
    jwks_uri: `${emulator.url}/.well-known/jwks.json`,
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
    grant_types_supported: expect.arrayContaining(['authorization_code', 'refresh_token']),
    scopes_supported: expect.arrayContaining(['openid', 'email', 'customer-account-api:full']),
    claims_supported: expect.arrayContaining(['sub', 'email', 'email_verified']),
    id_token_signing_alg_values_supported: ['RS256'],
    authorization_response_iss_parameter_supported: true,
  });
  const { keys } = (await (await fetch(discovery.jwks_uri)).json()) as { keys: Record<string, unknown>[] };
  expect(keys).toHaveLength(1);
  expect(keys[0]).toMatchObject({ kty: 'RSA', kid: expect.any(String) });
  expect(keys[0]).not.toHaveProperty('d');
});

test('an authorization request without a code_challenge, or with the plain method, is refused back to the shop', async () => {
  for (const params of [{ code_challenge_method: undefined }, { code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' }]) {
    const res = await browse(new CookieJar(), authorizeUrl({ ...params, state: 'st-1', login_hint: 'jane@example.com' }));
    expect(res.status).toBe(303);
    const callback = new URL(res.headers.get('location')!);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('error')).toBe('invalid_request');
    expect(callback.searchParams.get('state')).toBe('st-1');
    expect(callback.searchParams.get('code')).toBeNull();
  }
});

test('an unregistered redirect_uri is refused with an error page, never redirected to', async () => {
  const { challenge } = pkce();
  for (const redirect of ['http://evil.test/accounts/account', `${SHOP}/accounts/other`, `${REDIRECT_URI}?next=/x`]) {
    const res = await browse(new CookieJar(), authorizeUrl({ code_challenge: challenge, redirect_uri: redirect, login_hint: 'jane@example.com' }));
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('invalid_redirect_uri');
    expect(html).not.toMatch(/<script|evil\.test/);
  }
  const unknownClient = await browse(new CookieJar(), authorizeUrl({ code_challenge: challenge, client_id: 'someone-else' }));
  expect(unknownClient.status).toBe(400);
});

test('login_hint: signed in without any page; the code, the verifier and a signed ID token with a stable sub and the email', async () => {
  const { callback, statuses, verifier, state, nonce } = await signInWithHint('Jane.Doe@Example.com');
  // authorize → sign-in step → authorize (resumed) → the shop: redirects only.
  expect(statuses).toEqual([303, 303, 303]);
  expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
  expect(callback.searchParams.get('state')).toBe(state);
  expect(callback.searchParams.get('iss')).toBe(emulator.url);
  const code = callback.searchParams.get('code')!;
  expect(code).toEqual(expect.any(String));

  const res = await exchange(code, verifier);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toContain('no-store');
  const tokens = (await res.json()) as Record<string, string>;
  expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'openid email customer-account-api:full', access_token: expect.any(String) });
  expect(tokens.refresh_token).toEqual(expect.any(String));
  const claims = await verifiedClaims(tokens.id_token);
  expect(claims).toMatchObject({ iss: emulator.url, aud: CLIENT_ID, nonce, email: 'jane.doe@example.com', email_verified: true });
  expect(claims.sub).toMatch(/^[0-9a-f]{32}$/);
  expect(String(claims.sub)).not.toContain('jane');

  // The same customer, however the email is cased, in another browser: the same sub.
  const again = await signInWithHint('jane.doe@example.COM');
  const second = (await (await exchange(again.callback.searchParams.get('code')!, again.verifier)).json()) as Record<string, string>;
  expect((await verifiedClaims(second.id_token)).sub).toBe(claims.sub);

  // The refresh token works (public client, no secret) and is rotated.
  const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
  expect(refreshed.status).toBe(200);
  const next = (await refreshed.json()) as Record<string, string>;
  expect(next.access_token).toEqual(expect.any(String));
  expect(next.refresh_token).not.toBe(tokens.refresh_token);
});

test('a wrong code_verifier is refused at the token endpoint', async () => {
  const { callback } = await signInWithHint('verifier@example.com');
  const res = await exchange(callback.searchParams.get('code')!, pkce().verifier);
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
});

test('a code is single-use: the second exchange is refused', async () => {
  const { callback, verifier } = await signInWithHint('twice@example.com');
  const code = callback.searchParams.get('code')!;
  expect((await exchange(code, verifier)).status).toBe(200);
  const replay = await exchange(code, verifier);
  expect(replay.status).toBe(400);
  expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
});

test('a new login_hint in a browser already signed in as someone else signs the hinted account in', async () => {
  const first = await signInWithHint('first@example.com');
  const firstClaims = await verifiedClaims(
    ((await (await exchange(first.callback.searchParams.get('code')!, first.verifier)).json()) as Record<string, string>).id_token,
  );
  const second = await signInWithHint('second@example.com', first.jar);
  expect(second.statuses).toEqual([303, 303, 303]);
  const claims = await verifiedClaims(
    ((await (await exchange(second.callback.searchParams.get('code')!, second.verifier)).json()) as Record<string, string>).id_token,
  );
  expect(claims.email).toBe('second@example.com');
  expect(claims.sub).not.toBe(firstClaims.sub);
});

describe('without a login_hint', () => {
  async function formPage(jar: CookieJar) {
    const { challenge, verifier } = pkce();
    const { res, url } = await follow(jar, authorizeUrl({ code_challenge: challenge, state: 'st-form' }));
    return { res, url, verifier };
  }

  test('an accessible email form (no script), re-shown with an alert for a bad email, then the code', async () => {
    const jar = new CookieJar();
    const { res, url, verifier } = await formPage(jar);
    expect(res.status).toBe(200);
    expect(url).toMatch(/\/interaction\/[\w-]+$/);
    expect(res.headers.get('content-security-policy')).toBe(
      `default-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self' ${SHOP}`,
    );
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<label for="email">Email<\/label>\s*<input id="email" name="email" type="email" autocomplete="email" required/);
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son\w+=/i);

    const post = (email: string) =>
      browse(jar, `${url}/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email }),
      });
    const bad = await post('"><script>alert(1)</script>');
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain('role="alert"');
    expect(badHtml).toContain('aria-invalid="true"');
    expect(badHtml).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(badHtml).not.toContain('<script>');

    const good = await post('form.user@example.com');
    expect(good.status).toBe(303);
    const { url: callbackUrl } = await follow(jar, new URL(good.headers.get('location')!, url).href);
    const callback = new URL(callbackUrl);
    expect(callback.searchParams.get('state')).toBe('st-form');
    const tokens = (await (await exchange(callback.searchParams.get('code')!, verifier)).json()) as Record<string, string>;
    expect(await verifiedClaims(tokens.id_token)).toMatchObject({ email: 'form.user@example.com' });
  });

  test('Cancel sends the shop error=access_denied with its state', async () => {
    const jar = new CookieJar();
    const { url } = await formPage(jar);
    const cancelled = await browse(jar, `${url}/abort`, { method: 'POST' });
    expect(cancelled.status).toBe(303);
    const { url: callbackUrl } = await follow(jar, new URL(cancelled.headers.get('location')!, url).href);
    const callback = new URL(callbackUrl);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe('st-form');
  });

  test('the sign-in step without its cookie (another browser, a forged post) is refused', async () => {
    const { url } = await formPage(new CookieJar());
    const stranger = await browse(new CookieJar(), `${url}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=mallory%40example.com',
    });
    expect(stranger.status).toBe(400);
    expect(stranger.headers.get('location')).toBeNull();
    expect(await stranger.text()).toContain('invalid_request');
  });
});
