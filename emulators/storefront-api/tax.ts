/**
 * Sales-tax estimates from the seeded tax table (checkout-seed.ts `taxRates`), in integer cents.
 * US shops price without tax, so tax is added on top of the discounted merchandise, and of the
 * delivery charge where the rate says the place taxes shipping (`taxesShipping`: New York, New
 * Jersey and Connecticut all tax delivery of taxable goods), rounded half up to the cent on the
 * cart as a whole, as Shopify's checkout does for US orders.
 *
 * The rate for a destination is the seeded rate for its country and province (e.g. US/NY 8.875 %);
 * a country whose rates are seeded per province needs the province to be known (a US cart with
 * only `buyerIdentity.countryCode` gets no estimate: null); a place without a seeded rate pays
 * 0 % (the shop has no tax obligation there, e.g. outside its delivery states or the US).
 *
 * Duties: the shop sells in one market (United States) and ships domestically, so there are never
 * duties; CartCost.totalDutyAmount answers null, as Shopify does where duties do not apply.
 */
import type { TaxPlace, TaxRate } from './checkout-seed';
import { percentOf } from './discounts';

/**
 * The estimated tax, in cents, for a buyer at `place` on `goodsCents` (the merchandise after
 * discounts) and `deliveryCents` (the delivery charge, taxed only where the rate taxes shipping);
 * null when it cannot be estimated yet (no destination, or no province where rates depend on it).
 */
export function estimateTaxCents(
  { goodsCents, deliveryCents }: { goodsCents: number; deliveryCents: number },
  place: TaxPlace | null,
  rates: readonly TaxRate[],
): number | null {
  if (!place) return null;
  const inCountry = rates.filter((r) => r.countryCode === place.countryCode);
  if (place.provinceCode == null && inCountry.some((r) => r.provinceCode != null)) return null;
  const rate = inCountry.find((r) => r.provinceCode == null || r.provinceCode === place.provinceCode);
  if (!rate) return 0;
  return percentOf(Math.max(0, goodsCents) + (rate.taxesShipping ? deliveryCents : 0), rate.rate);
}
