/**
 * The Storefront API emulator's `search` and `predictiveSearch` over the shop's own seed
 * (content/), checked against Shopify's documented semantics (2026-04 schema descriptions and
 * the SearchUnavailableProductsType / PredictiveSearchLimitScope references): relevance and price
 * ordering, `reverse`, `unavailableProducts` SHOW / HIDE / LAST, `productFilters` and the
 * connection's `productFilters`, `totalCount`, predictive types, limits and query suggestions.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_CONTENT_DIR } from '../../emulators/shared/server';
import { startHarness, type Harness } from '../support/storefront-harness';

type Seed = {
  products: {
    handle: string;
    title: string;
    productType: string;
    variants: { price: string; quantityAvailable: number; options: Record<string, string> }[];
  }[];
};
const seed = JSON.parse(readFileSync(path.join(DEFAULT_CONTENT_DIR, 'catalog.json'), 'utf8')) as Seed;
const soldOut = seed.products.filter((p) => p.variants.every((v) => v.quantityAvailable === 0)).map((p) => p.handle);
const minPrice = (handle: string) => Math.min(...seed.products.find((p) => p.handle === handle)!.variants.map((v) => Number(v.price)));

type Node = { __typename: string; handle: string };
type SearchAnswer = {
  search: {
    totalCount: number;
    nodes: Node[];
    pageInfo: { hasNextPage: boolean; endCursor: string };
    productFilters: { id: string; label: string; type: string; values: { label: string; count: number; input: string }[] }[];
  };
};

const SEARCH = `query S($q: String!, $sort: SearchSortKeys, $reverse: Boolean, $u: SearchUnavailableProductsType, $f: [ProductFilter!], $types: [SearchType!], $first: Int, $after: String) {
  search(query: $q, sortKey: $sort, reverse: $reverse, unavailableProducts: $u, productFilters: $f, types: $types, first: $first, after: $after) {
    totalCount
    nodes { __typename ... on Product { handle } ... on Page { handle } ... on Article { handle } }
    pageInfo { hasNextPage endCursor }
    productFilters { id label type values { label count input } }
  }
}`;

let sf: Harness;
beforeAll(async () => {
  sf = await startHarness({ contentDir: DEFAULT_CONTENT_DIR });
});
afterAll(() => sf.stop());

async function searchFor(variables: Record<string, unknown>) {
  const res = await sf.gql<SearchAnswer>(SEARCH, { first: 50, ...variables });
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.search;
}
const handles = (nodes: Node[]) => nodes.map((n) => n.handle);

describe('search', () => {
  it('ranks title matches first (RELEVANCE), puts sold-out products last by default and counts every result', async () => {
    expect(soldOut).toContain('peony-cloud');
    const result = await searchFor({ q: 'bouquet' });
    const found = handles(result.nodes);
    // Both products with "Bouquet" in their title come before those that only are of type / tagged "bouquet".
    expect(found.slice(0, 2).sort()).toEqual(['classic-gramercy-bouquet', 'lilac-hour-bouquet']);
    expect(found.at(-1)).toBe('peony-cloud');
    expect(result.totalCount).toBe(found.length);
    expect(found).toEqual(expect.arrayContaining(['bodega-bunch', 'garden-rose-dozen']));
    expect(found).not.toContain('maidenhair-fern');
  });

  it('unavailableProducts HIDE drops sold-out products, SHOW keeps them where they rank', async () => {
    const hidden = await searchFor({ q: 'peony', u: 'HIDE' });
    expect(handles(hidden.nodes)).toEqual([]);
    expect(hidden.totalCount).toBe(0);
    const shown = await searchFor({ q: 'bouquet', u: 'SHOW', sort: 'PRICE', reverse: true });
    // Peony Cloud (from $95) sits among the others by price instead of at the end.
    const found = handles(shown.nodes);
    expect(found.indexOf('peony-cloud')).toBeLessThan(found.length - 1);
  });

  it('sorts by lowest variant price (PRICE), descending with reverse', async () => {
    const asc = handles((await searchFor({ q: 'bouquet', sort: 'PRICE', u: 'SHOW' })).nodes);
    const prices = asc.map(minPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = handles((await searchFor({ q: 'bouquet', sort: 'PRICE', u: 'SHOW', reverse: true })).nodes);
    expect(desc.map(minPrice)).toEqual([...prices].sort((a, b) => b - a));
  });

  it('narrows products with productFilters: values of one filter OR-ed, different filters AND-ed', async () => {
    const types = await searchFor({ q: 'gift', f: [{ productType: 'Plant' }, { productType: 'Gift' }] });
    const found = handles(types.nodes);
    expect(found.length).toBeGreaterThan(0);
    for (const handle of found) expect(['Plant', 'Gift']).toContain(seed.products.find((p) => p.handle === handle)!.productType);
    const both = await searchFor({
      q: 'bouquet',
      f: [{ variantOption: { name: 'Size', value: 'Grand' } }, { price: { min: 170, max: 200 } }, { available: true }],
    });
    // Grand in stock, priced 170–200: the Classic Gramercy (175) and Lilac Hour (170) bouquets, not the sold-out Peony Cloud (195).
    expect(handles(both.nodes).sort()).toEqual(['classic-gramercy-bouquet', 'lilac-hour-bouquet']);
    expect(both.totalCount).toBe(2);
  });

  it('describes the matched products as filters whose inputs work as productFilters', async () => {
    const result = await searchFor({ q: 'bouquet' });
    const byId = Object.fromEntries(result.productFilters.map((f) => [f.id, f]));
    expect(byId['filter.v.availability'].values).toEqual([
      { label: 'In stock', count: result.totalCount - 1, input: '{"available":true}' },
      { label: 'Out of stock', count: 1, input: '{"available":false}' },
    ]);
    expect(byId['filter.v.price'].type).toBe('PRICE_RANGE');
    const size = byId['filter.v.option.size'];
    const grand = size.values.find((v) => v.label === 'Grand')!;
    const narrowed = await searchFor({ q: 'bouquet', f: [JSON.parse(grand.input)] });
    expect(narrowed.totalCount).toBe(grand.count);
  });

  it('finds pages and articles too, and only the requested types', async () => {
    const all = await searchFor({ q: 'orchid' });
    expect(all.nodes.map((n) => `${n.__typename}:${n.handle}`)).toEqual(
      expect.arrayContaining(['Product:moth-orchid-in-ceramic', 'Article:caring-for-orchids']),
    );
    const articles = await searchFor({ q: 'orchid', types: ['ARTICLE'] });
    expect(articles.nodes.map((n) => n.__typename)).toEqual(['Article']);
  });

  it('pages with first/after while totalCount stays the whole result', async () => {
    const page1 = await searchFor({ q: 'bouquet', first: 3 });
    const page2 = await searchFor({ q: 'bouquet', first: 3, after: page1.pageInfo.endCursor });
    const all = await searchFor({ q: 'bouquet' });
    expect(page1.totalCount).toBe(all.totalCount);
    expect([...handles(page1.nodes), ...handles(page2.nodes)]).toEqual(handles(all.nodes).slice(0, 6));
  });
});

describe('collection filters', () => {
  it('narrows a collection’s products with `filters` and describes the whole collection in the connection’s `filters`', async () => {
    type Answer = {
      collection: {
        all: { nodes: { handle: string }[] };
        grand: { nodes: { handle: string }[]; filters: { id: string; values: { label: string; count: number; input: string }[] }[] };
      };
      collections: { totalCount: string };
    };
    const res = await sf.gql<Answer>(`{
      collection(handle: "bouquets") {
        all: products(first: 50) { nodes { handle } }
        grand: products(first: 50, filters: [{ variantOption: { name: "Size", value: "Grand" } }]) { nodes { handle } filters { id values { label count input } } }
      }
      collections(first: 1) { totalCount }
    }`);
    expect(res.body.errors).toBeUndefined();
    const { collection, collections } = res.body.data!;
    const withGrand = collection.all.nodes
      .map((n) => n.handle)
      .filter((h) => seed.products.find((p) => p.handle === h)!.variants.some((v) => v.options.Size === 'Grand'));
    expect(collection.grand.nodes.map((n) => n.handle)).toEqual(withGrand);
    const size = collection.grand.filters.find((f) => f.id === 'filter.v.option.size')!;
    expect(size.values.find((v) => v.label === 'Grand')).toEqual({
      label: 'Grand',
      count: withGrand.length,
      input: '{"variantOption":{"name":"Size","value":"Grand"}}',
    });
    expect(collections.totalCount).toBe(String(JSON.parse(readFileSync(path.join(DEFAULT_CONTENT_DIR, 'catalog.json'), 'utf8')).collections.length));
  });
});

type Predictive = {
  predictiveSearch: {
    products: { handle: string }[];
    collections: { handle: string }[];
    pages: { handle: string }[];
    articles: { handle: string }[];
    queries: { text: string; styledText: string }[];
  };
};
const PREDICTIVE = `query P($q: String!, $limit: Int, $scope: PredictiveSearchLimitScope, $types: [PredictiveSearchType!], $u: SearchUnavailableProductsType) {
  predictiveSearch(query: $q, limit: $limit, limitScope: $scope, types: $types, unavailableProducts: $u) {
    products { handle } collections { handle } pages { handle } articles { handle } queries { text styledText }
  }
}`;

describe('predictiveSearch', () => {
  async function predict(variables: Record<string, unknown>) {
    const res = await sf.gql<Predictive>(PREDICTIVE, variables);
    expect(res.body.errors).toBeUndefined();
    return res.body.data!.predictiveSearch;
  }

  it('matches partial words across products, collections, pages, articles and query suggestions', async () => {
    const result = await predict({ q: 'orch' });
    expect(result.products.map((p) => p.handle)).toEqual(['moth-orchid-in-ceramic']);
    expect(result.articles.map((a) => a.handle)).toEqual(['caring-for-orchids']);
    expect(result.queries).toContainEqual({ text: 'moth orchid in ceramic', styledText: 'moth <mark>orch</mark>id in ceramic' });
    const about = await predict({ q: 'abo' });
    expect(about.pages.map((p) => p.handle)).toEqual(['about']);
    const gifts = await predict({ q: 'gift', types: ['COLLECTION'] });
    expect(gifts.collections.map((c) => c.handle)).toEqual(['gifts']);
    expect(gifts.products).toEqual([]);
  });

  it('limits results in total (ALL, the default) or per type (EACH)', async () => {
    const all = await predict({ q: 'b', limit: 3 });
    const total = all.products.length + all.collections.length + all.pages.length + all.articles.length + all.queries.length;
    expect(total).toBe(3);
    const each = await predict({ q: 'b', limit: 2, scope: 'EACH' });
    expect(each.products).toHaveLength(2);
    expect(each.collections.length).toBeLessThanOrEqual(2);
    expect(each.queries).toHaveLength(2);
  });

  it('puts sold-out products last, or hides them', async () => {
    const last = await predict({ q: 'p', types: ['PRODUCT'] });
    const found = last.products.map((p) => p.handle);
    expect(found).toContain('peony-cloud');
    expect(found.at(-1)).toBe('peony-cloud');
    const hidden = await predict({ q: 'peony', types: ['PRODUCT'], u: 'HIDE' });
    expect(hidden.products).toEqual([]);
  });

  it('refuses a limit outside 1–10', async () => {
    const res = await sf.gql(PREDICTIVE, { q: 'b', limit: 11 });
    expect(res.body.errors?.[0].message).toBe('limit must be between 1 and 10');
  });
});
