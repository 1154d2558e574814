/**
 * The customer session's cookies (docs/architecture.md §5; spec §4 "Customer session"):
 *
 * | cookie                    | value                        | flags                                   | lifetime            |
 * |---------------------------|------------------------------|-----------------------------------------|---------------------|
 * | `customer_access_token`   | the Storefront API token     | HttpOnly; Secure*; SameSite=Lax; Path=/ | until the token's expiresAt |
 * | `customer_signed_in`      | "1" (a hint, grants nothing) | Secure*; SameSite=Lax; Path=/           | the same            |
 * | `customer_authorization`  | the OAuth transaction (state, PKCE verifier, nonce, returnTo) | HttpOnly; Secure*; SameSite=Lax; Path=/accounts | 10 minutes |
 *
 * *Secure whenever the site is served over https, and on localhost / 127.0.0.1, which browsers
 * treat as secure: a plain-http test host (http://shop.test) could not keep a Secure cookie.
 *
 * The token is never readable by page script (an injected script cannot steal it); the hint
 * only tells the browser to fetch `/api/customer` to personalise the header. Cookies are set
 * only on personal (`private, no-store`) answers: account pages, their payloads, `/api/*`.
 */
import type { CookieOptions, Response } from 'express';
import { CUSTOMER_SESSION_HINT_COOKIE } from '../../shared/customer';
import { CUSTOMER_AUTHORIZATION_TRANSACTION_TTL_MS } from '../auth/customer-authorization';
import { readCookie } from './cookies';

export const CUSTOMER_TOKEN_COOKIE = 'customer_access_token';
export const AUTHORIZATION_COOKIE = 'customer_authorization';

/** A Storefront API customer access token and when it expires (ISO 8601, UTC). */
export type AccessToken = { accessToken: string; expiresAt: string };

/** Something that can set and clear cookies: an Express response, or the request context's sink for loaders. */
export type CookieWriter = {
  cookie(name: string, value: string, options: CookieOptions): unknown;
  clearCookie(name: string, options: CookieOptions): unknown;
};

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function secureFor(siteUrl: string): boolean {
  const url = new URL(siteUrl);
  return url.protocol === 'https:' || LOOPBACK.has(url.hostname);
}

const base = (siteUrl: string): CookieOptions => ({ path: '/', sameSite: 'lax', secure: secureFor(siteUrl) });

/** The customer access token the request carries, or null. Its validity is the platform's to say. */
export function readCustomerToken(cookieHeader: string | null | undefined): string | null {
  const token = readCookie(cookieHeader, CUSTOMER_TOKEN_COOKIE);
  // Shopify tokens are 32 hex characters; anything absurd is not worth an upstream call.
  return token && /^[A-Za-z0-9_-]{16,256}$/.test(token) ? token : null;
}

/** Sets the token and hint cookies to live exactly as long as the token. */
export function setCustomerSession(res: CookieWriter, token: AccessToken, siteUrl: string): void {
  const expires = new Date(token.expiresAt);
  if (Number.isNaN(expires.getTime())) throw new Error(`customer access token with an invalid expiresAt: ${token.expiresAt}`);
  res.cookie(CUSTOMER_TOKEN_COOKIE, token.accessToken, { ...base(siteUrl), httpOnly: true, expires });
  res.cookie(CUSTOMER_SESSION_HINT_COOKIE, '1', { ...base(siteUrl), httpOnly: false, expires });
}

/** Removes the session (logout, an invalid or expired token). */
export function clearCustomerSession(res: CookieWriter, siteUrl: string): void {
  res.clearCookie(CUSTOMER_TOKEN_COOKIE, { ...base(siteUrl), httpOnly: true });
  res.clearCookie(CUSTOMER_SESSION_HINT_COOKIE, { ...base(siteUrl), httpOnly: false });
}

const authorizationOptions = (siteUrl: string): CookieOptions => ({ ...base(siteUrl), path: '/accounts', httpOnly: true });

/** Keeps the OAuth transaction (opaque to this module) for the callback. */
export function setAuthorizationTransaction(res: Response, transaction: string, siteUrl: string): void {
  res.cookie(AUTHORIZATION_COOKIE, transaction, { ...authorizationOptions(siteUrl), maxAge: CUSTOMER_AUTHORIZATION_TRANSACTION_TTL_MS });
}

export function readAuthorizationTransaction(cookieHeader: string | null | undefined): string | null {
  return readCookie(cookieHeader, AUTHORIZATION_COOKIE);
}

/** The transaction is single-use: cleared whatever the callback's outcome. */
export function clearAuthorizationTransaction(res: Response, siteUrl: string): void {
  res.clearCookie(AUTHORIZATION_COOKIE, authorizationOptions(siteUrl));
}
