/**
 * Storefront search (`search`) and predictive search (`predictiveSearch`) over the catalog and
 * the online-store seed, following the Storefront API 2026-04 field descriptions:
 *
 * - `search`: products, pages and articles matching every term of `query` (product terms use
 *   product-search.ts, so `tag:` / `vendor:` etc. work); RELEVANCE orders by a score (a term in
 *   the title 3, in product type / vendor / tags 2, in the body 1; ties in catalog order),
 *   PRICE by lowest variant price (pages and articles after products); `reverse` flips that;
 *   `unavailableProducts` LAST (default) moves sold-out products after all other results, HIDE
 *   drops them, SHOW keeps them in place; `productFilters` narrow products only (values of one
 *   filter are OR-ed, different filters AND-ed); `totalCount` counts every result; the
 *   connection's `productFilters` describe the matched products before `productFilters` apply.
 * - `predictiveSearch`: every query word must start a word of the searched fields (default
 *   TITLE, PRODUCT_TYPE, VARIANTS_TITLE, VENDOR); `limit` 1–10 (default 10) per type (EACH) or in
 *   total (ALL, the default), filled type by type in turn; query suggestions are product titles
 *   and types containing a word that starts with the last query word.
 */
import { GraphQLError } from 'graphql';
import type { ProductModel } from './catalog';
import type { StorefrontContext } from './context';
import { htmlToText } from './html-text';
import { toCents } from './money';
import type { ArticleModel, PageModel } from './online-store';
import { searchProducts, tokenize } from './product-search';

export type UnavailableProducts = 'SHOW' | 'HIDE' | 'LAST';
export type ProductFilterInput = {
  available?: boolean | null;
  price?: { min?: number | null; max?: number | null } | null;
  productType?: string | null;
  productVendor?: string | null;
  tag?: string | null;
  variantOption?: { name: string; value: string } | null;
  [other: string]: unknown;
};
export type SearchArgs = {
  query: string;
  sortKey?: 'RELEVANCE' | 'PRICE' | null;
  reverse?: boolean | null;
  types?: ('ARTICLE' | 'PAGE' | 'PRODUCT')[] | null;
  unavailableProducts?: UnavailableProducts | null;
  productFilters?: ProductFilterInput[] | null;
  prefix?: 'LAST' | 'NONE' | null;
};
type Result = ProductModel | PageModel | ArticleModel;

const available = (ctx: StorefrontContext, p: ProductModel) => p.variants.some((v) => ctx.inventory.available(v) > 0);
const minPrice = (p: ProductModel) => Math.min(...p.variants.map((v) => toCents(v.price)));
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The texts of a result, weighted for RELEVANCE. */
function weightedTexts(item: Result): [number, string][] {
  switch (item.__typename) {
    case 'Product':
      return [
        [3, item.title],
        [2, item.productType],
        [2, item.vendor],
        ...item.tags.map((t): [number, string] => [2, t]),
        [1, htmlToText(item.descriptionHtml)],
      ];
    case 'Page':
      return [
        [3, item.title],
        [1, htmlToText(item.body)],
      ];
    case 'Article':
      return [[3, item.title], ...item.tags.map((t): [number, string] => [2, t]), [2, item.author.name], [1, htmlToText(item.contentHtml)]];
  }
}

/** Bare words of the query (field terms only filter); `prefix: LAST` lets the last one match a word's start. */
function scorer(query: string, prefix: boolean) {
  const bare = tokenize(query).filter((t) => !t.field && !t.negate);
  return (item: Result): number | null => {
    let score = 0;
    for (const [i, term] of bare.entries()) {
      const partial = prefix && i === bare.length - 1;
      const hit = (text: string) => (partial ? words(text).some((w) => w.startsWith(term.value)) : text.toLowerCase().includes(term.value));
      const weights = weightedTexts(item)
        .filter(([, text]) => hit(text))
        .map(([w]) => w);
      if (!weights.length) return null;
      score += Math.max(...weights);
    }
    return score;
  };
}

