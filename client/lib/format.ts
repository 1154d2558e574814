/** Display formatting shared by pages and components. */
import { newYorkDateKey } from '../../shared/availability';
import type { Money } from '../../shared/types';

/** Spec §9: the currency of the header's product cards (card prices come without one). */
export const CARD_CURRENCY = 'USD';

const formatters = new Map<string, Intl.NumberFormat>();

/** A US dollar amount the fast path writes exactly: digits with at most two decimals. */
const PLAIN_USD_AMOUNT = /^(-?)(\d{1,15})(?:\.(\d{1,2}))?$/;

/**
 * "$85.00" for `{ amount: "85.0", currencyCode: "USD" }`, as `Intl.NumberFormat('en-US',
 * { style: 'currency' })` writes it.
 *
 * US dollars with at most two decimals (every price the shop shows) are written without Intl: the
 * first `Intl` object of a page loads the browser's locale data, one task of 30–80 ms on this
 * machine's Chromium, 4 times that on Lighthouse's phone, which would land in the app's start
 * (ADR-0029). The output is Intl's to the character (tests/unit/format.test.ts compares them);
 * other currencies and amounts go through Intl.
 */
export function formatMoney(money: Money): string {
  const plain = money.currencyCode === 'USD' ? PLAIN_USD_AMOUNT.exec(money.amount) : null;
  if (plain) {
    const [, sign, whole, cents = ''] = plain;
    // Intl writes the sign of every negative amount, -0 included.
    const dollars = String(Number(whole)).replace(/\B(?=(\d{3})+$)/g, ',');
    return `${sign}$${dollars}.${cents.padEnd(2, '0')}`;
  }
  let formatter = formatters.get(money.currencyCode);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: money.currencyCode });
    formatters.set(money.currencyCode, formatter);
  }
  return formatter.format(Number(money.amount));
}

/** Spec §5: a price is shown only when its amount is greater than 0. */
export const isPositive = (money: Money | null | undefined): money is Money => !!money && Number(money.amount) > 0;

/**
 * Spec §5 leaves the compare-at condition unclear; we strike through the compare-at price only
 * when it is positive AND higher than the current price (a real markdown), never otherwise.
 */
export const showCompareAt = (price: Money, compareAt: Money | null | undefined): compareAt is Money =>
  isPositive(compareAt) && Number(compareAt.amount) > Number(price.amount);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * A calendar day as en-US writes it in full, "December 12, 2026", from a 'YYYY-MM-DD' key
 * (month 1–12), without Intl (see formatMoney); null for anything else.
 */
function longDate(key: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

/** "December 12, 2026": the New York calendar day of an ISO instant, where the shop is. */
export function formatDate(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return longDate(newYorkDateKey(instant)) ?? iso;
}

/**
 * "May 6, 2026" for a calendar date from the content lake. A date-only value names a day, not an
 * instant, so it is printed as it is: reading it in New York time would show the day before. A
 * full timestamp is read in UTC, as the content lake writes it.
 */
export function formatCalendarDate(iso: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return longDate(iso) ?? iso;
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return longDate(instant.toISOString().slice(0, 10)) ?? iso;
}
