/**
 * Gift cards, kept in the `gift_cards` table of the emulator's SQLite file (database.ts) so a
 * balance spent at checkout stays spent across restarts. The seed (checkout-seed.ts) adds the
 * cards a data dir does not have yet, at their initial value; it never resets a balance.
 *
 * Shopify treats a gift card as a payment, not a discount (Storefront API AppliedGiftCard; mobile
 * Buy SDK issue #927, Shopify: "A gift card is actually charged on checkout completion"): applied
 * cards pay the cart's total in the order they were entered, each up to its balance, and are
 * debited only when an order is placed. Codes are case-insensitive.
 */
import type { Database } from '../shared/sqlite';
import { codeKey, type GiftCardSeed } from './checkout-seed';
import { gid } from './ids';

export type GiftCard = { id: number; code: string; balanceCents: number };

/** A card paying part of a total: what it pays now and its balance before paying (cents). */
export type GiftCardPayment = { card: GiftCard; amountUsedCents: number };

export const GIFT_CARDS_SCHEMA = `CREATE TABLE gift_cards (
  id INTEGER PRIMARY KEY, code_key TEXT NOT NULL UNIQUE, code TEXT NOT NULL, balance_cents INTEGER NOT NULL CHECK (balance_cents >= 0)
) STRICT;`;

/** The AppliedGiftCard id of `card` (cartGiftCardCodesRemove takes it). */
export const appliedGiftCardGid = (card: GiftCard) => gid('AppliedGiftCard', card.id);

/** Shopify shows the last four characters of a card's code. */
export const lastCharacters = (card: GiftCard) => card.code.slice(-4);

/**
 * Pay `totalCents` with `cards` in order, each up to its balance; cards with nothing left to pay
 * use 0. @returns one payment per card, same order
 */
export function payWithGiftCards(cards: GiftCard[], totalCents: number): GiftCardPayment[] {
  let due = Math.max(0, totalCents);
  return cards.map((card) => {
    const amountUsedCents = Math.min(card.balanceCents, due);
    due -= amountUsedCents;
    return { card, amountUsedCents };
  });
}

type Row = { id: number; code: string; balance_cents: number };
const toCard = (row: Row): GiftCard => ({ id: Number(row.id), code: row.code, balanceCents: Number(row.balance_cents) });

export class GiftCardStore {
  constructor(private readonly db: Database) {}

  /** Add the seeded cards this data dir does not have yet (existing balances are kept). */
  seed(cards: readonly GiftCardSeed[]): void {
    const insert = this.db.prepare('INSERT OR IGNORE INTO gift_cards (id, code_key, code, balance_cents) VALUES (?, ?, ?, ?)');
    for (const card of cards) insert.run(card.id, codeKey(card.code), card.code, card.initialValueCents);
  }

  /** The card with `code` (any case, surrounding spaces ignored), or null. */
  byCode(code: string): GiftCard | null {
    const row = this.db.prepare('SELECT id, code, balance_cents FROM gift_cards WHERE code_key = ?').get(codeKey(code)) as Row | undefined;
    return row ? toCard(row) : null;
  }

  /**
   * Take `cents` off card `id`'s balance. Call inside the order's transaction.
   * @throws when the card is gone or its balance is now below `cents` (the transaction rolls back)
   */
  debit(id: number, cents: number): void {
    const changes = this.db
      .prepare('UPDATE gift_cards SET balance_cents = balance_cents - ? WHERE id = ? AND balance_cents >= ?')
      .run(cents, id, cents).changes;
    if (Number(changes) !== 1) throw new Error(`gift card ${id} no longer has ${cents} cents`);
  }
}