function filterKey(filter: ProductFilterInput): string {
  const [key, value] = Object.entries(filter).find(([, v]) => v != null) ?? ['none', null];
  return key === 'variantOption' ? `variantOption:${(value as { name: string }).name.toLowerCase()}` : key;
}

function matchesFilter(ctx: StorefrontContext, p: ProductModel, f: ProductFilterInput): boolean {
  const eq = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  if (f.available != null) return available(ctx, p) === f.available;
  if (f.price) {
    const { min, max } = f.price;
    return p.variants.some((v) => {
      const price = toCents(v.price) / 100;
      return (min == null || price >= min) && (max == null || price <= max);
    });
  }
  if (f.productType != null) return eq(p.productType, f.productType);
  if (f.productVendor != null) return eq(p.vendor, f.productVendor);
  if (f.tag != null) return p.tags.some((t) => eq(t, f.tag!));
  if (f.variantOption) {
    const { name, value } = f.variantOption;
    return p.variants.some((v) => v.selectedOptions.some((o) => eq(o.name, name) && eq(o.value, value)));
  }
  // Category and metafield filters: the seed has no categories or metafields, so nothing matches.
  return false;
}

/** Products passing `filters`: OR within one filter (same key), AND across filters. */
export function applyProductFilters(
  ctx: StorefrontContext,
  products: ProductModel[],
  filters: ProductFilterInput[] | null | undefined,
): ProductModel[] {
  if (!filters?.length) return products;
  const groups = new Map<string, ProductFilterInput[]>();
  for (const f of filters) groups.set(filterKey(f), [...(groups.get(filterKey(f)) ?? []), f]);
  return products.filter((p) => [...groups.values()].every((group) => group.some((f) => matchesFilter(ctx, p, f))));
}

type FilterValue = { id: string; label: string; count: number; input: string; image: null; swatch: null };
type Filter = { id: string; label: string; type: 'LIST' | 'PRICE_RANGE'; presentation: 'TEXT' | null; values: FilterValue[] };

/** The filters Shopify offers for `products` (availability, price, product type, vendor, tag, each option), values with a count > 0. */
export function productFilters(ctx: StorefrontContext, products: ProductModel[]): Filter[] {
  const list = (id: string, label: string, entries: [string, ProductFilterInput][]): Filter => {
    const values = entries
      .map(([valueLabel, input]): FilterValue => {
        const count = products.filter((p) => matchesFilter(ctx, p, input)).length;
        return { id: `${id}.${valueLabel}`, label: valueLabel, count, input: JSON.stringify(input), image: null, swatch: null };
      })
      .filter((v) => v.count > 0);
    return { id, label, type: 'LIST', presentation: 'TEXT', values };
  };
  const distinct = (values: string[]) => [...new Set(values.filter(Boolean))].sort((a, b) => a.localeCompare(b));
  const maxPrice = products.length ? Math.max(...products.flatMap((p) => p.variants.map((v) => toCents(v.price)))) / 100 : 0;
  const optionNames = distinct(products.flatMap((p) => p.options.map((o) => o.name)).filter((n) => n !== 'Title'));
  const filters: Filter[] = [
    {
      ...list('filter.v.availability', 'Availability', [
        ['In stock', { available: true }],
        ['Out of stock', { available: false }],
      ]),
    },
    {
      id: 'filter.v.price',
      label: 'Price',
      type: 'PRICE_RANGE',
      presentation: null,
      values: [
        { id: 'filter.v.price', label: 'Price', count: 0, input: JSON.stringify({ price: { min: 0, max: maxPrice } }), image: null, swatch: null },
      ],
    },
    list(
      'filter.p.product_type',
      'Product type',
      distinct(products.map((p) => p.productType)).map((t) => [t, { productType: t }]),
    ),
    list(
      'filter.p.vendor',
      'Vendor',
      distinct(products.map((p) => p.vendor)).map((v) => [v, { productVendor: v }]),
    ),
    list(
      'filter.p.tag',
      'Tags',
      distinct(products.flatMap((p) => p.tags)).map((t) => [t, { tag: t }]),
    ),
    ...optionNames.map((name) =>
      list(
        `filter.v.option.${name.toLowerCase()}`,
        name,
        distinct(products.flatMap((p) => p.variants.flatMap((v) => v.selectedOptions.filter((o) => o.name === name).map((o) => o.value)))).map(
          (value) => [value, { variantOption: { name, value } }],
        ),
      ),
    ),
  ];
  return filters.filter((f) => f.values.length > 0);
}

