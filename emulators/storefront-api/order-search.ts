/**
 * `Customer.orders(query:, sortKey:)`: the subset of Shopify's order search syntax the emulator
 * understands, and the OrderSortKeys.
 *
 * Terms are separated by spaces and must all match (AND):
 * - `name:#1001`, `name:1001`, `order_number:1001`, or a bare `#1001`: that order;
 * - `financial_status:paid`, `fulfillment_status:unfulfilled` (any case);
 * - `processed_at:>2026-06-01` (also `>=`, `<`, `<=`, or a date/time alone for "that day");
 * - any other bare word: contained in the order name, email or a line title (any case).
 * A term with an unknown `field:` matches nothing. `OR`, parentheses and negation are not supported.
 */
import { toCents } from './money';
import type { StoredOrder } from './orders';

type Predicate = (order: StoredOrder) => boolean;

const numberOf = (value: string) => Number(value.replace(/^#/, ''));

function compareDate(value: string): Predicate {
  const match = /^(>=|<=|>|<|=)?(.+)$/.exec(value)!;
  const op = match[1] ?? '=';
  const bound = Date.parse(match[2]);
  if (Number.isNaN(bound)) return () => false;
  const day = match[2].length <= 10; // a date alone: "=" means that whole (UTC) day
  return (order) => {
    const at = Date.parse(order.processedAt);
    switch (op) {
      case '>':
        return at > (day ? bound + 86_400_000 - 1 : bound);
      case '>=':
        return at >= bound;
      case '<':
        return at < bound;
      case '<=':
        return at <= (day ? bound + 86_400_000 - 1 : bound);
      default:
        return day ? at >= bound && at < bound + 86_400_000 : at === bound;
    }
  };
}

function term(text: string): Predicate {
  const colon = text.indexOf(':');
  if (colon < 0) {
    if (/^#\d+$/.test(text)) return (o) => o.orderNumber === numberOf(text);
    const word = text.toLowerCase();
    return (o) => [o.name, o.email, ...o.lines.map((l) => l.title)].some((s) => s.toLowerCase().includes(word));
  }
  const field = text.slice(0, colon).toLowerCase();
  const value = text.slice(colon + 1).replace(/^["']|["']$/g, '');
  switch (field) {
    case 'name':
    case 'order_number':
      return (o) => o.orderNumber === numberOf(value);
    case 'financial_status':
      return (o) => o.financialStatus.toLowerCase() === value.toLowerCase();
    case 'fulfillment_status':
      return (o) => o.fulfillmentStatus.toLowerCase() === value.toLowerCase();
    case 'processed_at':
      return compareDate(value);
    default:
      return () => false;
  }
}

/** The orders matching `query` (all of them when it is empty), in their given order. */
export function searchOrders(orders: readonly StoredOrder[], query: string | null | undefined): StoredOrder[] {
  const predicates = (query ?? '').trim().split(/\s+/).filter(Boolean).map(term);
  return orders.filter((o) => predicates.every((p) => p(o)));
}

/** Orders in OrderSortKeys order, ascending (`reverse` is applied by the connection). RELEVANCE and ID sort by number. */
export function sortOrders(orders: readonly StoredOrder[], sortKey: string | null | undefined): StoredOrder[] {
  const byNumber = (a: StoredOrder, b: StoredOrder) => a.orderNumber - b.orderNumber;
  switch (sortKey) {
    case 'PROCESSED_AT':
      return [...orders].sort((a, b) => Date.parse(a.processedAt) - Date.parse(b.processedAt) || byNumber(a, b));
    case 'TOTAL_PRICE':
      return [...orders].sort((a, b) => toCents(a.total.amount) - toCents(b.total.amount) || byNumber(a, b));
    default:
      return [...orders].sort(byNumber);
  }
}
