/**
 * The preview cookie (docs/architecture.md §4 "Preview"): a signed, short-lived
 * pass that makes one browser see the content lake's drafts. The public site never does.
 *
 * | cookie    | value                              | flags                                   | lifetime |
 * |-----------|------------------------------------|-----------------------------------------|----------|
 * | `preview` | `{expiry}.{HMAC-SHA256 base64url}` | HttpOnly; SameSite=Lax; Secure*; Path=/ | 1 hour   |
 *
 * *Secure when the site is served over https.
 *
 * The MAC covers the expiry (epoch seconds) under a key derived from config `PREVIEW_SECRET`
 * (domain-separated, so neither the secret nor a MAC made for anything else ever verifies here);
 * values are compared in constant time. The secret itself is what the editors' preview URL
 * carries (`/api/preview?secret=…`), checked with `secretMatches`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CookieOptions } from 'express';
import { readCookie } from '../http/cookies';

export const PREVIEW_COOKIE = 'preview';

/** How long a preview lasts (ms): an editing session, short enough that a leaked cookie soon expires. */
export const PREVIEW_LIFETIME_MS = 60 * 60_000;

export type PreviewTokens = {
  /** Whether `given` is the preview secret (constant time; any length). */
  secretMatches(given: string): boolean;
  /** A fresh cookie value, valid for PREVIEW_LIFETIME_MS from now. */
  issue(): string;
  /** Whether the `Cookie` header holds an unexpired preview cookie signed with this secret. */
  active(cookieHeader: string | null | undefined): boolean;
  /** Cookie flags for `res.cookie` / `res.clearCookie` (Secure follows the site origin's scheme). */
  cookieOptions(): CookieOptions;
};

/**
 * @param secret config PREVIEW_SECRET (at least 32 characters); all instances must share it
 * @param siteUrl the shop's public origin (decides Secure)
 * @param now clock, epoch ms (tests)
 */
export function createPreviewTokens(secret: string, siteUrl: string, now: () => number = Date.now): PreviewTokens {
  if (secret.length < 32) throw new Error('preview secret: at least 32 characters');
  const key = createHmac('sha256', secret).update('preview-cookie-key:v1').digest();
  const mac = (expiry: number) => createHmac('sha256', key).update(`preview:v1:${expiry}`).digest();
  // Both sides hashed first: equal lengths for timingSafeEqual whatever was sent.
  const digest = (value: string) => createHmac('sha256', 'preview-secret-compare').update(value).digest();
  const secretDigest = digest(secret);

  return {
    secretMatches: (given) => timingSafeEqual(digest(given), secretDigest),
    issue() {
      const expiry = Math.floor((now() + PREVIEW_LIFETIME_MS) / 1000);
      return `${expiry}.${mac(expiry).toString('base64url')}`;
    },
    active(cookieHeader) {
      const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(readCookie(cookieHeader, PREVIEW_COOKIE) ?? '');
      if (!match) return false;
      const expiry = Number(match[1]);
      if (expiry * 1000 <= now()) return false;
      return timingSafeEqual(Buffer.from(match[2], 'base64url'), mac(expiry));
    },
    cookieOptions: () => ({
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: new URL(siteUrl).protocol === 'https:',
      maxAge: PREVIEW_LIFETIME_MS,
    }),
  };
}
