/**
 * Resolvers for a cart's delivery: `cart.delivery.addresses`, `cart.deliveryGroups`, their
 * CartSelectableAddress / CartDeliveryAddress / CartDeliveryGroup / CartDeliveryOption fields, and
 * the mutations cartDeliveryAddressesAdd / Update / Remove / Replace and
 * cartSelectedDeliveryOptionsUpdate. Semantics (limits, validation, grouping, default selection)
 * live in cart-delivery.ts; each mutation is one transaction (CartStore.mutate).
 */
import {
  addDeliveryAddresses,
  deliveryGroups,
  removeDeliveryAddresses,
  replaceDeliveryAddresses,
  selectableAddressGid,
  selectDeliveryOptions,
  updateDeliveryAddresses,
  type DeliveryGroupView,
  type DeliveryOptionView,
  type SelectableAddressInput,
  type SelectableAddressUpdateInput,
  type SelectedDeliveryOptionInput,
  type StoredDeliveryAddress,
} from '../cart-delivery';
import type { StoredCart } from '../carts';
import { paginate, type PageArgs } from '../connections';
import type { StorefrontContext } from '../context';
import { money } from '../money';
import { lineViews } from './cart';
import { customerResolvers } from './customer';

type Ctx = StorefrontContext;
type SelectableAddressView = { cart: StoredCart; stored: StoredDeliveryAddress };

// A CartDeliveryAddress has MailingAddress's computed fields except countryCodeV2 (it has countryCode).
const { countryCodeV2: _countryCodeV2, ...deliveryAddressFields } = customerResolvers.MailingAddress;

export const cartDeliveryResolvers = {
  Mutation: {
    cartDeliveryAddressesAdd: (_: unknown, a: { cartId: string; addresses: SelectableAddressInput[] }, ctx: Ctx) =>
      ctx.carts.mutate(a.cartId, (cart) => addDeliveryAddresses(cart, ctx, a.addresses)),
    cartDeliveryAddressesUpdate: (_: unknown, a: { cartId: string; addresses: SelectableAddressUpdateInput[] }, ctx: Ctx) =>
      ctx.carts.mutate(a.cartId, (cart) => updateDeliveryAddresses(cart, ctx, a.addresses)),
    cartDeliveryAddressesRemove: (_: unknown, a: { cartId: string; addressIds: string[] }, ctx: Ctx) =>
      ctx.carts.mutate(a.cartId, (cart) => removeDeliveryAddresses(cart, a.addressIds)),
    cartDeliveryAddressesReplace: (_: unknown, a: { cartId: string; addresses: SelectableAddressInput[] }, ctx: Ctx) =>
      ctx.carts.mutate(a.cartId, (cart) => replaceDeliveryAddresses(cart, ctx, a.addresses)),
    cartSelectedDeliveryOptionsUpdate: (_: unknown, a: { cartId: string; selectedDeliveryOptions: SelectedDeliveryOptionInput[] }, ctx: Ctx) =>
      ctx.carts.mutate(a.cartId, (cart) => selectDeliveryOptions(cart, ctx, a.selectedDeliveryOptions)),
  },

  Cart: {
    delivery: (cart: StoredCart) => ({ cart }),
    deliveryGroups: (cart: StoredCart, args: PageArgs, ctx: Ctx) => paginate(deliveryGroups(cart, ctx), args, (g) => g.id),
  },

  CartDelivery: {
    /**
     * `selected: true` only the selected address; `false` (the schema's default) every address: a
     * filter that is off, not "the unselected ones", or a plain `addresses` would hide the selected one.
     */
    addresses: ({ cart }: { cart: StoredCart }, { selected }: { selected?: boolean | null }): SelectableAddressView[] =>
      (cart.deliveryAddresses ?? []).filter((a) => !selected || a.selected).map((stored) => ({ cart, stored })),
  },

  CartSelectableAddress: {
    id: (v: SelectableAddressView) => selectableAddressGid(v.cart, v.stored),
    address: (v: SelectableAddressView) => ({ __typename: 'CartDeliveryAddress', ...v.stored.address }),
    selected: (v: SelectableAddressView) => v.stored.selected,
    oneTimeUse: (v: SelectableAddressView) => v.stored.oneTimeUse,
  },

  CartDeliveryAddress: deliveryAddressFields,

  CartDeliveryGroup: {
    deliveryAddress: (g: DeliveryGroupView) => g.address,
    deliveryOptions: (g: DeliveryGroupView) => g.options,
    selectedDeliveryOption: (g: DeliveryGroupView) => g.selected,
    cartLines: (g: DeliveryGroupView, args: PageArgs, ctx: Ctx) => {
      const ids = new Set(g.lines.map((l) => l.id));
      return paginate(
        lineViews(g.cart, ctx).filter((v) => ids.has(v.line.id)),
        args,
        (v) => v.line.id,
      );
    },
  },

  CartDeliveryOption: {
    estimatedCost: (o: DeliveryOptionView) => money(o.priceCents),
  },
};
