/**
 * Resolvers for the online-store side of the Storefront API: menus, pages, blogs and articles,
 * shop policies and brand, URL redirects, metaobjects (none are seeded: empty lists and null),
 * sitemaps and localization. Models come from online-store.ts; URLs are absolute on the shop's
 * primary domain, as Shopify gives them (Hydrogen strips that domain to make links relative).
 */
import type { StorefrontContext } from '../context';
import { htmlToText, truncate } from '../html-text';
import { gid, numericIdOf, parseGid } from '../ids';
import { localization } from '../localization';
import type { ArticleModel, BlogModel, MenuItemModel, PageModel, PolicyField, PolicyModel } from '../online-store';
import { POLICY_HANDLES } from '../online-store';
import { paginate, type PageArgs } from '../connections';
import { tokenize } from '../product-search';
import { sitemapPage, sitemapPagesCount, type SitemapType } from '../sitemap';
import { mediaImage } from './catalog';

type Args = PageArgs & Record<string, unknown>;
type ListArgs = Args & { query?: string | null; sortKey?: string | null };

const nothing = () => null;
const noMetafield = () => null;
const noMetafields = (_: unknown, { identifiers }: { identifiers: unknown[] }) => identifiers.map(() => null);
const noSeo = () => ({ title: null, description: null });
const origin = (ctx: StorefrontContext) => new URL(ctx.catalog.shop.primaryDomain).origin;

/** Filter by a Shopify query: `field:value` terms against `fields[field]`, bare words against every field. */
function matchesQuery(query: string | null | undefined, fields: Record<string, string[]>): boolean {
  return tokenize(query ?? '').every((term) => {
    const texts = (term.field ? fields[term.field] : Object.values(fields).flat()) ?? [];
    const word = term.value.replace(/\*$/, '');
    const hit = texts.some((text) => text.toLowerCase().includes(word));
    return hit !== term.negate;
  });
}

function sorted<T>(items: readonly T[], sortKey: string | null | undefined, keys: Record<string, (item: T) => string | number>): T[] {
  const key = sortKey ? keys[sortKey] : undefined;
  if (!key) return [...items];
  return [...items].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
  });
}

const articleFields = (a: ArticleModel) => ({
  title: [a.title],
  author: [a.author.name],
  blog_title: [a.blog.title],
  tag: a.tags,
  body: [htmlToText(a.contentHtml)],
});
const ARTICLE_SORT = {
  ID: (a: ArticleModel) => a.numericId,
  TITLE: (a: ArticleModel) => a.title,
  AUTHOR: (a: ArticleModel) => a.author.name,
  BLOG_TITLE: (a: ArticleModel) => a.blog.title,
  PUBLISHED_AT: (a: ArticleModel) => a.publishedAt,
  UPDATED_AT: (a: ArticleModel) => a.publishedAt,
};

function articles(list: readonly ArticleModel[], args: ListArgs) {
  const tagNot = tokenize(args.query ?? '').filter((t) => t.field === 'tag_not');
  const query = (args.query ?? '').replace(/-?tag_not:\S+/gi, '');
  const found = list.filter((a) => matchesQuery(query, articleFields(a)) && tagNot.every((t) => !a.tags.includes(t.value)));
  return paginate(sorted(found, args.sortKey, ARTICLE_SORT), args, (a) => a.numericId);
}

/** A menu item's link: the resource it names (null for links without one, or when it is gone) and its URL. */
function menuTarget(ctx: StorefrontContext, item: MenuItemModel): { resource: unknown; url: string | null } {
  const base = origin(ctx);
  const handle = item.resource ?? '';
  const store = ctx.onlineStore;
  switch (item.type) {
    case 'COLLECTION': {
      const c = ctx.catalog.collectionByHandle.get(handle) ?? null;
      return { resource: c, url: `${base}/collections/${handle}` };
    }
    case 'PRODUCT':
      return { resource: ctx.catalog.productByHandle.get(handle) ?? null, url: `${base}/products/${handle}` };
    case 'PAGE':
      return { resource: store.pages.find((p) => p.handle === handle) ?? null, url: `${base}/pages/${handle}` };
    case 'BLOG':
      return { resource: store.blogs.find((b) => b.handle === handle) ?? null, url: `${base}/blogs/${handle}` };
    case 'ARTICLE': {
      const [blog, article] = handle.split('/');
      return {
        resource: store.articles.find((a) => a.blog.handle === blog && a.handle === article) ?? null,
        url: `${base}/blogs/${blog}/${article}`,
      };
    }
    case 'SHOP_POLICY':
      return { resource: Object.values(store.policies).find((p) => p.handle === handle) ?? null, url: `${base}/policies/${handle}` };
    case 'FRONTPAGE':
      return { resource: null, url: `${base}/` };
    case 'CATALOG':
      return { resource: null, url: `${base}/collections/all` };
    case 'COLLECTIONS':
      return { resource: null, url: `${base}/collections` };
    case 'SEARCH':
      return { resource: null, url: `${base}/search` };
    case 'CUSTOMER_ACCOUNT_PAGE':
      return { resource: null, url: `${base}/account` };
    default:
      return { resource: null, url: item.url };
  }
}

