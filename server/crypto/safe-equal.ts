/**
 * The server's constant-time comparisons: every MAC, signature, token and password check goes
 * through one of these two, so none compares secrets with `===` or its own `timingSafeEqual`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

const bytes = (value: string | Uint8Array) => (typeof value === 'string' ? Buffer.from(value, 'utf8') : value);
const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether `given` equals `expected`, in time that does not depend on where they differ. Unequal
 * lengths answer false at once: for MACs and signatures, whose length is public.
 */
export function safeEqual(given: string | Uint8Array, expected: string | Uint8Array): boolean {
  const [a, b] = [bytes(given), bytes(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether `given` is `secret` (a password, a bearer token, a shared secret), hiding the secret's
 * length too: both are hashed (SHA-256) first, so the compared values always have equal length.
 */
export function secretMatches(given: string, secret: string): boolean {
  return timingSafeEqual(sha256(given), sha256(secret));
}
