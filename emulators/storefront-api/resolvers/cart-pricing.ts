/**
 * Resolvers for what a cart costs: CartCost / CartLineCost, discount codes and their allocations,
 * applied gift cards, and the mutations that change codes (`cartDiscountCodesUpdate`,
 * `cartGiftCardCodesUpdate` / `Add` / `Remove`). The arithmetic is cart-cost.ts's; this file
 * shapes it as the Storefront API 2026-04 schema does.
 *
 * - Discount codes: blank codes are ignored, codes differing only in case are folded into the
 *   first; every remaining code stays on the cart and each one that does not apply answers a
 *   CartWarning (discounts.ts) whose target is the cart's id, on the mutation that entered it
 *   (`cartCreate`, `cartDiscountCodesUpdate`).
 * - Gift cards: codes are case-insensitive; a code that names no card, or a card with nothing
 *   left, is not applied (no user error, as Shopify's checkout API answered); `balance` is the
 *   card's balance before this cart's order, `amountUsed` what it would pay of the cart's total.
 *   Removing an id that is not applied is the CartUserError INVALID on `appliedGiftCardIds.{i}`.
 * - More than 250 codes in one input (the schema's documented limit) is the CartUserError INVALID.
 */
import { cartGid, type CartResult, type StoredCart } from '../carts';
import type { CartCost, LineCost } from '../cart-cost';
import type { StorefrontContext } from '../context';
import { distinctCodes, MAX_CODES, type DiscountAllocation } from '../discounts';
import { appliedGiftCardGid, lastCharacters, type GiftCard } from '../gift-cards';
import { money } from '../money';
import type { LineView } from './cart';

type Ctx = StorefrontContext;

const moneyOrNull = (cents: number | null) => (cents == null ? null : money(cents));

/** CartCost's fields. The tax (and so the total) is an estimate whenever there is one. */
function cartCostFields(cost: CartCost) {
  const estimated = cost.taxCents != null;
  return {
    subtotalAmount: money(cost.subtotalCents),
    totalAmount: money(cost.totalCents),
    // No deferred payments: "equivalent to subtotalAmount" (CartCost.checkoutChargeAmount).
    checkoutChargeAmount: money(cost.subtotalCents),
    totalTaxAmount: moneyOrNull(cost.taxCents),
    totalDutyAmount: null,
    subtotalAmountEstimated: false,
    totalAmountEstimated: estimated,
    totalTaxAmountEstimated: estimated,
    totalDutyAmountEstimated: false,
  };
}

function lineCostFields(line: LineCost) {
  return {
    amountPerQuantity: money(line.unitCents),
    compareAtAmountPerQuantity: moneyOrNull(line.compareAtCents),
    subtotalAmount: money(line.subtotalCents),
    totalAmount: money(line.totalCents),
  };
}

function codeAllocation(a: DiscountAllocation) {
  const { value, ...method } = a.application;
  return {
    __typename: 'CartCodeDiscountAllocation',
    code: a.code,
    discountedAmount: money(a.amountCents),
    targetType: a.application.targetType,
    discountApplication: {
      ...method,
      value:
        'percentage' in value
          ? { __typename: 'PricingPercentageValue', percentage: value.percentage }
          : { __typename: 'MoneyV2', ...money(value.amountCents) },
    },
  };
}

function lineCostOf(v: LineView, ctx: Ctx): LineCost {
  const line = ctx.pricing.price(v.cart).lines.find((l) => l.line.id === v.line.id);
  if (!line) throw new Error(`cart line ${v.line.id} is not in its cart's cost`);
  return line;
}

/** Add a warning for each entered code that does not apply (after a mutation that kept the change). */
export function withDiscountWarnings(result: CartResult, ctx: Ctx): CartResult {
  if (!result.cart || result.userErrors.length) return result;
  const cart = result.cart;
  const warnings = ctx.pricing
    .price(cart)
    .discountCodes.flatMap((c) => (c.warning ? [{ code: c.warning.code, message: c.warning.message, target: cartGid(cart) }] : []));
  return { ...result, warnings: [...result.warnings, ...warnings] };
}

/** Entered discount codes as the cart keeps them: blanks dropped, case-insensitive duplicates folded. */
export const discountCodesToKeep = (codes: string[]) => distinctCodes(codes.filter((c) => c.trim() !== ''));

/** The codes of the cards `codes` name that have something left, once each, in the order given. */
export function giftCardCodesToKeep(codes: string[], ctx: Ctx): string[] {
  const cards = codes.flatMap((code) => ctx.giftCards.byCode(code) ?? []).filter((card) => card.balanceCents > 0);
  return [...new Map(cards.map((card) => [card.id, card.code])).values()];
}

