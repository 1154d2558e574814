/**
 * Resolvers for carts: the `cart` query, the cart mutations the storefront sends, and the Cart /
 * CartLine fields. Semantics (merging, stock, user errors) live in carts.ts; cost, discount codes
 * and gift cards in cart-pricing.ts. `@inContext(country:)` becomes a new cart's buyerIdentity.countryCode.
 *
 * A buyerIdentity `customerAccessToken` links the cart to that customer: it must be live (else
 * the CartUserError INVALID "Customer is invalid" on the token's field, and nothing changes), and
 * the cart's email becomes the customer's unless the input gives one. `buyerIdentity.customer` answers the customer while
 * the token stays live.
 */
import type { SellingPlanModel, VariantModel } from '../catalog';
import {
  cartGid,
  lineGid,
  type Attribute,
  type BuyerIdentity,
  type CartInput,
  type LineInput,
  type LineUpdateInput,
  type CartResult,
  type StoredCart,
  type StoredLine,
} from '../carts';
import { paginate, type PageArgs } from '../connections';
import type { StorefrontContext } from '../context';
import type { CustomerStore } from '../customers';
import { newCartExtras, type CartCreateExtras } from './cart-create-input';
import { sellingPlanAllocation } from './catalog';
import { discountCodesToKeep, giftCardCodesToKeep, withDiscountWarnings } from './cart-pricing';

/** A line as the resolvers see it: the stored line with its cart and catalog objects. */
export type LineView = { __typename: 'CartLine'; cart: StoredCart; line: StoredLine; variant: VariantModel; plan: SellingPlanModel | null };

/** The cart's lines with their catalog objects, in cart order (also a delivery group's `cartLines`). */
export function lineViews(cart: StoredCart, ctx: StorefrontContext): LineView[] {
  return cart.lines.map((line) => ({
    __typename: 'CartLine',
    cart,
    line,
    variant: ctx.carts.variantOf(line),
    plan: ctx.carts.planOf(line),
  }));
}

const attributeOf = (attributes: Attribute[], key: string) => attributes.find((a) => a.key === key) ?? null;

/**
 * The identity to store when it names a customer: without an email in the input, the customer's
 * (signing in replaces a guest email). Null when the token is given but not live.
 */
function linkedIdentity(customers: CustomerStore, identity: Partial<BuyerIdentity>): Partial<BuyerIdentity> | null {
  if (identity.customerAccessToken == null) return identity;
  const customer = customers.byAccessToken(identity.customerAccessToken);
  if (!customer) return null;
  return { ...identity, email: identity.email ?? customer.email };
}

const invalidCustomer = (cart: StoredCart | null, field: string[]): CartResult => ({
  cart,
  userErrors: [{ code: 'INVALID', field, message: 'Customer is invalid' }],
  warnings: [],
});

/** The checkout page for a cart, on the emulator (Shopify's is on the shop's checkout domain). */
export const checkoutUrl = (origin: string, cart: StoredCart) =>
  `${origin}/cart/c/${encodeURIComponent(cart.token)}?key=${encodeURIComponent(cart.key)}`;

export const cartResolvers = {
  QueryRoot: {
    cart: (_: unknown, { id }: { id: string }, ctx: StorefrontContext) => ctx.carts.find(id),
  },

  Mutation: {
    cartCreate: (_: unknown, { input }: { input?: (CartInput & CartCreateExtras) | null }, ctx: StorefrontContext) => {
      const identity = input?.buyerIdentity ? linkedIdentity(ctx.customers, input.buyerIdentity) : undefined;
      if (identity === null) return invalidCustomer(null, ['input', 'buyerIdentity', 'customerAccessToken']);
      const codes = {
        discountCodes: discountCodesToKeep(input?.discountCodes ?? []),
        giftCardCodes: giftCardCodesToKeep(input?.giftCardCodes ?? [], ctx),
      };
      const created = ctx.carts.create({ ...input, buyerIdentity: identity, ...codes }, ctx.country, newCartExtras(input ?? {}, ctx));
      return withDiscountWarnings(created, ctx);
    },
    cartLinesAdd: (_: unknown, a: { cartId: string; lines: LineInput[] }, ctx: StorefrontContext) => ctx.carts.addLines(a.cartId, a.lines),
    cartLinesUpdate: (_: unknown, a: { cartId: string; lines: LineUpdateInput[] }, ctx: StorefrontContext) =>
      ctx.carts.updateLines(a.cartId, a.lines),
    cartLinesRemove: (_: unknown, a: { cartId: string; lineIds: string[] }, ctx: StorefrontContext) => ctx.carts.removeLines(a.cartId, a.lineIds),
    cartAttributesUpdate: (_: unknown, a: { cartId: string; attributes: Attribute[] }, ctx: StorefrontContext) =>
      ctx.carts.updateAttributes(a.cartId, a.attributes),
    cartNoteUpdate: (_: unknown, a: { cartId: string; note: string }, ctx: StorefrontContext) => ctx.carts.updateNote(a.cartId, a.note),
    cartBuyerIdentityUpdate: (_: unknown, a: { cartId: string; buyerIdentity: Partial<BuyerIdentity> }, ctx: StorefrontContext) => {
      const cart = ctx.carts.find(a.cartId);
      const identity = linkedIdentity(ctx.customers, a.buyerIdentity);
      if (cart && !identity) return invalidCustomer(cart, ['buyerIdentity', 'customerAccessToken']);
      return ctx.carts.updateBuyerIdentity(a.cartId, identity ?? a.buyerIdentity);
    },
  },

  Cart: {
    id: (cart: StoredCart) => cartGid(cart),
    checkoutUrl: (cart: StoredCart, _: unknown, ctx: StorefrontContext) => checkoutUrl(ctx.origin, cart),
    attribute: (cart: StoredCart, { key }: { key: string }) => attributeOf(cart.attributes, key),
    buyerIdentity: (cart: StoredCart, _: unknown, ctx: StorefrontContext) => ({
      countryCode: cart.buyerIdentity.countryCode,
      email: cart.buyerIdentity.email,
      phone: cart.buyerIdentity.phone,
      customer: ctx.customers.byAccessToken(cart.buyerIdentity.customerAccessToken),
      deliveryAddressPreferences: [],
      preferences: null,
      purchasingCompany: null,
    }),
    lines: (cart: StoredCart, args: PageArgs, ctx: StorefrontContext) => paginate(lineViews(cart, ctx), args, (v) => v.line.id),
    totalQuantity: (cart: StoredCart) => cart.lines.reduce((n, l) => n + l.quantity, 0),
  },

  CartLine: {
    id: (v: LineView) => lineGid(v.cart, v.line),
    quantity: (v: LineView) => v.line.quantity,
    merchandise: (v: LineView) => v.variant,
    attributes: (v: LineView) => v.line.attributes,
    attribute: (v: LineView, { key }: { key: string }) => attributeOf(v.line.attributes, key),
    sellingPlanAllocation: (v: LineView) => (v.plan ? sellingPlanAllocation(v.variant, v.plan) : null),
    instructions: () => ({ canRemove: true, canUpdateQuantity: true }),
    parentRelationship: () => null,
  },
};
