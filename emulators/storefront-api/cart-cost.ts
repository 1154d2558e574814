/**
 * A cart's cost, in integer cents, as the Storefront API's CartCost / CartLineCost describe it
 * (schema 2026-04 descriptions; changelog 2022-07 "change in CartLine.discountAllocations"):
 *
 * - line `subtotal` = unit price × quantity (before line-level discounts); line `total` = subtotal
 *   minus its line-level ("amount off products") allocations.
 * - cart `subtotal` = the sum of line totals: "before taxes and cart-level discounts".
 * - `checkoutCharge` = `subtotal`: the cart has no deferred payments.
 * - `total` = subtotal − cart-level ("amount off order") discounts + delivery + estimated tax.
 *   Gift cards do not lower it: they are a payment (gift-cards.ts); `due` is what is left to pay
 *   after them, shown by the emulated checkout.
 * - `tax`: the estimate on (subtotal − order discounts, plus delivery where the rate taxes
 *   shipping) for the cart's destination (tax.ts), null when unknown. Duties are never charged (a
 *   domestic US shop): null.
 *
 * Delivery comes from two hooks (index.ts wires them to cart-delivery.ts): `deliveryCents(cart)`,
 * the selected delivery options' cost (default 0), and `destination(cart)`, where the cart is
 * taxed (default: `buyerIdentity.countryCode` with no province). The emulated checkout overrides
 * both with what it charges: the shipping lines and its form's address (CheckoutCharge).
 */
import type { SellingPlanModel, VariantModel } from './catalog';
import type { CheckoutRules, TaxPlace } from './checkout-seed';
import type { CartStore, StoredCart, StoredLine } from './carts';
import { applyDiscountCodes, type DiscountAllocation, type DiscountApplication, type DiscountCodeState } from './discounts';
import { payWithGiftCards, type GiftCard, type GiftCardPayment, type GiftCardStore } from './gift-cards';
import { compareAtCents, unitPriceCents } from './pricing';
import { estimateTaxCents } from './tax';

export type LineCost = {
  line: StoredLine;
  variant: VariantModel;
  plan: SellingPlanModel | null;
  unitCents: number;
  compareAtCents: number | null;
  subtotalCents: number;
  allocations: DiscountAllocation[];
  totalCents: number;
  /** This line's share of the cart-level discounts (for order records). */
  orderShareCents: number;
};

export type CartCost = {
  lines: LineCost[];
  discountCodes: DiscountCodeState[];
  cartAllocations: DiscountAllocation[];
  subtotalCents: number;
  orderDiscountCents: number;
  deliveryCents: number;
  taxCents: number | null;
  totalCents: number;
  giftCards: GiftCardPayment[];
  /** What is left to pay after gift cards. */
  dueCents: number;
};

export type CartPricerOptions = {
  rules: CheckoutRules;
  giftCards: GiftCardStore;
  carts: CartStore;
  /** The clock discount codes' start and end are checked against. */
  now: () => Date;
  /** The selected delivery options' cost in cents; default 0 (no delivery priced yet). */
  deliveryCents?: (cart: StoredCart) => number;
  /** Where the cart is taxed; default its buyerIdentity country with no province. */
  destination?: (cart: StoredCart) => TaxPlace | null;
};

/** What the emulated checkout charges instead of the cart's own delivery and destination. */
export type CheckoutCharge = { destination: TaxPlace | null; deliveryCents: number };

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The default destination: the buyer's country only (tax.ts: no US estimate without a state). */
export const countryOnly = (cart: StoredCart): TaxPlace | null =>
  cart.buyerIdentity.countryCode ? { countryCode: cart.buyerIdentity.countryCode, provinceCode: null } : null;

export class CartPricer {
  // Resolvers ask for the cost of one cart many times per request (each line, each field).
  private readonly cache = new WeakMap<StoredCart, CartCost>();

  constructor(private readonly opts: CartPricerOptions) {}

  get rules(): CheckoutRules {
    return this.opts.rules;
  }

  /** The cards `cart` has applied that still exist, in the order entered. */
  appliedGiftCards(cart: StoredCart): GiftCard[] {
    return (cart.giftCardCodes ?? []).flatMap((code) => this.opts.giftCards.byCode(code) ?? []);
  }

  /**
   * The cost of `cart`; `override` replaces where it is taxed and what delivery costs (the
   * checkout's address and shipping lines). Reads gift card balances as they are now.
   */
  price(cart: StoredCart, override?: CheckoutCharge): CartCost {
    const cached = override ? undefined : this.cache.get(cart);
    if (cached) return cached;
    const base = cart.lines.map((line) => {
      const variant = this.opts.carts.variantOf(line);
      const plan = this.opts.carts.planOf(line);
      const unitCents = unitPriceCents(variant, plan);
      return { line, variant, plan, unitCents, compareAtCents: compareAtCents(variant, plan), subtotalCents: unitCents * line.quantity };
    });
    const discounts = applyDiscountCodes(
      cart.discountCodes ?? [],
      base.map((l) => ({ productHandle: l.variant.product.handle, subtotalCents: l.subtotalCents })),
      this.opts.rules,
      this.opts.now().getTime(),
    );
    const lines = base.map((l, i): LineCost => {
      const allocations = discounts.lineAllocations[i];
      return {
        ...l,
        allocations,
        totalCents: l.subtotalCents - sum(allocations.map((a) => a.amountCents)),
        orderShareCents: discounts.orderShareByLine[i],
      };
    });
    const subtotalCents = sum(lines.map((l) => l.totalCents));
    const orderDiscountCents = sum(discounts.cartAllocations.map((a) => a.amountCents));
    const deliveryCents = override ? override.deliveryCents : (this.opts.deliveryCents?.(cart) ?? 0);
    const destination = override ? override.destination : (this.opts.destination ?? countryOnly)(cart);
    const goodsCents = subtotalCents - orderDiscountCents;
    const taxCents = estimateTaxCents({ goodsCents, deliveryCents }, destination, this.opts.rules.taxRates);
    const totalCents = goodsCents + deliveryCents + (taxCents ?? 0);
    const giftCards = payWithGiftCards(this.appliedGiftCards(cart), totalCents);
    const cost: CartCost = {
      lines,
      discountCodes: discounts.codes,
      cartAllocations: discounts.cartAllocations,
      subtotalCents,
      orderDiscountCents,
      deliveryCents,
      taxCents,
      totalCents,
      giftCards,
      dueCents: totalCents - sum(giftCards.map((g) => g.amountUsedCents)),
    };
    if (!override) this.cache.set(cart, cost);
    return cost;
  }
}

/** Each applied code with everything it took off (line-level and cart-level), in cents, in the order codes apply. */
export function discountsByCode(cost: CartCost): { code: string; cents: number; application: DiscountApplication }[] {
  const byCode = new Map<string, { code: string; cents: number; application: DiscountApplication }>();
  for (const a of [...cost.lines.flatMap((l) => l.allocations), ...cost.cartAllocations]) {
    const entry = byCode.get(a.code) ?? { code: a.code, cents: 0, application: a.application };
    entry.cents += a.amountCents;
    byCode.set(a.code, entry);
  }
  return [...byCode.values()];
}
