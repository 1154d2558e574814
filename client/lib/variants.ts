/**
 * Variant and purchase option selection helpers for the product page: `?variant=` holds the
 * variant's numeric id and `?selling_plan=` the chosen selling plan's, as on Shopify (no
 * `selling_plan` = one-time purchase).
 */
import type { ProductDetail, ProductDetailVariant, ProductVariant, SelectedOption, SellingPlanAllocation } from '../../shared/types';

import { SELLING_PLAN_PARAM, VARIANT_PARAM } from '../../shared/route-query';

/** The query parameters naming the chosen variant and selling plan (shared/route-query.ts: the page cache and the canonical URL keep them). */
export { SELLING_PLAN_PARAM, VARIANT_PARAM };

/** A GID's numeric id: "gid://shopify/ProductVariant/9001" → "9001". */
const numericId = (gid: string) => gid.slice(gid.lastIndexOf('/') + 1);

/** `?variant=` for a variant GID: "gid://shopify/ProductVariant/9001" → "9001". */
export const variantParam = numericId;

/** `?selling_plan=` for a selling plan GID: "gid://shopify/SellingPlan/7001" → "7001". */
export const sellingPlanParam = numericId;

/** The allocation of the plan `param` names (`?selling_plan=`), when `variant` can be bought with it; else one-time (undefined). */
export function selectedAllocation(variant: ProductDetailVariant, param: string | null): SellingPlanAllocation | undefined {
  return param ? variant.sellingPlanAllocations.find((a) => sellingPlanParam(a.sellingPlanId) === param) : undefined;
}

/** The variant named by `?variant=`, else the first available one, else the first. */
export function initialVariant(product: ProductDetail, param: string | null): ProductDetailVariant | undefined {
  return (
    product.variants.find((v) => param && variantParam(v.id) === param) ?? product.variants.find((v) => v.availableForSale) ?? product.variants[0]
  );
}

/** The variant whose options equal `current` with `name` set to `value` (if one exists). */
export function variantWith(product: ProductDetail, current: SelectedOption[], name: string, value: string): ProductVariant | undefined {
  const wanted = current.map((o) => (o.name === name ? { name, value } : o));
  return (
    product.variants.find((v) => wanted.every((w) => v.selectedOptions.some((o) => o.name === w.name && o.value === w.value))) ??
    product.variants.find((v) => v.selectedOptions.some((o) => o.name === name && o.value === value))
  );
}

/** Options worth a choice: Shopify's single "Title: Default Title" option is not one. */
export const choosableOptions = (product: ProductDetail) =>
  product.options.filter((o) => !(o.values.length === 1 && o.values[0] === 'Default Title'));
