/** Variant selection helpers for the product page (`?variant=` holds the numeric id, as on Shopify). */
import type { ProductDetail, ProductVariant, SelectedOption } from '../../shared/types';

/** "gid://shopify/ProductVariant/9001" → "9001". */
export const variantParam = (id: string) => id.slice(id.lastIndexOf('/') + 1);

/** The variant named by `?variant=`, else the first available one, else the first. */
export function initialVariant(product: ProductDetail, param: string | null): ProductVariant | undefined {
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