const tooMany = (cart: StoredCart | null, field: string): CartResult => ({
  cart,
  userErrors: [{ code: 'INVALID', field: [field], message: `The input must not contain more than ${MAX_CODES} values.` }],
  warnings: [],
});

function appliedGiftCard(card: GiftCard, amountUsedCents: number) {
  const used = money(amountUsedCents);
  const balance = money(card.balanceCents);
  return {
    id: appliedGiftCardGid(card),
    lastCharacters: lastCharacters(card),
    amountUsed: used,
    amountUsedV2: used,
    presentmentAmountUsed: used,
    balance,
    balanceV2: balance,
  };
}

export const cartPricingResolvers = {
  Mutation: {
    cartDiscountCodesUpdate: (_: unknown, a: { cartId: string; discountCodes: string[] }, ctx: Ctx) => {
      if (a.discountCodes.length > MAX_CODES) return tooMany(ctx.carts.find(a.cartId), 'discountCodes');
      return withDiscountWarnings(ctx.carts.updateDiscountCodes(a.cartId, discountCodesToKeep(a.discountCodes)), ctx);
    },
    cartGiftCardCodesUpdate: (_: unknown, a: { cartId: string; giftCardCodes: string[] }, ctx: Ctx) => {
      if (a.giftCardCodes.length > MAX_CODES) return tooMany(ctx.carts.find(a.cartId), 'giftCardCodes');
      return ctx.carts.updateGiftCardCodes(a.cartId, giftCardCodesToKeep(a.giftCardCodes, ctx));
    },
    cartGiftCardCodesAdd: (_: unknown, a: { cartId: string; giftCardCodes: string[] }, ctx: Ctx) => {
      if (a.giftCardCodes.length > MAX_CODES) return tooMany(ctx.carts.find(a.cartId), 'giftCardCodes');
      const kept = ctx.carts.find(a.cartId)?.giftCardCodes ?? [];
      return ctx.carts.updateGiftCardCodes(a.cartId, giftCardCodesToKeep([...kept, ...a.giftCardCodes], ctx));
    },
    cartGiftCardCodesRemove: (_: unknown, a: { cartId: string; appliedGiftCardIds: string[] }, ctx: Ctx) => {
      const cart = ctx.carts.find(a.cartId);
      const applied = cart ? ctx.pricing.appliedGiftCards(cart) : [];
      const userErrors = a.appliedGiftCardIds.flatMap((id, i) =>
        applied.some((card) => appliedGiftCardGid(card) === id)
          ? []
          : [{ code: 'INVALID', field: ['appliedGiftCardIds', String(i)], message: `The gift card with id ${id} is not applied to the cart.` }],
      );
      if (cart && userErrors.length) return { cart, userErrors, warnings: [] };
      const removed = new Set(a.appliedGiftCardIds);
      const kept = applied.filter((card) => !removed.has(appliedGiftCardGid(card))).map((card) => card.code);
      return ctx.carts.updateGiftCardCodes(a.cartId, kept);
    },
  },

  Cart: {
    cost: (cart: StoredCart, _: unknown, ctx: Ctx) => cartCostFields(ctx.pricing.price(cart)),
    estimatedCost: (cart: StoredCart, _: unknown, ctx: Ctx) => cartCostFields(ctx.pricing.price(cart)),
    discountCodes: (cart: StoredCart, _: unknown, ctx: Ctx) =>
      ctx.pricing.price(cart).discountCodes.map(({ code, applicable }) => ({ code, applicable })),
    discountAllocations: (cart: StoredCart, _: unknown, ctx: Ctx) => ctx.pricing.price(cart).cartAllocations.map(codeAllocation),
    appliedGiftCards: (cart: StoredCart, _: unknown, ctx: Ctx) =>
      ctx.pricing.price(cart).giftCards.map(({ card, amountUsedCents }) => appliedGiftCard(card, amountUsedCents)),
  },

  CartLine: {
    cost: (v: LineView, _: unknown, ctx: Ctx) => lineCostFields(lineCostOf(v, ctx)),
    estimatedCost: (v: LineView, _: unknown, ctx: Ctx) => {
      const cost = lineCostFields(lineCostOf(v, ctx));
      return {
        amount: cost.amountPerQuantity,
        compareAtAmount: cost.compareAtAmountPerQuantity,
        subtotalAmount: cost.subtotalAmount,
        totalAmount: cost.totalAmount,
      };
    },
    discountAllocations: (v: LineView, _: unknown, ctx: Ctx) => lineCostOf(v, ctx).allocations.map(codeAllocation),
  },
};
