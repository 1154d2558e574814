/**
 * Per-product unlock cookies (spec §3 product card password).
 *
 * | cookie               | value                              | flags                                  | lifetime |
 * |----------------------|------------------------------------|----------------------------------------|----------|
 * | `unlock_{handle}`    | `{expiry}.{HMAC-SHA256 base64url}` | HttpOnly; SameSite=Lax; Secure*; Path=/ | 30 days  |
 *
 * *Secure when the site is served over https.
 *
 * The MAC covers the handle and the expiry (epoch seconds) under a server secret (config
 * `UNLOCK_SECRET`; a random per-process secret locally), so a value can be neither forged nor
 * copied to another product's cookie, and it says nothing about the password. Path=/ because
 * the product page, its payload (`/__payload/product`) and the cart endpoints all read it.
 * Signed and checked by server/crypto/expiring-signature.ts.
 */
import type { CookieOptions } from 'express';
import { expiringSignature } from '../crypto/expiring-signature';
import { readCookie } from '../http/cookies';

/** How long an unlock lasts (ms): long enough that a member is not asked again every visit. */
export const UNLOCK_LIFETIME_MS = 30 * 24 * 60 * 60_000;

/** Catalog handles (lower-case letters, digits, dashes): also safe inside a cookie name. */
export const HANDLE = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** The cookie that unlocks `handle` (a valid HANDLE). */
export const unlockCookieName = (handle: string) => `unlock_${handle}`;

export type UnlockTokens = {
  /** A fresh cookie value for `handle`, valid for UNLOCK_LIFETIME_MS from now. */
  issue(handle: string): string;
  /** Whether `value` is an unexpired value issued for this very `handle` by this secret. */
  verify(handle: string, value: string | null | undefined): boolean;
  /** Whether the request's `Cookie` header holds a valid unlock for `handle`. */
  unlocked(cookieHeader: string | null | undefined, handle: string): boolean;
  /** Cookie flags for `res.cookie` (Secure follows the site origin's scheme). */
  cookieOptions(): CookieOptions;
};

/**
 * @param secret at least 32 characters (config UNLOCK_SECRET); all instances must share it
 * @param siteUrl the shop's public origin (decides Secure)
 * @param now clock, epoch ms (tests)
 */
export function createUnlockTokens(secret: string, siteUrl: string, now: () => number = Date.now): UnlockTokens {
  if (secret.length < 32) throw new Error('unlock secret: at least 32 characters');
  // Domain-separated message `product-unlock:v1:{handle}:{expiry}`: a MAC made for anything else never verifies here.
  const signature = expiringSignature({ key: secret, purpose: 'product-unlock:v1', lifetimeMs: UNLOCK_LIFETIME_MS, now });
  const verify = (handle: string, value: string | null | undefined): boolean => HANDLE.test(handle) && signature.verify(value, handle);

  return {
    issue: (handle) => signature.issue(handle),
    verify,
    unlocked: (cookieHeader, handle) => HANDLE.test(handle) && verify(handle, readCookie(cookieHeader, unlockCookieName(handle))),
    cookieOptions: () => ({
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: new URL(siteUrl).protocol === 'https:',
      maxAge: UNLOCK_LIFETIME_MS,
    }),
  };
}

/**
 * Whether the request carries an unlock cookie for `handle` at all (valid or not): such a
 * request is answered as personal (`private, no-store`, cookies passed to the loader), since its
 * answer may depend on the cookie. Without one the page is the same for everyone.
 */
export function hasUnlockCookie(cookieHeader: string | null | undefined, handle: string | undefined): boolean {
  return Boolean(handle && HANDLE.test(handle) && readCookie(cookieHeader, unlockCookieName(handle)) !== null);
}
