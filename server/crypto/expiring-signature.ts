/**
 * Signed values that expire, `{expiry}.{MAC}`: the unlock cookie (server/unlock/token.ts) and the
 * preview cookie (server/preview/token.ts). `expiry` is epoch seconds; the MAC is HMAC-SHA256,
 * base64url without padding, over `{purpose}:{expiry}`, or `{purpose}:{subject}:{expiry}` when
 * the value is bound to a subject (a product handle). The purpose separates the uses of one key,
 * so a MAC made for anything else never verifies. Kept ours rather than `cookie-signature`'s
 * `sign`/`unsign`, which has no expiry, no subject and standard base64 (`+`, `/`), so the cookies
 * already issued would stop verifying (ADR-0028).
 */
import { createHmac, type BinaryLike, type KeyObject } from 'node:crypto';
import { safeEqual } from './safe-equal';

export type ExpiringSignature = {
  /** A fresh value for `subject` (if any), valid for the lifetime from now. */
  issue(subject?: string): string;
  /** Whether `value` is unexpired and was issued by this key and purpose for this very `subject`. */
  verify(value: string | null | undefined, subject?: string): boolean;
};

const VALUE = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * @param key the HMAC key; all instances must share it
 * @param purpose what the values are for, with a version (`product-unlock:v1`)
 * @param lifetimeMs how long an issued value stays valid
 * @param now clock, epoch ms (tests)
 */
export function expiringSignature({
  key,
  purpose,
  lifetimeMs,
  now = Date.now,
}: {
  key: BinaryLike | KeyObject;
  purpose: string;
  lifetimeMs: number;
  now?: () => number;
}): ExpiringSignature {
  const mac = (expiry: number, subject: string | undefined) =>
    createHmac('sha256', key)
      .update(subject === undefined ? `${purpose}:${expiry}` : `${purpose}:${subject}:${expiry}`)
      .digest();

  return {
    issue(subject) {
      const expiry = Math.floor((now() + lifetimeMs) / 1000);
      return `${expiry}.${mac(expiry, subject).toString('base64url')}`;
    },
    verify(value, subject) {
      const match = VALUE.exec(value ?? '');
      if (!match) return false;
      const expiry = Number(match[1]);
      if (expiry * 1000 <= now()) return false;
      return safeEqual(Buffer.from(match[2], 'base64url'), mac(expiry, subject));
    },
  };
}
