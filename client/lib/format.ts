/** Display formatting shared by pages and components. */
import type { Money } from '../../shared/types';

/** Spec §9: the currency of the header's product cards (card prices come without one). */
export const CARD_CURRENCY = 'USD';

const formatters = new Map<string, Intl.NumberFormat>();

/** "$85.00" for `{ amount: "85.0", currencyCode: "USD" }`. */
export function formatMoney(money: Money): string {
  let formatter = formatters.get(money.currencyCode);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: money.currencyCode });
    formatters.set(money.currencyCode, formatter);
  }
  return formatter.format(Number(money.amount));
}

/**
 * Builds the card currency's formatter ahead of need. The first `Intl.NumberFormat` of a page
 * loads the locale's data (about 10 ms on a phone): the app's start does it in a task of its own
 * so hydrating, which prints prices, stays a shorter task (client/start.tsx).
 */
export function warmMoneyFormat(): void {
  formatMoney({ amount: '0', currencyCode: CARD_CURRENCY });
}

/** Spec §5: a price is shown only when its amount is greater than 0. */
export const isPositive = (money: Money | null | undefined): money is Money => !!money && Number(money.amount) > 0;

/**
 * Spec §5 leaves the compare-at condition unclear; we strike through the compare-at price only
 * when it is positive AND higher than the current price (a real markdown), never otherwise.
 */
export const showCompareAt = (price: Money, compareAt: Money | null | undefined): compareAt is Money =>
  isPositive(compareAt) && Number(compareAt.amount) > Number(price.amount);

/** "December 12, 2026" in New York time, where the shop is. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { timeZone: 'America/New_York', year: 'numeric', month: 'long', day: 'numeric' });
}
