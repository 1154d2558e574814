/**
 * Prices of cart lines and carts, in integer cents. A line bought with a selling plan costs the
 * plan's adjusted price (percentage off, fixed amount off, or fixed price, as Shopify's
 * SellingPlanPriceAdjustment values); its compare-at is then the one-time price, as Shopify shows.
 * No taxes, duties, shipping or discounts are computed, so subtotal = total.
 */
import type { PriceAdjustment, SellingPlanModel, VariantModel } from './catalog';
import { toCents } from './money';

/** The per-unit price of `variant` under `plan` (or its plain price). */
export function unitPriceCents(variant: VariantModel, plan: SellingPlanModel | null): number {
  const base = toCents(variant.price);
  return plan?.priceAdjustment ? adjustedCents(base, plan.priceAdjustment) : base;
}

/** Apply one selling-plan adjustment to a price in cents (never below 0). */
export function adjustedCents(base: number, adjustment: PriceAdjustment): number {
  if ('percentage' in adjustment) return Math.round(base * (1 - adjustment.percentage / 100));
  if ('amount' in adjustment) return Math.max(0, base - toCents(adjustment.amount));
  return toCents(adjustment.price);
}

/** The compare-at per unit: the variant's own compare-at, else the one-time price when a plan lowers it. */
export function compareAtCents(variant: VariantModel, plan: SellingPlanModel | null): number | null {
  if (variant.compareAtPrice) return toCents(variant.compareAtPrice);
  if (plan && unitPriceCents(variant, plan) !== toCents(variant.price)) return toCents(variant.price);
  return null;
}
