/**
 * The shop's OAuth 2.1 / OpenID Connect client for the customer-account authorization server
 * (spec §7 "External customer authorization"; Shopify's customer-account API, the local emulator
 * in local mode), built on `openid-client` v6:
 *
 * 1. `start` → the authorize URL to redirect the browser to (on `browserBaseUrl` when set; scope
 *    `openid email customer-account-api:full`, `response_type=code`, random `state` and `nonce`,
 *    PKCE S256, `redirect_uri` = the shop's /accounts/account, `login_hint`), and a
 *    `transaction` string the caller keeps in a short-lived cookie until the browser returns.
 * 2. `complete` → on GET /accounts/account?code&state: checks the state against the
 *    transaction, exchanges the code with the PKCE verifier, verifies the ID token (signature
 *    against the server's key set, issuer, audience, expiry, nonce) and gives its `sub` and
 *    `email`, with the `returnTo` path kept in the transaction.
 *
 * The server's metadata is discovered lazily from `${issuer}/.well-known/openid-configuration`
 * on first use and kept; a failed discovery is retried on the next call. Every request to the
 * server (discovery, key set, token) is bounded by `timeoutMs`. Plain http is allowed only for an
 * issuer on a loopback address (the local emulator).
 *
 * Errors: `CustomerAuthorizationError` (its `reason` says which) for whatever the shopper's
 * browser brought or lacks — answer 400 and start over; `UpstreamError` ('customer-account',
 * 502 failed / 504 timed out) when the authorization server fails.
 */
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { Config } from '../config';
import { safeEqual } from '../crypto/safe-equal';
import { toUpstreamError, UpstreamError } from '../upstream/errors';

/** The scopes the shop asks for (Shopify's customer-account API, full access). */
export const CUSTOMER_ACCOUNT_SCOPE = 'openid email customer-account-api:full';

/**
 * How long a transaction stays usable after `start`, in ms: the browser must come back within
 * it. Also the Max-Age the caller should give the transaction cookie.
 */
export const CUSTOMER_AUTHORIZATION_TRANSACTION_TTL_MS = 10 * 60_000;

/**
 * Why a callback was refused, all caused by (or visible to) the shopper's browser:
 * - `missing_transaction`: no transaction cookie (expired, blocked, or another browser);
 * - `invalid_transaction`: a transaction that is not ours, older than its TTL, or edited (the
 *   ID token's nonce is not the one it holds);
 * - `state_mismatch`: the callback's `state` is not the transaction's (forged or crossed flows);
 * - `invalid_callback`: no `code`, a repeated parameter, or another server's `iss`;
 * - `denied`: the authorization server answered with an error (the customer cancelled…);
 * - `invalid_grant`: the token endpoint refused the code (used already, expired, wrong verifier);
 * - `account_mismatch`: not raised here; for the caller, when the ID token names another
 *   account than the one that signed in with its password.
 */
export type CustomerAuthorizationFailure =
  'missing_transaction' | 'invalid_transaction' | 'state_mismatch' | 'invalid_callback' | 'denied' | 'invalid_grant' | 'account_mismatch';

/** A sign-in callback the shop refuses; the shopper should start the sign-in again. */
export class CustomerAuthorizationError extends Error {
  constructor(
    readonly reason: CustomerAuthorizationFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'CustomerAuthorizationError';
  }
}

export type CustomerAuthorizationStartOptions = {
  /** The customer's email, sent as `login_hint` (the emulator signs that account in directly). */
  loginHint?: string;
  /** Where to land after the sign-in: a same-site path such as `/accounts/orders`; anything else is dropped. */
  returnTo?: string;
};

export type CustomerAuthorizationStart = {
  /** The authorization URL to redirect the browser to (303). */
  url: string;
  /**
   * State, PKCE verifier, nonce and returnTo as base64url JSON. It holds the verifier, so keep it
   * only in an HttpOnly cookie (Secure on https, SameSite=Lax so the cross-site callback
   * navigation carries it, Max-Age CUSTOMER_AUTHORIZATION_TRANSACTION_TTL_MS), never in
   * page-readable storage, and clear it once `complete` ran.
   */
  transaction: string;
};

export type CustomerAuthorizationResult = {
  /** The ID token's `sub`: the customer-account id, stable across sign-ins. */
  sub: string;
  /** The ID token's `email`, or null when the server sent none. */
  email: string | null;
  /** The `returnTo` given to `start` when it was a safe same-site path, else null. */
  returnTo: string | null;
};

