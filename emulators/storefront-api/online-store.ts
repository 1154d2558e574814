/**
 * The online-store seed (`{contentDir}/online-store.json`, format in content/FORMAT.md): menus,
 * pages, blogs and articles, shop policies, brand and URL redirects, validated with zod at start
 * and turned into read-only models with GIDs. A content dir without the file has none of these
 * (every list empty, policies and brand null), which is also what a new Shopify shop answers.
 */
import { z } from 'zod';
import type { ImageModel } from './catalog';
import { gid } from './ids';
import { readSeedFile } from './seed-file';

const imageSeed = z.object({
  file: z.string().regex(/^[A-Za-z0-9_-]+$/),
  altText: z.string().nullish(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
const policySeed = z.object({ title: z.string(), body: z.string() });
const MENU_ITEM_TYPES = [
  'ARTICLE',
  'BLOG',
  'CATALOG',
  'COLLECTION',
  'COLLECTIONS',
  'CUSTOMER_ACCOUNT_PAGE',
  'FRONTPAGE',
  'HTTP',
  'METAOBJECT',
  'PAGE',
  'PRODUCT',
  'SEARCH',
  'SHOP_POLICY',
] as const;
type MenuItemSeed = {
  title: string;
  type: (typeof MENU_ITEM_TYPES)[number];
  resource?: string;
  url?: string;
  tags?: string[];
  items?: MenuItemSeed[];
};
const menuItemSeed: z.ZodType<MenuItemSeed> = z.lazy(() =>
  z.object({
    title: z.string(),
    type: z.enum(MENU_ITEM_TYPES),
    resource: z.string().optional(),
    url: z.url().optional(),
    tags: z.array(z.string()).optional(),
    items: z.array(menuItemSeed).optional(),
  }),
);
const onlineStoreSeed = z.object({
  brand: z
    .object({
      slogan: z.string().nullish(),
      shortDescription: z.string().nullish(),
      logo: imageSeed.nullish(),
      colors: z.object({
        primary: z.array(z.object({ background: z.string(), foreground: z.string() })),
        secondary: z.array(z.object({ background: z.string(), foreground: z.string() })),
      }),
    })
    .nullish(),
  policies: z
    .object({
      privacyPolicy: policySeed,
      refundPolicy: policySeed,
      shippingPolicy: policySeed,
      termsOfService: policySeed,
      subscriptionPolicy: policySeed,
      contactInformation: policySeed,
      legalNotice: policySeed,
      termsOfSale: policySeed,
    })
    .partial()
    .default({}),
  pages: z
    .array(z.object({ id: z.number().int(), handle: z.string(), title: z.string(), body: z.string(), createdAt: z.string(), updatedAt: z.string() }))
    .default([]),
  blogs: z
    .array(
      z.object({
        id: z.number().int(),
        handle: z.string(),
        title: z.string(),
        articles: z.array(
          z.object({
            id: z.number().int(),
            handle: z.string(),
            title: z.string(),
            author: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), bio: z.string().nullish() }),
            contentHtml: z.string(),
            excerptHtml: z.string().nullish(),
            publishedAt: z.string(),
            tags: z.array(z.string()).default([]),
            image: imageSeed.nullish(),
          }),
        ),
      }),
    )
    .default([]),
  menus: z.array(z.object({ id: z.number().int(), handle: z.string(), title: z.string(), items: z.array(menuItemSeed) })).default([]),
  urlRedirects: z.array(z.object({ id: z.number().int(), path: z.string().startsWith('/'), target: z.string() })).default([]),
});

type OnlineStoreSeed = z.infer<typeof onlineStoreSeed>;
export type PolicyField = keyof OnlineStoreSeed['policies'];

/** Shopify's policy handles (`/policies/{handle}`), by Shop field. */
export const POLICY_HANDLES: Record<PolicyField, string> = {
  privacyPolicy: 'privacy-policy',
  refundPolicy: 'refund-policy',
  shippingPolicy: 'shipping-policy',
  termsOfService: 'terms-of-service',
  subscriptionPolicy: 'subscription-policy',
  contactInformation: 'contact-information',
  legalNotice: 'legal-notice',
  termsOfSale: 'terms-of-sale',
};

