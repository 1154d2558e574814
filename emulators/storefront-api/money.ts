/**
 * Money arithmetic in integer cents, so sums and percentage adjustments never drift.
 * Catalog and wire amounts are decimal strings ("85.00"); MoneyV2 objects carry such a string
 * and the Decimal scalar renders Shopify's encoding ("85.0").
 */
export const CURRENCY = 'USD';

export type MoneyV2 = { amount: string; currencyCode: string };

/** "85.00" → 8500. @throws on anything but a non-negative decimal with ≤ 2 places. */
export function toCents(amount: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) throw new TypeError(`Not a money amount: ${JSON.stringify(amount)}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 8500 → { amount: "85.00", currencyCode: "USD" }. */
export function money(cents: number): MoneyV2 {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return { amount: `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`, currencyCode: CURRENCY };
}
