/**
 * What an unlock changes about a product card: the password gate is lifted, and every other
 * availability rule (drop date, sold out, not purchasable) still applies (spec §4).
 */
import type { ProductCard } from '../../shared/types';

/** The card as the shopper who unlocked it sees it: not password protected; null stays null. */
export function withoutPasswordGate(card: ProductCard | null): ProductCard | null {
  if (!card) return null;
  return {
    ...card,
    password: card.password ? { ...card.password, passwordProtectPage: false } : null,
    productDrop: card.productDrop ? { ...card.productDrop, passwordProtectPage: false } : null,
  };
}
