/**
 * cartCreate's `input.delivery.addresses` and `input.metafields`, applied to the new cart in the
 * same transaction as its lines (CartStore.create's `extend`). Address errors are the
 * cartDeliveryAddressesAdd ones under ["input", "delivery", "addresses", …]; a refused metafield
 * is the CartUserError INVALID_METAFIELDS on ["input", "metafields", i, "key" | "type" | "value"]
 * with cartMetafieldsSet's message.
 */
import { addDeliveryAddresses, type DeliveryDeps, type SelectableAddressInput } from '../cart-delivery';
import { metafieldProblem, setMetafields, type MetafieldInput } from '../cart-metafields';
import type { CartResult, CartUserError, StoredCart } from '../carts';

export type CartCreateExtras = { delivery?: { addresses?: SelectableAddressInput[] | null } | null; metafields?: MetafieldInput[] | null };

/** The `extend` step for a cart created from `input`. */
export function newCartExtras(input: CartCreateExtras, deps: DeliveryDeps): (cart: StoredCart) => CartResult {
  return (cart) => {
    const delivered = addDeliveryAddresses(cart, deps, input.delivery?.addresses ?? [], ['input', 'delivery', 'addresses']);
    const userErrors: CartUserError[] = [...delivered.userErrors];
    (input.metafields ?? []).forEach((metafield, i) => {
      const problem = metafieldProblem(metafield);
      if (problem)
        userErrors.push({ code: 'INVALID_METAFIELDS', field: ['input', 'metafields', String(i), problem.field], message: problem.message });
    });
    if (userErrors.length) return { cart: null, userErrors, warnings: delivered.warnings };
    const { metafields } = setMetafields([], input.metafields ?? [], cart.createdAt);
    return { cart: { ...delivered.cart!, metafields }, userErrors: [], warnings: delivered.warnings };
  };
}