export type CustomerAuthorization = {
  /**
   * Prepares a sign-in redirect.
   * @throws UpstreamError 502/504 when the server's metadata cannot be discovered
   */
  start(opts?: CustomerAuthorizationStartOptions): Promise<CustomerAuthorizationStart>;
  /**
   * Finishes the sign-in from the callback URL the browser requested (only its query is read)
   * and the transaction cookie's value (null when absent).
   * @throws CustomerAuthorizationError for a missing/invalid transaction, a state mismatch, a
   *   malformed callback, an error answer (`denied`) or a refused code (`invalid_grant`)
   * @throws UpstreamError 502 (the server failed, answered `server_error`, or sent an invalid
   *   ID token) / 504 (it timed out)
   */
  complete(callbackUrl: URL, transaction: string | null): Promise<CustomerAuthorizationResult>;
};

export type CustomerAuthorizationOptions = {
  /** Registered redirect URI: `${siteUrl}/accounts/account`. Also sent at the token exchange. */
  redirectUri: string;
  /** Clock in epoch ms (tests). */
  now?: () => number;
};

const Transaction = z.object({
  state: z.string().min(1),
  codeVerifier: z.string().min(43),
  nonce: z.string().min(1),
  returnTo: z.string().nullable(),
  /** Epoch ms. */
  expiresAt: z.number(),
});
type Transaction = z.infer<typeof Transaction>;

/** Parameters the authorization response carries at most once (RFC 6749 §3.1). */
const SINGLE_PARAMETERS = ['code', 'state', 'error', 'iss'];

/** Errors by which the authorization server says it failed, rather than refused. */
const SERVER_FAILURES = new Set(['server_error', 'temporarily_unavailable']);

/**
 * Builds the client for `settings` (config.customerAccount). Nothing is fetched until the first
 * `start` or `complete`.
 * @throws TypeError when the issuer is plain http on a host other than loopback
 */
