/**
 * Why the server refused a cart change, as a stable code. The JSON API answers a detailed
 * message (e.g. "Only 3 left in stock."); the no-JavaScript cart form redirects to
 * `/cart?error={code}`, and the cart page shows the code's fixed text below, so no text from a
 * URL is ever shown to a shopper.
 */
export const CART_REFUSALS = {
  // Spec §5 / §8 wording.
  unavailable: 'Line item unavailable or not provided.',
  // Not in the spec: our own wording.
  'not-enough-stock': 'There is not enough stock for that quantity.',
  'not-released': 'This product is not available yet.',
  'password-protected': 'This product is password protected.',
  'not-purchasable': 'This product cannot be added to the cart.',
} as const;

export type CartRefusal = keyof typeof CART_REFUSALS;

/** The fixed text for a `?error=` code, or null for anything else (unknown codes show nothing). */
export function cartRefusalText(code: string | null): string | null {
  return code !== null && Object.hasOwn(CART_REFUSALS, code) ? CART_REFUSALS[code as CartRefusal] : null;
}
