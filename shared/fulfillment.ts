/**
 * Fulfillment choice and cart-drawer button rules (spec §4 checkout type and cart lifecycle,
 * §5 checkout button, §9 limits). Pure functions over the shared view-model types; used by the
 * cart store in the browser and by the server's cart routes.
 */
import type { Cart, CartLine } from './types';
import type { DateKey } from './availability';

export const CHECKOUT_TYPES = ['delivery', 'pickup', 'shipping'] as const;
export type CheckoutType = (typeof CHECKOUT_TYPES)[number];

/** Spec §9: the default checkout type. */
export const DEFAULT_CHECKOUT_TYPE: CheckoutType = 'delivery';

/** Spec §9: shipping needs a cart total strictly above this amount (in the cart's currency, USD). */
export const SHIPPING_THRESHOLD = 100;

export function isCheckoutType(value: unknown): value is CheckoutType {
  return CHECKOUT_TYPES.includes(value as CheckoutType);
}

/**
 * Spec §4: shipping is offered only when the cart total is over SHIPPING_THRESHOLD (100.00 is
 * not) and no line's product carries `excludedTag` (compared case-insensitively, as Shopify
 * treats tags). No cart → false.
 */
export function isShippingEligible(cart: Pick<Cart, 'cost' | 'lines'> | null, excludedTag: string): boolean {
  if (!cart) return false;
  const excluded = excludedTag.toLowerCase();
  return (
    Number(cart.cost.totalAmount.amount) > SHIPPING_THRESHOLD &&
    !cart.lines.some((line) => line.merchandise.product.tags.some((tag) => tag.toLowerCase() === excluded))
  );
}

/**
 * Spec §5: the checkout button is enabled unless the cart is loading, or delivery has no
 * delivery date, or pickup has no pickup date. Shipping never needs a date.
 */
export function canCheckout({
  loading,
  checkoutType,
  deliveryDate,
  pickupDate,
}: {
  loading: boolean;
  checkoutType: CheckoutType;
  deliveryDate: DateKey | null;
  pickupDate: DateKey | null;
}): boolean {
  if (loading) return false;
  if (checkoutType === 'delivery') return deliveryDate !== null;
  if (checkoutType === 'pickup') return pickupDate !== null;
  return true;
}

type QuantityLine = Pick<CartLine, 'quantity'> & { merchandise: Pick<CartLine['merchandise'], 'quantityAvailable'> };

/**
 * Spec §4/§9: the plus button stops at the variant's available quantity. A null
 * `quantityAvailable` (inventory not tracked by the shop) sets no limit.
 */
export function canIncrement(line: QuantityLine): boolean {
  const available = line.merchandise.quantityAvailable;
  return available === null || line.quantity < available;
}

/** Spec §4: what the minus button does: lower the quantity, or remove the line below 1. */
export function decrement(line: Pick<CartLine, 'quantity'>): { action: 'update'; quantity: number } | { action: 'remove' } {
  const quantity = line.quantity - 1;
  return quantity < 1 ? { action: 'remove' } : { action: 'update', quantity };
}
