/**
 * The `cart_id` cookie: set by the no-JavaScript add-to-cart form, read by the `/cart` page
 * loader. It holds the Storefront cart id (URL-encoded) and grants nothing beyond that cart —
 * like the id the browser keeps in localStorage — so it is deliberately not HttpOnly: the
 * browser cart store adopts it (ADR-0005). Lifetime: the spec §9 cart lifetime, 2 days.
 * Parsing is the `cookie` package's (the one Express itself uses to write cookies).
 */
import { parseCookie } from 'cookie';
import type { CookieOptions } from 'express';

export const CART_COOKIE = 'cart_id';

/** Spec §9: a cart lives 2 days (2880 minutes), in ms. */
export const CART_LIFETIME_MS = 2880 * 60_000;

/** `secure` outside local http (the site origin decides, not the request). */
export function cartCookieOptions(siteUrl: string): CookieOptions {
  return { path: '/', sameSite: 'lax', secure: new URL(siteUrl).protocol === 'https:', httpOnly: false, maxAge: CART_LIFETIME_MS };
}

/**
 * A cookie's URL-decoded value from a `Cookie` request header, or null when absent. A value that
 * is not valid percent-encoding comes back as sent; callers validate the value's format.
 */
export function readCookie(header: string | null | undefined, name: string): string | null {
  return header ? (parseCookie(header)[name] ?? null) : null;
}
