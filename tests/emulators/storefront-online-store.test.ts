/**
 * The Storefront API emulator's online-store side over the shop's seed (content/online-store.json):
 * menus with typed items resolved to URLs and resources, pages, blogs and articles, the shop's
 * policies and brand, URL redirects, metaobjects (none), sitemaps of every SitemapType and
 * localization with `@inContext`, as Shopify's Storefront API 2026-04 describes them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_CONTENT_DIR } from '../../emulators/shared/server';
import { startHarness, type Harness } from '../support/storefront-harness';

const SHOP = 'https://www.gramercystems.com';
const catalog = JSON.parse(readFileSync(path.join(DEFAULT_CONTENT_DIR, 'catalog.json'), 'utf8')) as {
  products: { handle: string }[];
  collections: unknown[];
};

let sf: Harness;
beforeAll(async () => {
  sf = await startHarness({ contentDir: DEFAULT_CONTENT_DIR });
});
afterAll(() => sf.stop());

async function data<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
  const res = await sf.gql<T>(query, variables);
  expect(res.body.errors).toBeUndefined();
  return res.body.data!;
}

type MenuItem = {
  title: string;
  type: string;
  url: string | null;
  resourceId: string | null;
  resource: { __typename: string; handle?: string } | null;
  items: MenuItem[];
};

describe('menus', () => {
  const MENU = `query M($h: String!) { menu(handle: $h) { handle title itemsCount items { ...I items { ...I items { ...I } } } } }
    fragment I on MenuItem { title type url resourceId resource { __typename ... on Collection { handle } ... on Product { handle } ... on Page { handle } ... on Blog { handle } ... on Article { handle } ... on ShopPolicy { handle } } }`;

  it('serves the main menu with nested items typed and resolved to absolute URLs on the primary domain', async () => {
    const { menu } = await data<{ menu: { handle: string; itemsCount: number; items: MenuItem[] } }>(MENU, { h: 'main-menu' });
    expect(menu.handle).toBe('main-menu');
    expect(menu.itemsCount).toBe(menu.items.length);
    const byTitle = Object.fromEntries(menu.items.map((i) => [i.title, i]));
    expect(byTitle.Home).toMatchObject({ type: 'FRONTPAGE', url: `${SHOP}/`, resource: null, resourceId: null });
    expect(byTitle.Shop).toMatchObject({ type: 'CATALOG', url: `${SHOP}/collections/all` });
    expect(byTitle.Shop.items[0]).toMatchObject({
      title: 'Bouquets',
      type: 'COLLECTION',
      url: `${SHOP}/collections/bouquets`,
      resource: { __typename: 'Collection', handle: 'bouquets' },
    });
    expect(byTitle.Shop.items[0].resourceId).toMatch(/^gid:\/\/shopify\/Collection\/\d+$/);
    expect(byTitle['Peony Cloud']).toMatchObject({
      type: 'PRODUCT',
      url: `${SHOP}/products/peony-cloud`,
      resource: { __typename: 'Product', handle: 'peony-cloud' },
    });
    expect(byTitle.Journal).toMatchObject({ type: 'BLOG', url: `${SHOP}/blogs/journal`, resource: { __typename: 'Blog', handle: 'journal' } });
    expect(byTitle.About).toMatchObject({ type: 'PAGE', url: `${SHOP}/pages/about`, resource: { __typename: 'Page', handle: 'about' } });
  });

  it('serves the footer menu: search, article, policy and external links', async () => {
    const { menu } = await data<{ menu: { items: MenuItem[] } }>(MENU, { h: 'footer' });
    const byTitle = Object.fromEntries(menu.items.map((i) => [i.title, i]));
    expect(byTitle.Search).toMatchObject({ type: 'SEARCH', url: `${SHOP}/search` });
    expect(byTitle['Caring for orchids']).toMatchObject({
      type: 'ARTICLE',
      url: `${SHOP}/blogs/journal/caring-for-orchids`,
      resource: { __typename: 'Article' },
    });
    expect(byTitle['Privacy policy']).toMatchObject({
      type: 'SHOP_POLICY',
      url: `${SHOP}/policies/privacy-policy`,
      resource: { handle: 'privacy-policy' },
    });
    expect(byTitle.Instagram).toMatchObject({ type: 'HTTP', url: 'https://www.instagram.com/gramercystems', resource: null });
  });

  it('answers null for an unknown menu handle', async () => {
    expect(await data(MENU, { h: 'nope' })).toEqual({ menu: null });
  });
});

describe('shop brand and policies', () => {
  it('answers the brand and the five policies with their handles and URLs', async () => {
    const { shop } = await data<{ shop: Record<string, { title: string; body: string; handle: string; url: string } | null> & { brand: unknown } }>(`{
      shop {
        brand { slogan shortDescription logo { image { url } } colors { primary { background foreground } secondary { background } } coverImage { id } }
        privacyPolicy { title body handle url } refundPolicy { title body handle url } shippingPolicy { title body handle url }
        termsOfService { title body handle url } subscriptionPolicy { title body handle url }
        termsOfSale { title } legalNotice { title } contactInformation { title }
      }
    }`);
    expect(shop.brand).toMatchObject({
      slogan: 'Seasonal flowers, hand-tied on East 20th Street',
      logo: { image: { url: expect.stringMatching(/\/cdn\/shop\/files\/favicon\.jpg/) } },
      colors: { primary: [{ background: '#1F3D2B', foreground: '#F7F3EA' }] },
      coverImage: null,
    });
    const handles = {
      privacyPolicy: 'privacy-policy',
      refundPolicy: 'refund-policy',
      shippingPolicy: 'shipping-policy',
      termsOfService: 'terms-of-service',
      subscriptionPolicy: 'subscription-policy',
    };
    for (const [field, handle] of Object.entries(handles)) {
      expect(shop[field]).toMatchObject({ handle, url: `${SHOP}/policies/${handle}`, body: expect.stringMatching(/^<p>/) });
    }
    // Policies the merchant never wrote are null (not seeded).
    expect([shop.termsOfSale, shop.legalNotice, shop.contactInformation]).toEqual([null, null, null]);
  });
});

describe('pages, blogs and articles', () => {
  it('finds pages by handle and id, lists and sorts them', async () => {
    const { page, pageByHandle, pages } = await data<{
      page: { id: string; title: string; bodySummary: string };
      pageByHandle: { id: string };
      pages: { nodes: { handle: string }[] };
    }>(
      '{ page(handle: "about") { id title bodySummary } pageByHandle(handle: "about") { id } pages(first: 10, sortKey: TITLE) { nodes { handle } } }',
    );
    expect(page.title).toBe('About Gramercy Stems');
    expect(page.bodySummary).not.toMatch(/</);
    expect(pageByHandle.id).toBe(page.id);
    expect(pages.nodes.map((p) => p.handle)).toEqual(['about', 'contact', 'delivery']);
    const byId = await data<{ page: { handle: string }; node: { __typename: string } }>(
      `query Q($id: ID!) { page(id: $id) { handle } node(id: $id) { __typename } }`,
      { id: page.id },
    );
    expect(byId).toEqual({ page: { handle: 'about' }, node: { __typename: 'Page' } });
  });

  it('serves a blog with its articles, authors, excerpts and images; articles filter by tag', async () => {
    const { blog } = await data<{
      blog: {
        handle: string;
        authors: { name: string }[];
        articleByHandle: {
          title: string;
          excerpt: string;
          content: string;
          authorV2: { name: string };
          blog: { handle: string };
          image: { url: string };
        };
        articles: { nodes: { handle: string; publishedAt: string }[] };
      };
    }>(`{ blog(handle: "journal") { handle authors { name }
          articleByHandle(handle: "caring-for-orchids") { title excerpt content(truncateAt: 12) authorV2 { name } blog { handle } image { url } }
          articles(first: 10, sortKey: PUBLISHED_AT, reverse: true) { nodes { handle publishedAt } } } }`);
    expect(blog.authors.map((a) => a.name)).toEqual(['Mara Quinn', 'Theo Park']);
    expect(blog.articleByHandle).toMatchObject({
      title: 'Caring for orchids',
      excerpt: 'Once a week, from below.',
      content: 'Water an or…',
      authorV2: { name: 'Mara Quinn' },
      blog: { handle: 'journal' },
    });
    const dates = blog.articles.nodes.map((a) => a.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const { articles } = await data<{ articles: { nodes: { handle: string }[] } }>(
      '{ articles(first: 10, query: "tag:behind-the-scenes") { nodes { handle } } }',
    );
    expect(articles.nodes.map((a) => a.handle).sort()).toEqual(['a-morning-at-the-flower-district', 'dressing-the-spring-window']);
  });
});

describe('redirects, metaobjects, sitemaps, localization', () => {
  it('lists URL redirects, filterable by path', async () => {
    const { urlRedirects } = await data<{ urlRedirects: { nodes: { path: string; target: string }[] } }>(
      '{ urlRedirects(first: 10, query: "path:/pages/about-us") { nodes { path target } } }',
    );
    expect(urlRedirects.nodes).toEqual([{ path: '/pages/about-us', target: '/pages/about' }]);
  });

  it('answers an empty metaobject list and a null metaobject (none are defined)', async () => {
    expect(
      await data(
        '{ metaobjects(type: "size_chart", first: 5) { nodes { id } pageInfo { hasNextPage } } metaobject(handle: { type: "size_chart", handle: "x" }) { id } }',
      ),
    ).toEqual({ metaobjects: { nodes: [], pageInfo: { hasNextPage: false } }, metaobject: null });
  });

  it('serves a sitemap for every SitemapType', async () => {
    const expected: Record<string, number> = {
      PRODUCT: catalog.products.length,
      COLLECTION: catalog.collections.length,
      PAGE: 3,
      BLOG: 1,
      ARTICLE: 3,
      METAOBJECT: 0,
    };
    for (const [type, count] of Object.entries(expected)) {
      const { sitemap } = await data<{
        sitemap: { pagesCount: { count: number }; resources: { hasNextPage: boolean; items: { handle: string; updatedAt: string }[] } };
      }>(
        `query S($t: SitemapType!) { sitemap(type: $t) { pagesCount { count } resources(page: 1) { hasNextPage items { handle updatedAt ... on SitemapResource { title } } } } }`,
        { t: type },
      );
      expect(sitemap.resources.items).toHaveLength(count);
      expect(sitemap.pagesCount.count).toBe(count ? 1 : 0);
      expect(sitemap.resources.hasNextPage).toBe(false);
    }
    const { sitemap } = await data<{ sitemap: { resources: { items: { handle: string }[] } } }>(
      '{ sitemap(type: ARTICLE) { resources(page: 1) { items { handle } } } }',
    );
    expect(sitemap.resources.items[0].handle).toBe('journal/caring-for-orchids');
  });

  it('answers localization for the one market (US, USD, English); other countries fall back and prices stay USD', async () => {
    const LOCALIZATION = `query L($c: CountryCode, $l: LanguageCode) @inContext(country: $c, language: $l) {
      localization { availableCountries { isoCode currency { isoCode symbol } } availableLanguages { isoCode } country { isoCode name unitSystem } language { isoCode endonymName } }
      product(handle: "bodega-bunch") { priceRange { minVariantPrice { amount currencyCode } } }
    }`;
    const us = await data<{ localization: unknown; product: unknown }>(LOCALIZATION, { c: 'US', l: 'EN' });
    expect(us.localization).toEqual({
      availableCountries: [{ isoCode: 'US', currency: { isoCode: 'USD', symbol: '$' } }],
      availableLanguages: [{ isoCode: 'EN' }],
      country: { isoCode: 'US', name: 'United States', unitSystem: 'IMPERIAL_SYSTEM' },
      language: { isoCode: 'EN', endonymName: 'English' },
    });
    const ca = await data<{ localization: { country: { isoCode: string } }; product: unknown }>(LOCALIZATION, { c: 'CA', l: 'FR' });
    expect(ca.localization).toEqual(us.localization);
    expect(ca.product).toEqual(us.product);
    expect(us.product).toEqual({ priceRange: { minVariantPrice: { amount: '45.0', currencyCode: 'USD' } } });
  });

  it('a content dir without online-store.json has no menus, pages or blogs', async () => {
    const bare = await startHarness();
    try {
      const res = await bare.gql(
        '{ menu(handle: "main-menu") { id } pages(first: 5) { nodes { id } } blogs(first: 5) { nodes { id } } shop { brand { slogan } privacyPolicy { id } } }',
      );
      expect(res.body).toEqual({ data: { menu: null, pages: { nodes: [] }, blogs: { nodes: [] }, shop: { brand: null, privacyPolicy: null } } });
    } finally {
      await bare.stop();
    }
  });
});
