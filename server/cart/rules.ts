/**
 * The cart's rules, enforced on the server before any write (the browser only mirrors them for
 * speed). Each check is pure: it gets what it needs and throws a ShopperError (422, with a
 * refusal code from shared/cart-refusals.ts and the cart as it is) or returns nothing.
 *
 * - a line may be added or raised only for a variant for sale (spec §5), up to the variant's
 *   available quantity counting what the cart already holds (spec §9 "Quantity maximum");
 * - not while the product's content card says password protected (unless this shopper unlocked
 *   it, server/unlock), dropping later, sold out or not purchasable (spec §4 product
 *   availability; shared/product-availability.ts);
 * - shipping only over the threshold and without the excluded tag (spec §4; shared/fulfillment.ts);
 * - a delivery or pickup date only on a day the scheduler's calendar for this cart allows
 *   (spec §5 Calendar; shared/availability.ts).
 */
import { calendarAvailability, formatDateForDisplay, newYorkDateKey, type AvailabilityAnswer, type DateKey } from '../../shared/availability';
import { CART_REFUSALS, type CartRefusal } from '../../shared/cart-refusals';
import { isShippingEligible, SHIPPING_THRESHOLD } from '../../shared/fulfillment';
import { cardAvailability } from '../../shared/product-availability';
import type { Cart, ProductCard } from '../../shared/types';
import { ShopperError } from '../http/errors';
import { withoutPasswordGate } from '../unlock/card';

/** The sale state of one variant as the Storefront API reports it. */
export type VariantState = {
  id: string;
  availableForSale: boolean;
  /** Units left; null when the shop does not track this variant's stock (no limit). */
  quantityAvailable: number | null;
  product: { handle: string; title: string };
};

const refuse = (code: CartRefusal, message: string, cart: Cart | null): ShopperError =>
  new ShopperError(422, message, { code, cart: cart ?? undefined });

/**
 * Whether `variant` (null: no such variant) may be put in the cart, judged by the platform and
 * by the product's content card (null: the content lake has none, which restricts nothing).
 * @param now epoch ms, for the drop date
 * @param unlocked whether the shopper of this request holds a valid unlock for the product
 *   (server/unlock/token.ts): it lifts the password gate only; every other rule still applies
 * @throws ShopperError 422 unavailable | password-protected | not-released | not-purchasable
 */
export function assertPurchasable(
  variant: VariantState | null,
  card: ProductCard | null,
  now: number,
  cart: Cart | null,
  unlocked = false,
): asserts variant is VariantState {
  if (!variant || !variant.availableForSale) throw refuse('unavailable', CART_REFUSALS.unavailable, cart);
  const availability = cardAvailability(unlocked ? withoutPasswordGate(card) : card, now);
  switch (availability.kind) {
    case 'password':
      throw refuse('password-protected', CART_REFUSALS['password-protected'], cart);
    case 'drop':
      throw refuse(
        'not-released',
        `${variant.product.title} is available from ${formatDateForDisplay(newYorkDateKey(new Date(availability.dropDate)))}.`,
        cart,
      );
    case 'soldOut':
      throw refuse('unavailable', CART_REFUSALS.unavailable, cart);
    case 'available':
      if (card?.disableProductInteraction) throw refuse('not-purchasable', CART_REFUSALS['not-purchasable'], cart);
  }
}

/**
 * Whether the cart may hold `others + quantity` units of `variant`: `quantity` on the line being
 * added or changed, `others` on the cart's other lines of the same variant.
 * @throws ShopperError 422 not-enough-stock, saying how many there are
 */
export function assertInStock(variant: VariantState, others: number, quantity: number, cart: Cart | null): void {
  const left = variant.quantityAvailable;
  if (left === null || others + quantity <= left) return;
  const already = others > 0 ? ` Your cart already holds ${others}.` : '';
  throw refuse('not-enough-stock', `Only ${left} left in stock.${already}`, cart);
}

/**
 * Spec §4: shipping needs a total over SHIPPING_THRESHOLD and no line tagged `excludedTag`.
 * @throws ShopperError 422 naming the reason
 */
export function assertShippable(cart: Cart, excludedTag: string): void {
  if (isShippingEligible(cart, excludedTag)) return;
  const excluded = cart.lines.find((l) => l.merchandise.product.tags.some((t) => t.toLowerCase() === excludedTag.toLowerCase()));
  const message = excluded
    ? `${excluded.merchandise.product.title} cannot be shipped: choose delivery or pickup.`
    : `Shipping is available on orders over $${SHIPPING_THRESHOLD}: choose delivery or pickup.`;
  throw new ShopperError(422, message, { cart });
}

/**
 * Spec §5: the date must be selectable in the scheduler's calendar for this cart and type
 * (inside minDate..maxDate, not a closed weekday or date).
 * @throws ShopperError 422 naming the day
 */
export function assertSelectableDate(calendar: AvailabilityAnswer, date: DateKey, type: 'delivery' | 'pickup', cart: Cart): void {
  if (calendarAvailability(calendar).isDateSelectable(date)) return;
  throw new ShopperError(422, `${formatDateForDisplay(date)} is not available for ${type}. Please choose another date.`, { cart });
}
