/**
 * Password hashing and random tokens for customer accounts.
 *
 * - Passwords: scrypt (N=16384, r=8, p=1, 32-byte key) with a random 16-byte salt, stored as
 *   `scrypt$16384$8$1$<salt hex>$<key hex>` so the parameters travel with the hash; compared
 *   in constant time (emulators/shared/safe-equal.ts).
 * - Tokens (access, activation, reset): 32 random bytes as 64 hex characters. Only their SHA-256
 *   is stored, so a leaked state file does not hand out sessions or activation links.
 */
import { createHash, randomBytes, scrypt, type ScryptOptions } from 'node:crypto';
import { safeEqual } from '../shared/safe-equal';

const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Hash `password` with a fresh salt (~50 ms, off the event loop). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('hex'), key.toString('hex')].join('$');
}

let decoy: Promise<string> | null = null;

/** A hash of a random password, made on first use: verified against when the email is unknown, so both paths cost the same. */
export const decoyHash = (): Promise<string> => (decoy ??= hashPassword(randomBytes(16).toString('hex')));

/** Whether `password` matches `stored` (a `hashPassword` result); false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltHex, keyHex] = stored.split('$');
  if (scheme !== 'scrypt' || !saltHex || !keyHex) return false;
  const expected = Buffer.from(keyHex, 'hex');
  const key = await derive(password, Buffer.from(saltHex, 'hex'), { N: Number(n), r: Number(r), p: Number(p) });
  return safeEqual(key, expected);
}

/** A new random token: 32 bytes, hex. */
export const newToken = () => randomBytes(32).toString('hex');

/** What the state file keeps of a token: its SHA-256, hex. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
