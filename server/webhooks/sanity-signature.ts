/**
 * Sanity's webhook signature (as `@sanity/webhook` checks it): the header
 * `sanity-webhook-signature: t=<timestamp ms>,v1=<signature>`, where the signature is
 * HMAC-SHA256 with the webhook's secret over `${t}.${raw body}`, base64url without padding.
 * Compared in constant time on the raw body; a timestamp further than `toleranceMs` from now
 * (default 5 minutes) is refused, so a captured request cannot be replayed later.
 */
import { createHmac } from 'node:crypto';
import { safeEqual } from '../crypto/safe-equal';

export const SANITY_SIGNATURE_HEADER = 'sanity-webhook-signature';
const HEADER = /^t=(\d{1,16}),v1=([A-Za-z0-9_-]+={0,2})$/;

/** The header value for `body` signed at `timestampMs` (tests, and the local shop). */
export function signSanity(body: string | Buffer, secret: string, timestampMs: number = Date.now()): string {
  return `t=${timestampMs},v1=${sanityDigest(body, secret, String(timestampMs))}`;
}

/** Whether `header` is a valid signature of `body` with `secret`, made within `toleranceMs` of `now`. */
export function verifySanity(
  body: Buffer,
  header: string | undefined,
  secret: string,
  { now = Date.now(), toleranceMs = 5 * 60_000 }: { now?: number; toleranceMs?: number } = {},
): boolean {
  const parts = HEADER.exec(header?.trim() ?? '');
  if (!parts) return false;
  const [, t, signature] = parts;
  if (Math.abs(now - Number(t)) > toleranceMs) return false;
  return safeEqual(signature.replace(/=+$/, ''), sanityDigest(body, secret, t));
}

function sanityDigest(body: string | Buffer, secret: string, t: string): string {
  return createHmac('sha256', secret).update(`${t}.`).update(body).digest('base64url');
}
