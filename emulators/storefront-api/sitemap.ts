/**
 * `sitemap(type:)`: the resources of one SitemapType in pages of up to 250 (`resources(page:)`,
 * pages numbered from 1, `pagesCount` = how many pages hold items). Products and collections
 * come from the catalog, pages, blogs and articles from the online-store seed; no renderable
 * metaobjects are seeded, so METAOBJECT has none.
 */
import type { ImageModel } from './catalog';
import type { StorefrontContext } from './context';
import { imageUrl } from './image-urls';

export type SitemapType = 'ARTICLE' | 'BLOG' | 'COLLECTION' | 'METAOBJECT' | 'PAGE' | 'PRODUCT';

/** Shopify's page size for sitemap resources. */
export const SITEMAP_PAGE_SIZE = 250;

type SitemapItem = { __typename: 'SitemapResource'; handle: string; title: string; updatedAt: string; image: object | null };

function resources(ctx: StorefrontContext, type: SitemapType): SitemapItem[] {
  const image = (img: ImageModel | null, updatedAt: string) => (img ? { alt: img.altText, filepath: imageUrl(ctx.origin, img), updatedAt } : null);
  const item = (handle: string, title: string, updatedAt: string, img: ImageModel | null = null): SitemapItem => ({
    __typename: 'SitemapResource',
    handle,
    title,
    updatedAt,
    image: image(img, updatedAt),
  });
  const store = ctx.onlineStore;
  switch (type) {
    case 'PRODUCT':
      return ctx.catalog.products.map((p) => item(p.handle, p.title, p.updatedAt, p.images[0] ?? null));
    case 'COLLECTION':
      return ctx.catalog.collections.map((c) => item(c.handle, c.title, c.updatedAt, c.image));
    case 'PAGE':
      return store.pages.map((p) => item(p.handle, p.title, p.updatedAt));
    case 'BLOG':
      return store.blogs.map((b) =>
        item(
          b.handle,
          b.title,
          b.articles.reduce((max, a) => (a.publishedAt > max ? a.publishedAt : max), '1970-01-01T00:00:00Z'),
        ),
      );
    case 'ARTICLE':
      return store.articles.map((a) => item(`${a.blog.handle}/${a.handle}`, a.title, a.publishedAt, a.image));
    case 'METAOBJECT':
      return [];
  }
}

/** How many pages `type` has. */
export function sitemapPagesCount(ctx: StorefrontContext, type: SitemapType): number {
  return Math.ceil(resources(ctx, type).length / SITEMAP_PAGE_SIZE);
}

/** Page `page` (from 1) of `type`: `{ items, hasNextPage }`; pages past the end are empty. */
export function sitemapPage(ctx: StorefrontContext, type: SitemapType, page: number) {
  const all = resources(ctx, type);
  const start = (Math.max(page, 1) - 1) * SITEMAP_PAGE_SIZE;
  return { items: page < 1 ? [] : all.slice(start, start + SITEMAP_PAGE_SIZE), hasNextPage: start + SITEMAP_PAGE_SIZE < all.length };
}
