/** Stable Sanity `_key`s: derived from a path-like name, so regeneration never changes them. */
import { createHash } from 'node:crypto';

/** A 12-hex-character key for `name` (unique in practice: the first 48 bits of its sha1). */
export function stableKey(name: string): string {
  return createHash('sha1').update(name).digest('hex').slice(0, 12);
}