/** Resolve a GID to the online-store object it names (null when unknown). */
export function onlineStoreNode(ctx: StorefrontContext, id: string): unknown {
  const parsed = parseGid(id);
  const n = parsed && /^\d+$/.test(parsed.id) ? Number(parsed.id) : NaN;
  const store = ctx.onlineStore;
  switch (parsed?.type) {
    case 'Page':
      return store.pages.find((p) => p.numericId === n) ?? null;
    case 'Blog':
      return store.blogs.find((b) => b.numericId === n) ?? null;
    case 'Article':
      return store.articles.find((a) => a.numericId === n) ?? null;
    case 'Menu':
      return store.menus.find((m) => m.id === id) ?? null;
    case 'UrlRedirect':
      return store.urlRedirects.find((r) => r.numericId === n) ?? null;
    case 'ShopPolicy':
      return Object.values(store.policies).find((p) => p.id === id) ?? null;
    default:
      return null;
  }
}

const policy = (field: PolicyField) => (_: unknown, __: unknown, ctx: StorefrontContext) => ctx.onlineStore.policies[field] ?? null;

/** The subscription policy Shopify shows until the merchant writes one (ShopPolicyWithDefault). */
const DEFAULT_SUBSCRIPTION_POLICY = {
  title: 'Cancellation policy',
  body: '<p>You can cancel a subscription at any time before its next order is placed.</p>',
};

type HandleOrId = { handle?: string; id?: string };

/**
 * The item named by `handle`, else the one whose global id `id` (gid://shopify/{type}/N) names,
 * else null: QueryRoot.page / blog and their ByHandle forms.
 */
function byHandleOrId<T extends { handle: string; numericId: number }>(items: T[], { handle, id }: HandleOrId, type: string): T | null {
  if (handle != null) return items.find((item) => item.handle === handle) ?? null;
  const n = id != null ? numericIdOf(id, type) : null;
  return items.find((item) => item.numericId === n) ?? null;
}