export function createCustomerAuthorization(
  settings: Config['customerAccount'],
  { redirectUri, now = Date.now }: CustomerAuthorizationOptions,
): CustomerAuthorization {
  const issuer = new URL(settings.issuer);
  const insecure = issuer.protocol === 'http:';
  if (insecure && !isLoopback(issuer.hostname)) {
    throw new TypeError(`customer-account issuer ${settings.issuer} must be https (plain http is allowed on loopback only)`);
  }

  const timedFetch: oidc.CustomFetch = (url, options) => {
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    // openid-client's body type admits any Uint8Array; the DOM typings want an ArrayBuffer-backed one.
    return fetch(url, { ...options, body: options.body as BodyInit | null | undefined, signal });
  };

  // Local mode: the browser reaches the emulator through the shop's /__local proxy, which maps
  // the issuer's origin to `browserBaseUrl` (server/http/local-proxy.ts).
  const browserUrl = (url: URL): URL =>
    settings.browserBaseUrl && url.origin === issuer.origin ? new URL(`${settings.browserBaseUrl}${url.pathname}${url.search}`) : url;

  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = (): Promise<oidc.Configuration> => {
    discovered ??= oidc
      .discovery(issuer, settings.clientId, undefined, oidc.None(), {
        [oidc.customFetch]: timedFetch,
        // openid-client's own per-request timeout (seconds) must not cut in before ours.
        timeout: Math.ceil(settings.timeoutMs / 1000),
        // Verify ID-token signatures against the server's key set too: in local mode there is
        // no TLS to vouch for the token endpoint.
        execute: insecure ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks] : [oidc.enableNonRepudiationChecks],
      })
      .catch((err: unknown) => {
        discovered = undefined;
        throw toUpstreamError('customer-account', err);
      });
    return discovered;
  };

  return {
    async start({ loginHint, returnTo } = {}) {
      const config = await configuration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: CUSTOMER_ACCOUNT_SCOPE,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      };
      const hint = loginHint?.trim();
      if (hint) parameters.login_hint = hint;
      const url = browserUrl(oidc.buildAuthorizationUrl(config, parameters));
      const transaction: Transaction = {
        state,
        codeVerifier,
        nonce,
        returnTo: safeReturnTo(returnTo),
        expiresAt: now() + CUSTOMER_AUTHORIZATION_TRANSACTION_TTL_MS,
      };
      return { url: url.href, transaction: Buffer.from(JSON.stringify(transaction)).toString('base64url') };
    },

    async complete(callbackUrl, transactionValue) {
      const transaction = readTransaction(transactionValue, now());
      const params = callbackUrl.searchParams;
      const repeated = SINGLE_PARAMETERS.find((name) => params.getAll(name).length > 1);
      if (repeated) throw new CustomerAuthorizationError('invalid_callback', `The callback repeats "${repeated}".`);
      const state = params.get('state');
      if (state === null || !safeEqual(state, transaction.state)) {
        throw new CustomerAuthorizationError('state_mismatch', 'The callback state does not match this browser’s sign-in.');
      }
      const error = params.get('error');
      if (error !== null) {
        const description = params.get('error_description');
        const message = `The authorization server answered ${error}${description ? `: ${description}` : ''}.`;
        if (SERVER_FAILURES.has(error)) throw new UpstreamError('customer-account', 502, `customer-account failed: ${message}`);
        throw new CustomerAuthorizationError('denied', message);
      }
      if (!params.get('code')) throw new CustomerAuthorizationError('invalid_callback', 'The callback carries no code.');

      const config = await configuration();
      // RFC 9207: a response naming another issuer (or none, where this one names itself) may
      // come from a mix-up attack; refuse it before the code is sent anywhere.
      const { issuer: expectedIssuer, authorization_response_iss_parameter_supported: issSupported } = config.serverMetadata();
      const iss = params.get('iss');
      if (iss === null ? issSupported === true : iss !== expectedIssuer) {
        throw new CustomerAuthorizationError('invalid_callback', 'The callback does not come from the expected authorization server.');
      }
      // The token request must repeat the authorize request's redirect_uri, whatever host name
      // the callback reached this server under (a proxy, another alias of the site).
      const response = new URL(redirectUri);
      for (const [name, value] of params) response.searchParams.append(name, value);

      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(config, response, {
          pkceCodeVerifier: transaction.codeVerifier,
          expectedState: transaction.state,
          expectedNonce: transaction.nonce,
          idTokenExpected: true,
        });
      } catch (err) {
        if (err instanceof oidc.ResponseBodyError && err.error === 'invalid_grant') {
          throw new CustomerAuthorizationError('invalid_grant', `The authorization server refused the code: ${err.error_description ?? err.error}.`, {
            cause: err,
          });
        }
        // The code was good (PKCE held) but the ID token answers another nonce: the transaction
        // cookie was edited. (openid-client: ClientError → its cause → `{ claim }`.)
        if (err instanceof oidc.ClientError && err.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && comparedClaim(err) === 'nonce') {
          throw new CustomerAuthorizationError('invalid_transaction', 'The ID token belongs to another sign-in (nonce).', { cause: err });
        }
        throw toUpstreamError('customer-account', err);
      }
      const claims = tokens.claims();
      if (!claims) throw new UpstreamError('customer-account', 502, 'customer-account failed: the token response has no ID token');
      return { sub: claims.sub, email: typeof claims.email === 'string' ? claims.email : null, returnTo: transaction.returnTo };
    },
  };
}

/**
 * `value` when it is a same-site path to send the browser to after sign-in: starts with exactly
 * one '/', no backslash or control character (browsers read '\' as '/', so '/\evil.example' would
 * leave the site), at most 2048 characters. Normalised ('/a/../b' → '/b'); anything else → null.
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048 || !value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  const base = 'http://return-to.invalid';
  const url = new URL(value, base);
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
}

/** The transaction in a cookie value. @throws CustomerAuthorizationError missing/invalid_transaction */
function readTransaction(value: string | null, nowMs: number): Transaction {
  if (!value) throw new CustomerAuthorizationError('missing_transaction', 'No sign-in is in progress in this browser.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const result = Transaction.safeParse(parsed);
  if (!result.success) throw new CustomerAuthorizationError('invalid_transaction', 'The sign-in cookie is not one this shop set.');
  if (result.data.expiresAt <= nowMs) throw new CustomerAuthorizationError('invalid_transaction', 'The sign-in took too long; it has expired.');
  // The cookie is the shopper's to edit: check returnTo again rather than trust it.
  return { ...result.data, returnTo: safeReturnTo(result.data.returnTo) };
}

function comparedClaim(err: Error): unknown {
  return (err.cause as { cause?: { claim?: unknown } } | undefined)?.cause?.claim;
}

/** localhost, 127.0.0.0/8 or [::1]: addresses that never leave the machine. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}
