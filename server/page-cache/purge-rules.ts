/**
 * What a change in an upstream touches (docs/architecture.md §8 "Origin page cache"): the page
 * tags to purge (classify.ts) and the data-cache key prefixes to delete, so that the next render
 * reads the change rather than a cached copy of the old data.
 *
 * Every page carries the site settings, whose header includes product prices, and any editorial
 * document may reference any other, so the rules err towards purging more:
 *
 * * Sanity `productCard` with a slug: that product's page and payloads, and every non-product
 *   page (`lists`: home, lists, collections, editorial, the root payload). Other product pages
 *   show it only among their recommendations, which refresh within the fresh window (60 s).
 * * any other Sanity document (settings, home, collections, editorial, redirects…): everything.
 * * Shopify `products/*`, `collections/*`, `inventory_levels/*`, `inventory_items/*`: everything
 *   (prices and availability appear in the header of every page).
 * * Sanity changes delete every `content:` data key; Shopify changes every `storefront:` key.
 * * Any other Shopify topic touches nothing (answered 200, ignored).
 */
import { productTag, TAG_ALL, TAG_LISTS } from './classify';

export type Purge = { tags: string[]; dataPrefixes: string[] };

/** A Sanity webhook body: the document (or Sanity's default projection of it). */
export type SanityChange = { _id?: unknown; _type?: unknown; slug?: unknown };

const HANDLE = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** What a changed Sanity document touches. */
export function sanityPurge(change: SanityChange): Purge {
  const slug = typeof change.slug === 'string' ? change.slug : (change.slug as { current?: unknown } | undefined)?.current;
  if (change._type === 'productCard' && typeof slug === 'string' && HANDLE.test(slug)) {
    return { tags: [productTag(slug), TAG_LISTS], dataPrefixes: ['content:'] };
  }
  return { tags: [TAG_ALL], dataPrefixes: ['content:'] };
}

const SHOPIFY_TOPICS = /^(?:products|collections|inventory_levels|inventory_items)\//;

/** What a Shopify webhook topic touches, or null when it touches nothing the shop renders. */
export function shopifyPurge(topic: string): Purge | null {
  return SHOPIFY_TOPICS.test(topic) ? { tags: [TAG_ALL], dataPrefixes: ['storefront:'] } : null;
}
