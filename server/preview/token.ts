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
 * (domain-separated, so neither the secret nor a MAC made for anything else ever verifies here),
 * signed and checked by server/crypto/expiring-signature.ts. The secret itself is what the
 * editors' preview URL carries (`/api/preview?secret=…`), checked with `secretMatches`.
 */
import { createHmac } from 'node:crypto';
import type { CookieOptions } from 'express';
import { expiringSignature } from '../crypto/expiring-signature';
import { secretMatches } from '../crypto/safe-equal';
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
  const signature = expiringSignature({ key, purpose: 'preview:v1', lifetimeMs: PREVIEW_LIFETIME_MS, now });

  return {
    secretMatches: (given) => secretMatches(given, secret),
    issue: () => signature.issue(),
    active: (cookieHeader) => signature.verify(readCookie(cookieHeader, PREVIEW_COOKIE)),
    cookieOptions: () => ({
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: new URL(siteUrl).protocol === 'https:',
      maxAge: PREVIEW_LIFETIME_MS,
    }),
  };
}
