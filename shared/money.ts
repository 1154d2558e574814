/**
 * Money arithmetic in integer cents, never floating point: MoneyV2 amounts are decimal strings
 * ("67.5", "85.0", "14.28") and the Storefront API's Decimal may carry more places than cents.
 */
import type { Money } from './types';

/**
 * `money.amount` in integer cents: "67.5" → 6750, "85" → 8500, "-3.25" → -325; places past the
 * cent are rounded half away from zero ("1.005" → 101).
 * @throws TypeError when the amount is not a decimal number string
 */
export function amountCents(money: Money): number {
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(money.amount.trim());
  if (!match) throw new TypeError(`Not a money amount: ${JSON.stringify(money.amount)}`);
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0')) + (Number(fraction[2] ?? 0) >= 5 ? 1 : 0);
  return sign ? -cents : cents;
}

/** Cents as a two-place decimal string: 6750 → "67.50" (schema.org's and most feeds' form). */
export function centsAmount(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
