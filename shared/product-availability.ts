/**
 * Product availability (spec §4): password protected, dropping on a date, sold out, or
 * available — in that order of precedence, from the content-side product card. The product
 * page and cards render it; the server's cart service enforces it on every add (server/cart).
 */
import type { ProductCard } from './types';

export type Availability =
  { kind: 'password'; text: string | null } | { kind: 'drop'; dropDate: string } | { kind: 'soldOut'; text: string } | { kind: 'available' };

export const SOLD_OUT_TEXT = 'Sold out';

/** Whether the card locks its product behind a password (its own, or its drop's); the same at any time. */
export function isPasswordProtected(card: ProductCard | null): boolean {
  return !!(card?.password?.passwordProtectPage || (card?.productDrop?.enabled && card.productDrop.passwordProtectPage));
}

/**
 * The card's availability at `now` (epoch ms; a drop date at or before `now` means the product
 * has dropped). No card (the content lake has none for this product) means available. Pure: the
 * caller says when — the server's cart the request's time, a page the render's time
 * (client/lib/use-now.ts), so the server's HTML and the browser's hydration agree.
 */
export function cardAvailability(card: ProductCard | null, now: number): Availability {
  if (!card) return { kind: 'available' };
  if (isPasswordProtected(card)) return { kind: 'password', text: card.password?.productCardText ?? null };
  const dropDate = card.productDrop?.enabled ? card.productDrop.dropDate : null;
  if (dropDate && Date.parse(dropDate) > now) return { kind: 'drop', dropDate };
  if (card.isSoldOut) return { kind: 'soldOut', text: card.customSoldOutText || SOLD_OUT_TEXT };
  return { kind: 'available' };
}
