/**
 * Cart attributes saved before checkout (spec §3 "Cart attributes", §4, §5 Cart, §9 limits).
 * The result is the `attributes` list of the Storefront API's `cartAttributesUpdate`, which
 * replaces the whole set, so keys that do not apply (the other date, gift fields when the
 * order is not a gift) are left out rather than sent empty.
 *
 * Values written:
 * - "Checkout-Method": "delivery" | "pickup" | "shipping" (Zapiet's lowercase values);
 * - "Delivery-Date" / "Pickup-Date": the New York day as 'YYYY-MM-DD', the format Zapiet's
 *   attribute guide requires (https://docs.zapiet.com/guides/note-attributes);
 * - "Order is a gift?": "Yes" | "No"; "Contains-Subscription": "true" | "false";
 * - "Order Message" (gift note, newlines turned into spaces) and "Receiver Email" (trimmed),
 *   only for gifts and only when not empty.
 */
import type { CartLine } from './types';
import type { DateKey } from './availability';
import type { CheckoutType } from './fulfillment';

/** Spec §9: the gift note's maximum length, in UTF-16 code units (what `<textarea maxLength>` counts). */
export const GIFT_NOTE_MAX = 500;
/** Spec §9: a line's "Purchased with" attribute is cut to this many characters. */
export const PURCHASED_WITH_MAX = 200;

export const ATTRIBUTE_KEYS = {
  checkoutMethod: 'Checkout-Method',
  deliveryDate: 'Delivery-Date',
  pickupDate: 'Pickup-Date',
  isGift: 'Order is a gift?',
  message: 'Order Message',
  receiverEmail: 'Receiver Email',
  containsSubscription: 'Contains-Subscription',
  purchasedWith: 'Purchased with',
} as const;

export type CartAttribute = { key: string; value: string };

export type CartAttributeInput = {
  checkoutType: CheckoutType;
  deliveryDate: DateKey | null;
  pickupDate: DateKey | null;
  isGift: boolean;
  giftNote: string;
  receiverEmail: string;
  /** The cart's lines; a line with a selling plan makes the order contain a subscription. */
  lines: Pick<CartLine, 'sellingPlanAllocation'>[];
};

/** Thrown for a gift note over GIFT_NOTE_MAX: the shopper's words are never cut silently. */
export class GiftNoteTooLongError extends RangeError {
  constructor(readonly length: number) {
    super(`Gift note is ${length} characters; the limit is ${GIFT_NOTE_MAX}.`);
    this.name = 'GiftNoteTooLongError';
  }
}

/** Whether a gift note fits the spec §9 limit (for the form, before any save). */
export function isGiftNoteWithinLimit(note: string): boolean {
  return note.length <= GIFT_NOTE_MAX;
}

/**
 * The attributes to save, or null when delivery has no delivery date or pickup no pickup date
 * (spec §5: the save silently stops). Throws GiftNoteTooLongError for a gift whose note is over
 * GIFT_NOTE_MAX.
 */
export function buildCartAttributes(input: CartAttributeInput): CartAttribute[] | null {
  const { checkoutType, deliveryDate, pickupDate, isGift, lines } = input;
  const attributes: CartAttribute[] = [{ key: ATTRIBUTE_KEYS.checkoutMethod, value: checkoutType }];
  if (checkoutType === 'delivery') {
    if (!deliveryDate) return null;
    attributes.push({ key: ATTRIBUTE_KEYS.deliveryDate, value: deliveryDate });
  } else if (checkoutType === 'pickup') {
    if (!pickupDate) return null;
    attributes.push({ key: ATTRIBUTE_KEYS.pickupDate, value: pickupDate });
  }
  attributes.push({ key: ATTRIBUTE_KEYS.isGift, value: isGift ? 'Yes' : 'No' });
  if (isGift) {
    if (!isGiftNoteWithinLimit(input.giftNote)) throw new GiftNoteTooLongError(input.giftNote.length);
    const message = input.giftNote.replace(/\r\n|\r|\n/g, ' ').trim();
    const receiverEmail = input.receiverEmail.trim();
    if (message) attributes.push({ key: ATTRIBUTE_KEYS.message, value: message });
    if (receiverEmail) attributes.push({ key: ATTRIBUTE_KEYS.receiverEmail, value: receiverEmail });
  }
  const containsSubscription = lines.some((line) => line.sellingPlanAllocation !== null);
  attributes.push({ key: ATTRIBUTE_KEYS.containsSubscription, value: String(containsSubscription) });
  return attributes;
}

/**
 * A line's "Purchased with" attribute (spec §3), its value cut to PURCHASED_WITH_MAX characters
 * (spec §5) without splitting an emoji or other surrogate pair.
 */
export function purchasedWithAttribute(value: string): CartAttribute {
  let cut = value.slice(0, PURCHASED_WITH_MAX);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return { key: ATTRIBUTE_KEYS.purchasedWith, value: cut };
}
