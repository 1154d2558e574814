/**
 * Resolvers for Order and OrderLineItem, reached through `Customer.orders`. Orders come from the
 * checkout stand-in (orders.ts): discount codes (DiscountCodeApplication, with each line's
 * DiscountAllocations), shipping (the cart's selected delivery options; 0.0 without) and the
 * estimated tax are the order's; no duties, refunds or fulfillments, so those amounts are 0.0 and
 * those lists empty. The billing address is the shipping address
 * (the stand-in takes no payment details), or null for pickup.
 */
import { US, usState, type MailingAddressModel } from '../addresses';
import { paginate, type PageArgs } from '../connections';
import type { StorefrontContext } from '../context';
import { gid, numericIdOf } from '../ids';
import { money, toCents } from '../money';
import type { OrderDiscount, OrderLine, StoredOrder } from '../orders';

type Ctx = StorefrontContext;
/** An order line with its position, which keys its cursor (lines have no id of their own). */
type LineView = OrderLine & { position: number; order: StoredOrder };

/** A DiscountCodeApplication as the order's discount applications and line allocations show it. */
function codeApplication(d: OrderDiscount) {
  const { value, ...method } = d.application;
  return {
    __typename: 'DiscountCodeApplication',
    code: d.code,
    applicable: true,
    ...method,
    value:
      'percentage' in value
        ? { __typename: 'PricingPercentageValue', percentage: value.percentage }
        : { __typename: 'MoneyV2', ...money(value.amountCents) },
  };
}

const taxOf = (o: StoredOrder) => o.totalTax ?? money(0);

const zero = () => money(0);
/** The order's status page (the checkout's confirmation page), on the emulator's public URL. */
const orderStatusUrl = (o: StoredOrder, ctx: Ctx) => `${ctx.origin}/checkout/orders/${o.token}`;
const nothing = () => null;

/** The order's ship-to as a MailingAddress (the checkout form's single name is split at its first space). */
function orderAddress(order: StoredOrder): MailingAddressModel | null {
  const a = order.shippingAddress;
  if (!a) return null;
  const [firstName, ...rest] = a.name.trim().split(/\s+/);
  const state = usState(a.province);
  return {
    id: gid('MailingAddress', order.orderNumber, { model_name: 'Address' }),
    firstName: firstName || null,
    lastName: rest.join(' ') || null,
    company: null,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    province: state?.province ?? a.province,
    provinceCode: state?.provinceCode ?? null,
    ...US,
    zip: a.zip,
    phone: null,
  };
}

/** What the order's shipping lines cost (0.0 without any). */
const shippingPrice = (o: StoredOrder) => money((o.shippingLines ?? []).reduce((sum, l) => sum + toCents(l.price.amount), 0));

export const orderResolvers = {
  Order: {
    phone: nothing,
    customerLocale: nothing,
    canceledAt: nothing,
    cancelReason: nothing,
    edited: () => false,
    currentTotalPrice: (o: StoredOrder) => o.total,
    totalPrice: (o: StoredOrder) => o.total,
    totalPriceV2: (o: StoredOrder) => o.total,
    // "Before any applied edits": orders are never edited here.
    originalTotalPrice: (o: StoredOrder) => o.total,
    subtotalPrice: (o: StoredOrder) => o.subtotal,
    subtotalPriceV2: (o: StoredOrder) => o.subtotal,
    // Line items with their own discounts, without order-level ones (the schema's description).
    currentSubtotalPrice: (o: StoredOrder) => o.lineItemsSubtotal ?? o.subtotal,
    totalShippingPrice: shippingPrice,
    totalShippingPriceV2: shippingPrice,
    currentTotalShippingPrice: shippingPrice,
    totalTax: taxOf,
    totalTaxV2: taxOf,
    currentTotalTax: taxOf,
    totalRefunded: zero,
    totalRefundedV2: zero,
    currentTotalDuties: nothing,
    originalTotalDuties: nothing,
    shippingAddress: (o: StoredOrder) => orderAddress(o),
    billingAddress: (o: StoredOrder) => orderAddress(o),
    customAttributes: (o: StoredOrder) => o.attributes,
    lineItems: (o: StoredOrder, args: PageArgs) =>
      paginate(
        o.lines.map((line, position): LineView => ({ ...line, position, order: o })),
        args,
        (l) => l.position,
      ),
    // Where Shopify sends the customer to see the order on the platform: here its status page
    // (the storefront's own /accounts/orders/{number} links to it, so it must be somewhere else).
    customerUrl: (o: StoredOrder, _: unknown, ctx: Ctx) => orderStatusUrl(o, ctx),
    statusUrl: (o: StoredOrder, _: unknown, ctx: Ctx) => orderStatusUrl(o, ctx),
    discountApplications: (o: StoredOrder, args: PageArgs) => paginate((o.discounts ?? []).map(codeApplication), args, (d) => d.code),
    shippingDiscountAllocations: () => [],
    successfulFulfillments: () => [],
    metafield: nothing,
    metafields: (_: unknown, { identifiers }: { identifiers: unknown[] }) => identifiers.map(() => null),
  },

  OrderLineItem: {
    currentQuantity: (l: LineView) => l.quantity,
    // The catalog's variant, as cart merchandise resolves; null once the catalog no longer has it.
    variant: (l: LineView, _: unknown, ctx: Ctx) => ctx.catalog.variantById.get(numericIdOf(l.variant.id, 'ProductVariant') ?? -1) ?? null,
    originalTotalPrice: (l: LineView) => l.total,
    discountedTotalPrice: (l: LineView) => l.discountedTotal ?? l.total,
    customAttributes: (l: LineView) => l.attributes,
    discountAllocations: (l: LineView) =>
      (l.discountAllocations ?? []).flatMap((a) => {
        const discount = l.order.discounts?.find((d) => d.code === a.code);
        return discount ? [{ allocatedAmount: a.amount, discountApplication: codeApplication(discount) }] : [];
      }),
  },
};
