/**
 * The password a product card is protected with. The card itself carries only the public part of
 * the configuration (spec §3: `password { passwordProtectPage, productCardText }`, or
 * `productDrop.passwordProtectPage`); the password is a private document, `_type:
 * "productCardPassword"` with `card` (a reference to the card) and `password`, whose `_id` lies
 * under the `secrets.` path (content/FORMAT.md). Sanity serves documents whose id has a path only
 * to authenticated requests (https://www.sanity.io/docs/ids), so an anonymous GROQ query against a
 * public dataset cannot read it, and the shop reads it with its read token (SANITY_READ_TOKEN;
 * without one no protected card can be unlocked, server/config-warnings.ts). A `productCardPassword`
 * stored at the root path (readable by anyone) is ignored.
 *
 * Read on each unlock attempt and never cached or projected anywhere else: it stays on the
 * server (the page queries never project it, server/upstream/content/queries.ts).
 */
import { secretMatches } from '../crypto/safe-equal';
import type { ContentClient } from '../upstream/content/client';
import { UpstreamError } from '../upstream/errors';

/** params: { handle }. `protected` mirrors shared/product-availability.ts's isPasswordProtected. */
const CARD_PASSWORD_QUERY = `*[_type == "productCard" && slug.current == $handle][0]{
  "protected": coalesce(password.passwordProtectPage, false) || (coalesce(productDrop.enabled, false) && coalesce(productDrop.passwordProtectPage, false)),
  "password": *[_type == "productCardPassword" && card._ref == ^._id && _id in path("secrets.**")][0].password }`;

/** A protected card's password, or null when the card is missing, not protected, or has none readable. */
export type PasswordLookup = (handle: string) => Promise<string | null>;

/**
 * @throws UpstreamError('content') when the lake fails (the route answers 502/504)
 */
export function contentPasswordLookup(content: ContentClient): PasswordLookup {
  return async (handle) => {
    const row = (await content.fetch(CARD_PASSWORD_QUERY, { handle })) as { protected?: unknown; password?: unknown } | null;
    if (row !== null && typeof row !== 'object') throw new UpstreamError('content', 502, 'product card password: malformed answer');
    if (!row?.protected || typeof row.password !== 'string' || row.password === '') return null;
    return row.password;
  };
}

/**
 * Constant-time comparison of the attempt with the configured password, which neither depends
 * on where they differ nor leaks the password's length (`secretMatches`).
 */
export function passwordMatches(expected: string, attempt: string): boolean {
  return secretMatches(attempt, expected);
}