export type PolicyModel = { __typename: 'ShopPolicy'; id: string; handle: string; title: string; body: string };
export type PageModel = {
  __typename: 'Page';
  numericId: number;
  id: string;
  handle: string;
  title: string;
  body: string;
  createdAt: string;
  updatedAt: string;
};
export type AuthorModel = { firstName: string; lastName: string; name: string; email: string; bio: string | null };
export type ArticleModel = {
  __typename: 'Article';
  numericId: number;
  id: string;
  handle: string;
  title: string;
  author: AuthorModel;
  authorV2: AuthorModel;
  contentHtml: string;
  excerptHtml: string | null;
  publishedAt: string;
  tags: string[];
  image: ImageModel | null;
  blog: BlogModel;
};
export type BlogModel = { __typename: 'Blog'; numericId: number; id: string; handle: string; title: string; articles: ArticleModel[] };
export type MenuItemModel = {
  id: string;
  title: string;
  type: MenuItemSeed['type'];
  resource: string | null;
  url: string | null;
  tags: string[];
  items: MenuItemModel[];
};
export type MenuModel = { __typename: 'Menu'; id: string; handle: string; title: string; items: MenuItemModel[] };
export type RedirectModel = { __typename: 'UrlRedirect'; numericId: number; id: string; path: string; target: string };
export type BrandModel = NonNullable<OnlineStoreSeed['brand']>;

export type OnlineStore = {
  brand: BrandModel | null;
  policies: Partial<Record<PolicyField, PolicyModel>>;
  pages: PageModel[];
  blogs: BlogModel[];
  articles: ArticleModel[];
  menus: MenuModel[];
  urlRedirects: RedirectModel[];
};

const image = (seed: z.infer<typeof imageSeed>, id: number): ImageModel => ({
  id: gid('ArticleImage', id),
  file: seed.file,
  altText: seed.altText ?? null,
  width: seed.width,
  height: seed.height,
});

/** Link a validated seed into models. Menu item ids are numbered depth-first from the menu's id × 100. */
export function buildOnlineStore(seed: OnlineStoreSeed): OnlineStore {
  const policies: OnlineStore['policies'] = {};
  for (const [field, policy] of Object.entries(seed.policies) as [PolicyField, z.infer<typeof policySeed>][]) {
    policies[field] = {
      __typename: 'ShopPolicy',
      id: gid('ShopPolicy', Object.keys(POLICY_HANDLES).indexOf(field) + 1),
      handle: POLICY_HANDLES[field],
      ...policy,
    };
  }
  const blogs = seed.blogs.map((b): BlogModel => {
    const blog: BlogModel = { __typename: 'Blog', numericId: b.id, id: gid('Blog', b.id), handle: b.handle, title: b.title, articles: [] };
    blog.articles = b.articles.map((a) => {
      const author = { ...a.author, name: `${a.author.firstName} ${a.author.lastName}`, bio: a.author.bio ?? null };
      return {
        __typename: 'Article',
        numericId: a.id,
        id: gid('Article', a.id),
        handle: a.handle,
        title: a.title,
        author,
        authorV2: author,
        contentHtml: a.contentHtml,
        excerptHtml: a.excerptHtml ?? null,
        publishedAt: a.publishedAt,
        tags: a.tags,
        image: a.image ? image(a.image, a.id) : null,
        blog,
      };
    });
    return blog;
  });
  const menus = seed.menus.map((m): MenuModel => {
    let next = m.id * 100;
    const item = (s: MenuItemSeed): MenuItemModel => ({
      id: gid('MenuItem', ++next),
      title: s.title,
      type: s.type,
      resource: s.resource ?? null,
      url: s.url ?? null,
      tags: s.tags ?? [],
      items: (s.items ?? []).map(item),
    });
    return { __typename: 'Menu', id: gid('Menu', m.id), handle: m.handle, title: m.title, items: m.items.map(item) };
  });
  return {
    brand: seed.brand ?? null,
    policies,
    pages: seed.pages.map((p) => ({ ...p, __typename: 'Page', numericId: p.id, id: gid('Page', p.id) })),
    blogs,
    articles: blogs.flatMap((b) => b.articles),
    menus,
    urlRedirects: seed.urlRedirects.map((r) => ({
      __typename: 'UrlRedirect',
      numericId: r.id,
      id: gid('UrlRedirect', r.id),
      path: r.path,
      target: r.target,
    })),
  };
}

/** Read and validate `{contentDir}/online-store.json` (empty when absent). @throws with zod's message when invalid. */
export function loadOnlineStore(contentDir: string): OnlineStore {
  return buildOnlineStore(readSeedFile(contentDir, 'online-store.json', onlineStoreSeed));
}