/** Sold-out products last (LAST), dropped (HIDE) or in place (SHOW). */
function placeUnavailable<T extends Result>(ctx: StorefrontContext, items: T[], mode: UnavailableProducts): T[] {
  const soldOut = (item: Result) => item.__typename === 'Product' && !available(ctx, item);
  if (mode === 'SHOW') return items;
  if (mode === 'HIDE') return items.filter((i) => !soldOut(i));
  return [...items.filter((i) => !soldOut(i)), ...items.filter(soldOut)];
}

/** `search`: the ordered results (before paging) and the product filters of the matched products. */
export function search(ctx: StorefrontContext, args: SearchArgs): { results: Result[]; filters: Filter[] } {
  const types = new Set(args.types?.length ? args.types : ['PRODUCT', 'PAGE', 'ARTICLE']);
  const score = scorer(args.query, args.prefix === 'LAST');
  const fieldTerms = tokenize(args.query).filter((t) => t.field || t.negate);
  const fieldQuery = fieldTerms.map((t) => `${t.negate ? '-' : ''}${t.field ? `${t.field}:` : ''}"${t.value}"`).join(' ');
  const mode = args.unavailableProducts ?? 'LAST';

  const productsMatched = types.has('PRODUCT')
    ? searchProducts(ctx.catalog.products, fieldQuery, (p) => available(ctx, p)).filter((p) => score(p) != null)
    : [];
  const visibleProducts = mode === 'HIDE' ? productsMatched.filter((p) => available(ctx, p)) : productsMatched;
  const filters = productFilters(ctx, visibleProducts);
  const others: Result[] = fieldTerms.length
    ? []
    : [...(types.has('PAGE') ? ctx.onlineStore.pages : []), ...(types.has('ARTICLE') ? ctx.onlineStore.articles : [])].filter(
        (i) => score(i) != null,
      );
  let results: Result[] = [...applyProductFilters(ctx, visibleProducts, args.productFilters), ...others];

  if (args.sortKey === 'PRICE') {
    const price = (i: Result) => (i.__typename === 'Product' ? minPrice(i) : Number.MAX_SAFE_INTEGER);
    results = [...results].sort((a, b) => price(a) - price(b));
  } else {
    results = [...results].sort((a, b) => score(b)! - score(a)!);
  }
  if (args.reverse) results.reverse();
  return { results: placeUnavailable(ctx, results, mode), filters };
}

export type PredictiveArgs = {
  query: string;
  limit?: number | null;
  limitScope?: 'ALL' | 'EACH' | null;
  types?: ('ARTICLE' | 'COLLECTION' | 'PAGE' | 'PRODUCT' | 'QUERY')[] | null;
  searchableFields?: string[] | null;
  unavailableProducts?: UnavailableProducts | null;
};

const DEFAULT_SEARCHABLE_FIELDS = ['TITLE', 'PRODUCT_TYPE', 'VARIANTS_TITLE', 'VENDOR'];

function productFields(p: ProductModel, fields: Set<string>): string[] {
  return [
    ...(fields.has('TITLE') ? [p.title] : []),
    ...(fields.has('PRODUCT_TYPE') ? [p.productType] : []),
    ...(fields.has('VENDOR') ? [p.vendor] : []),
    ...(fields.has('TAG') ? p.tags : []),
    ...(fields.has('BODY') ? [htmlToText(p.descriptionHtml)] : []),
    ...(fields.has('VARIANTS_TITLE') ? p.variants.map((v) => v.title) : []),
    ...(fields.has('VARIANTS_SKU') ? p.variants.map((v) => v.sku ?? '') : []),
  ];
}