export const onlineStoreResolvers = {
  QueryRoot: {
    menu: (_: unknown, { handle }: { handle: string }, ctx: StorefrontContext) => ctx.onlineStore.menus.find((m) => m.handle === handle) ?? null,
    page: (_: unknown, args: HandleOrId, ctx: StorefrontContext) => byHandleOrId(ctx.onlineStore.pages, args, 'Page'),
    pageByHandle: (_: unknown, { handle }: { handle: string }, ctx: StorefrontContext) => byHandleOrId(ctx.onlineStore.pages, { handle }, 'Page'),
    pages: (_: unknown, args: ListArgs, ctx: StorefrontContext) => {
      const found = ctx.onlineStore.pages.filter((p) =>
        matchesQuery(args.query, { title: [p.title], handle: [p.handle], body: [htmlToText(p.body)] }),
      );
      const keys = { ID: (p: PageModel) => p.numericId, TITLE: (p: PageModel) => p.title, UPDATED_AT: (p: PageModel) => p.updatedAt };
      return paginate(sorted(found, args.sortKey, keys), args, (p) => p.numericId);
    },
    blog: (_: unknown, args: HandleOrId, ctx: StorefrontContext) => byHandleOrId(ctx.onlineStore.blogs, args, 'Blog'),
    blogByHandle: (_: unknown, { handle }: { handle: string }, ctx: StorefrontContext) => byHandleOrId(ctx.onlineStore.blogs, { handle }, 'Blog'),
    blogs: (_: unknown, args: ListArgs, ctx: StorefrontContext) => {
      const found = ctx.onlineStore.blogs.filter((b) => matchesQuery(args.query, { title: [b.title], handle: [b.handle] }));
      const keys = { ID: (b: BlogModel) => b.numericId, TITLE: (b: BlogModel) => b.title, HANDLE: (b: BlogModel) => b.handle };
      return paginate(sorted(found, args.sortKey, keys), args, (b) => b.numericId);
    },
    article: (_: unknown, { id }: { id: string }, ctx: StorefrontContext) => {
      const n = numericIdOf(id, 'Article');
      return ctx.onlineStore.articles.find((a) => a.numericId === n) ?? null;
    },
    articles: (_: unknown, args: ListArgs, ctx: StorefrontContext) => articles(ctx.onlineStore.articles, args),
    urlRedirects: (_: unknown, args: ListArgs, ctx: StorefrontContext) =>
      paginate(
        ctx.onlineStore.urlRedirects.filter((r) => matchesQuery(args.query, { path: [r.path], target: [r.target] })),
        args,
        (r) => r.numericId,
      ),
    // No metaobject definitions are seeded: every type has no entries.
    metaobjects: (_: unknown, args: Args) => paginate([], args, () => ''),
    metaobject: nothing,
    sitemap: (_: unknown, { type }: { type: SitemapType }) => ({ type }),
    localization: (_: unknown, __: unknown, ctx: StorefrontContext) => localization(ctx),
  },

  Shop: {
    brand: (_: unknown, __: unknown, ctx: StorefrontContext) => ctx.onlineStore.brand,
    privacyPolicy: policy('privacyPolicy'),
    refundPolicy: policy('refundPolicy'),
    shippingPolicy: policy('shippingPolicy'),
    termsOfService: policy('termsOfService'),
    contactInformation: policy('contactInformation'),
    legalNotice: policy('legalNotice'),
    termsOfSale: policy('termsOfSale'),
    subscriptionPolicy: (_: unknown, __: unknown, ctx: StorefrontContext) =>
      ctx.onlineStore.policies.subscriptionPolicy ?? { ...DEFAULT_SUBSCRIPTION_POLICY, id: null, handle: POLICY_HANDLES.subscriptionPolicy },
  },

  Brand: {
    logo: (b: StorefrontContext['onlineStore']['brand']) =>
      b?.logo
        ? mediaImage({ id: gid('MediaImage', 1), file: b.logo.file, altText: b.logo.altText ?? null, width: b.logo.width, height: b.logo.height })
        : null,
    squareLogo: nothing,
    coverImage: nothing,
    slogan: (b: NonNullable<StorefrontContext['onlineStore']['brand']>) => b.slogan ?? null,
    shortDescription: (b: NonNullable<StorefrontContext['onlineStore']['brand']>) => b.shortDescription ?? null,
  },

  ShopPolicy: {
    url: (p: PolicyModel, _: unknown, ctx: StorefrontContext) => `${origin(ctx)}/policies/${p.handle}`,
  },
  ShopPolicyWithDefault: {
    url: (p: { handle: string }, _: unknown, ctx: StorefrontContext) => `${origin(ctx)}/policies/${p.handle}`,
  },

  Menu: {
    itemsCount: (m: { items: MenuItemModel[] }) => m.items.length,
  },
  MenuItem: {
    resource: (item: MenuItemModel, _: unknown, ctx: StorefrontContext) => menuTarget(ctx, item).resource,
    resourceId: (item: MenuItemModel, _: unknown, ctx: StorefrontContext) => (menuTarget(ctx, item).resource as { id?: string } | null)?.id ?? null,
    url: (item: MenuItemModel, _: unknown, ctx: StorefrontContext) => menuTarget(ctx, item).url,
  },

  Page: {
    bodySummary: (p: PageModel) => truncate(htmlToText(p.body), 150),
    onlineStoreUrl: nothing,
    seo: noSeo,
    trackingParameters: nothing,
    metafield: noMetafield,
    metafields: noMetafields,
  },

  Blog: {
    articleByHandle: (b: BlogModel, { handle }: { handle: string }) => b.articles.find((a) => a.handle === handle) ?? null,
    articles: (b: BlogModel, args: ListArgs) => articles(b.articles, args),
    authors: (b: BlogModel) => [...new Map(b.articles.map((a) => [a.author.email, a.author])).values()],
    onlineStoreUrl: nothing,
    seo: noSeo,
    metafield: noMetafield,
    metafields: noMetafields,
  },

  Article: {
    content: (a: ArticleModel, { truncateAt }: { truncateAt?: number }) => truncate(htmlToText(a.contentHtml), truncateAt),
    excerpt: (a: ArticleModel, { truncateAt }: { truncateAt?: number }) =>
      a.excerptHtml == null ? null : truncate(htmlToText(a.excerptHtml), truncateAt),
    // Comments are not seeded (the blog's comment policy is off).
    comments: (_: ArticleModel, args: Args) => paginate([], args, () => ''),
    onlineStoreUrl: nothing,
    seo: noSeo,
    trackingParameters: nothing,
    metafield: noMetafield,
    metafields: noMetafields,
  },

  Market: {
    metafield: noMetafield,
    metafields: noMetafields,
  },

  Sitemap: {
    pagesCount: (s: { type: SitemapType }, _: unknown, ctx: StorefrontContext) => ({ count: sitemapPagesCount(ctx, s.type), precision: 'EXACT' }),
    resources: (s: { type: SitemapType }, { page }: { page: number }, ctx: StorefrontContext) => sitemapPage(ctx, s.type, page),
  },
};
