/**
 * The customer accounts the emulator knows: whoever signed in since it started. An account is
 * its email; its `sub` is an opaque id derived from the lower-cased email, so the same customer
 * gets the same `sub` across sign-ins and restarts (the storefront may key data on it), and the
 * email is not readable from it.
 */
import { createHash } from 'node:crypto';

/** Local part @ domain with a dot, no spaces, at most 254 characters (RFC 5321's path limit). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** True when `value` is a well-formed email address (whitespace around it is not accepted). */
export function isEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && EMAIL.test(value);
}

/**
 * The account id and ID-token `sub` for `email`: 32 hex characters of SHA-256 over the
 * lower-cased address, with a fixed prefix so it is not a bare hash of the email.
 */
export function subjectFor(email: string): string {
  return createHash('sha256').update(`customer-account-emulator:${email.toLowerCase()}`).digest('hex').slice(0, 32);
}

/** In-memory sub → email directory; it ends with the process, as the provider's sessions do. */
export class AccountDirectory {
  private readonly emails = new Map<string, string>();

  /** Records a sign-in and returns the account's `sub`. The stored email is lower-cased. */
  signIn(email: string): string {
    const sub = subjectFor(email);
    this.emails.set(sub, email.toLowerCase());
    return sub;
  }

  /** The account's email, or undefined when nobody with that `sub` signed in since the start. */
  emailOf(sub: string): string | undefined {
    return this.emails.get(sub);
  }
}
