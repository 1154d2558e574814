/**
 * The emulators' constant-time comparison (tokens, API keys, password hashes). Their own copy of
 * the shop's server/crypto/safe-equal.ts: emulators import nothing from the app (ADR-0012).
 */
import { timingSafeEqual } from 'node:crypto';

/** Whether `given` equals `expected`, in time that does not depend on where they differ (lengths are not hidden). */
export function safeEqual(given: string | Uint8Array, expected: string | Uint8Array): boolean {
  const [a, b] = [given, expected].map((value) => (typeof value === 'string' ? Buffer.from(value, 'utf8') : value));
  return a.length === b.length && timingSafeEqual(a, b);
}
