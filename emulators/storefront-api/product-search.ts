/**
 * The subset of Shopify's product search syntax and sort keys the emulator understands.
 *
 * `query`: whitespace-separated terms, all of which must match (AND). `field:value` terms for
 * `title`, `handle`, `tag`, `product_type`, `vendor`, `available_for_sale` (true|false) and
 * `id`; a `-` prefix negates; quoted values keep spaces; `AND` is ignored; a `*` suffix is a
 * prefix match. Bare words match title, tags, product type, vendor or description
 * (case-insensitive). Unsupported: `OR`, parentheses, ranges.
 */
import type { ProductModel } from './catalog';
import { toCents } from './money';

/** One search term: `field:value`, a bare word (field null), `-` negated. */
export type Term = { field: string | null; value: string; negate: boolean };

/** Split a Shopify search query into terms (values lower-cased; `AND` dropped). */
export function tokenize(query: string): Term[] {
  const terms: Term[] = [];
  for (const match of query.matchAll(/(-?)(?:([a-z_]+):)?(?:"([^"]*)"|'([^']*)'|(\S+))/gi)) {
    const value = (match[3] ?? match[4] ?? match[5] ?? '').toLowerCase();
    if (!match[2] && value === 'and') continue;
    terms.push({ field: match[2]?.toLowerCase() ?? null, value, negate: match[1] === '-' });
  }
  return terms;
}

function like(text: string, value: string): boolean {
  const t = text.toLowerCase();
  return value.endsWith('*') ? t.startsWith(value.slice(0, -1)) : t === value;
}

function matches(product: ProductModel, term: Term, available: (p: ProductModel) => boolean): boolean {
  switch (term.field) {
    case 'title':
      return like(product.title, term.value) || product.title.toLowerCase().includes(term.value.replace(/\*$/, ''));
    case 'handle':
      return like(product.handle, term.value);
    case 'tag':
      return product.tags.some((tag) => like(tag, term.value));
    case 'product_type':
      return like(product.productType, term.value);
    case 'vendor':
      return like(product.vendor, term.value);
    case 'available_for_sale':
      return available(product) === (term.value === 'true');
    case 'id':
      return String(product.numericId) === term.value;
    default: {
      const word = term.value.replace(/\*$/, '');
      return [product.title, product.productType, product.vendor, product.descriptionHtml.replace(/<[^>]*>/g, ' '), ...product.tags].some((text) =>
        text.toLowerCase().includes(word),
      );
    }
  }
}

/** Products matching `query` (all when empty), in their given order. */
export function searchProducts(
  products: readonly ProductModel[],
  query: string | null | undefined,
  available: (p: ProductModel) => boolean,
): ProductModel[] {
  const terms = tokenize(query ?? '');
  return products.filter((p) => terms.every((term) => matches(p, term, available) !== term.negate));
}

const minPrice = (p: ProductModel) => Math.min(...p.variants.map((v) => toCents(v.price)));

const COMPARATORS: Record<string, (a: ProductModel, b: ProductModel) => number> = {
  ID: (a, b) => a.numericId - b.numericId,
  TITLE: (a, b) => a.title.localeCompare(b.title),
  PRICE: (a, b) => minPrice(a) - minPrice(b),
  CREATED_AT: (a, b) => a.createdAt.localeCompare(b.createdAt),
  CREATED: (a, b) => a.createdAt.localeCompare(b.createdAt),
  UPDATED_AT: (a, b) => a.updatedAt.localeCompare(b.updatedAt),
  PRODUCT_TYPE: (a, b) => a.productType.localeCompare(b.productType),
  VENDOR: (a, b) => a.vendor.localeCompare(b.vendor),
};

/**
 * Sort by a ProductSortKeys / ProductCollectionSortKeys value. Keys without data of their own
 * (BEST_SELLING, RELEVANCE, COLLECTION_DEFAULT, MANUAL) keep the given order (catalog or
 * collection order). Ties keep the given order (stable sort).
 */
export function sortProducts(products: readonly ProductModel[], sortKey: string | null | undefined): ProductModel[] {
  const compare = sortKey ? COMPARATORS[sortKey] : undefined;
  return compare ? [...products].sort(compare) : [...products];
}