/** `predictiveSearch`. @throws GraphQLError when `limit` is outside 1–10. */
export function predictiveSearch(ctx: StorefrontContext, args: PredictiveArgs) {
  const limit = args.limit ?? 10;
  if (limit < 1 || limit > 10) throw new GraphQLError('limit must be between 1 and 10', { extensions: { code: 'BAD_REQUEST' } });
  const types = new Set(args.types?.length ? args.types : ['PRODUCT', 'COLLECTION', 'PAGE', 'ARTICLE', 'QUERY']);
  const fields = new Set(args.searchableFields?.length ? args.searchableFields : DEFAULT_SEARCHABLE_FIELDS);
  const queryWords = words(args.query);
  const matches = (texts: string[]) => {
    const all = texts.flatMap(words);
    return queryWords.length > 0 && queryWords.every((q) => all.some((w) => w.startsWith(q)));
  };
  const products = placeUnavailable(
    ctx,
    ctx.catalog.products.filter((p) => matches(productFields(p, fields))),
    args.unavailableProducts ?? 'LAST',
  );
  const lists = {
    products: types.has('PRODUCT') ? products : [],
    collections: types.has('COLLECTION') ? ctx.catalog.collections.filter((c) => matches([c.title])) : [],
    pages: types.has('PAGE') ? ctx.onlineStore.pages.filter((p) => matches([p.title, ...(fields.has('BODY') ? [htmlToText(p.body)] : [])])) : [],
    articles: types.has('ARTICLE')
      ? ctx.onlineStore.articles.filter((a) =>
          matches([a.title, ...(fields.has('AUTHOR') ? [a.author.name] : []), ...(fields.has('TAG') ? a.tags : [])]),
        )
      : [],
    queries: types.has('QUERY') ? suggestions(ctx, queryWords) : [],
  };
  if ((args.limitScope ?? 'ALL') === 'EACH') {
    return Object.fromEntries(Object.entries(lists).map(([k, v]) => [k, v.slice(0, limit)])) as typeof lists;
  }
  // ALL: `limit` in total, taken one per type in turn so each type with results is represented.
  const kept = Object.fromEntries(Object.keys(lists).map((k) => [k, 0])) as Record<keyof typeof lists, number>;
  let total = 0;
  for (let progressed = true; progressed && total < limit;) {
    progressed = false;
    for (const key of Object.keys(lists) as (keyof typeof lists)[]) {
      if (total < limit && kept[key] < lists[key].length) {
        kept[key]++;
        total++;
        progressed = true;
      }
    }
  }
  return Object.fromEntries(Object.entries(lists).map(([k, v]) => [k, v.slice(0, kept[k as keyof typeof lists])])) as typeof lists;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Query suggestions: lower-cased product titles and types with a word starting with the last query word; `styledText` marks the matched part. */
function suggestions(ctx: StorefrontContext, queryWords: string[]) {
  const last = queryWords.at(-1);
  if (!last) return [];
  const candidates = [...new Set(ctx.catalog.products.flatMap((p) => [p.title.toLowerCase(), p.productType.toLowerCase()]).filter(Boolean))];
  return candidates
    .filter((text) => queryWords.every((q) => words(text).some((w) => w.startsWith(q))))
    .map((text) => {
      const at = words(text).find((w) => w.startsWith(last))!;
      const index = text.indexOf(at);
      return {
        text,
        styledText: `${escapeHtml(text.slice(0, index))}<mark>${escapeHtml(text.slice(index, index + last.length))}</mark>${escapeHtml(text.slice(index + last.length))}`,
        trackingParameters: null,
      };
    });
}
