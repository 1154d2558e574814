/**
 * What the sitemaps list (spec §2 routes): every live public URL exactly once,
 * grouped by type, with its last modification time. Built from the content lake's routable
 * documents, each turned into its path by shared/links.ts `resolveRoute` (the one route
 * function), so a document type gets into the sitemap exactly when it has a route.
 *
 * Left out: drafts (published perspective), inactive and password-protected product cards,
 * cards without a Storefront product (their page is a 404), redirect sources (they answer 301),
 * and the personal or technical paths (cart, accounts, API, payloads, /404).
 * Cached stale-while-revalidate like the other content reads (docs/architecture.md §8).
 */
import { z } from 'zod';
import { resolveRoute } from '../../shared/links';
import type { Cache } from '../cache';
import { FRESH_MS, STALE_MS } from '../loaders/upstream-data';
import type { RedirectSource } from '../redirects/source';
import type { ContentClient } from '../upstream/content/client';
import { parseContent } from '../upstream/content/schemas';

/** The sitemaps of the index, in order: `/sitemaps/{name}.xml`. */
export const SITEMAP_NAMES = ['products', 'collections', 'journal', 'works', 'photo-stream', 'pages'] as const;
export type SitemapName = (typeof SITEMAP_NAMES)[number];

/** One URL: the root-relative path (URI-encoded) and its last change (ISO 8601), if known. */
export type SitemapUrl = { path: string; lastmod: string | null };

/** The URLs of each sitemap. */
export type Sitemaps = Record<SitemapName, SitemapUrl[]>;

/** Which sitemap a document type's pages go to (document types as in content/FORMAT.md). */
const SITEMAP_OF_TYPE: Record<string, SitemapName> = {
  productCard: 'products',
  collection: 'collections',
  productCollection: 'collections',
  collectionsListPage: 'collections',
  journalEntry: 'journal',
  journalListPage: 'journal',
  work: 'works',
  worksListPage: 'works',
  photoStreamItem: 'photo-stream',
  photoStream: 'photo-stream',
  homepage: 'pages',
  aboutPage: 'pages',
  contactPage: 'pages',
  retailPartners: 'pages',
  membershipPage: 'pages',
  page: 'pages',
};

/** Paths no sitemap lists: personal, technical or error pages (robots.txt disallows most). */
const NEVER_LISTED = /^\/(cart|accounts|api|__payload|404)(\/|$)/;

/** params: { types }. `locked`: a password-protected card; `active`: a card's status allows it. */
export const SITEMAP_DOCUMENTS_QUERY = `*[_type in $types] | order(_id asc){
  _type, "slug": slug.current, _updatedAt,
  "locked": coalesce(password.passwordProtectPage, false) || coalesce(productDrop.passwordProtectPage, false),
  "active": coalesce(status, "active") == "active" }`;

const DocumentsSchema = z.array(
  z.object({
    _type: z.string(),
    slug: z.string().nullish(),
    _updatedAt: z.string().nullish(),
    locked: z.boolean().nullish(),
    active: z.boolean().nullish(),
  }),
);

/** An ISO 8601 time, or null when `value` is not a date. */
function isoOrNull(value: string | null | undefined): string | null {
  const time = value ? Date.parse(value) : NaN;
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** The later of two ISO times (null: unknown). */
const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

export type SitemapDeps = {
  content: ContentClient;
  cache: Cache;
  redirects: RedirectSource;
  /** Catalog handles that exist in the Storefront API (the price index's keys). */
  productHandles(): Promise<Iterable<string>>;
};

/**
 * Every sitemap's URLs, sorted by path; no path appears twice across sitemaps (the first
 * sitemap in SITEMAP_NAMES order keeps it, with the latest lastmod). The products sitemap also
 * lists `/products` (dated by its newest product).
 * @throws UpstreamError when the content lake or the Storefront API fails with nothing cached
 */
export async function loadSitemaps(deps: SitemapDeps): Promise<Sitemaps> {
  return deps.cache.swr('content:sitemap', FRESH_MS, STALE_MS, async () => {
    const [raw, handles, redirects] = await Promise.all([
      deps.content.fetch(SITEMAP_DOCUMENTS_QUERY, { types: Object.keys(SITEMAP_OF_TYPE) }),
      deps.productHandles(),
      deps.redirects.table(),
    ]);
    const documents = parseContent(DocumentsSchema, raw, 'sitemap documents');
    const products = new Set(handles);
    const byPath = new Map<string, { sitemap: SitemapName; lastmod: string | null }>();
    const add = (sitemap: SitemapName, path: string, lastmod: string | null) => {
      if (NEVER_LISTED.test(path) || redirects.match(path)) return;
      const seen = byPath.get(path);
      if (!seen) byPath.set(path, { sitemap, lastmod });
      else
        byPath.set(path, {
          sitemap: SITEMAP_NAMES.indexOf(sitemap) < SITEMAP_NAMES.indexOf(seen.sitemap) ? sitemap : seen.sitemap,
          lastmod: later(seen.lastmod, lastmod),
        });
    };

    let newestProduct: string | null = null;
    for (const doc of documents) {
      const sitemap = SITEMAP_OF_TYPE[doc._type];
      const path = resolveRoute(doc);
      if (!sitemap || !path) continue;
      const lastmod = isoOrNull(doc._updatedAt);
      if (doc._type === 'productCard') {
        if (doc.locked || doc.active === false || !doc.slug || !products.has(doc.slug)) continue;
        newestProduct = later(newestProduct, lastmod);
      }
      add(sitemap, path, lastmod);
    }
    add('products', '/products', newestProduct);

    const sitemaps = Object.fromEntries(SITEMAP_NAMES.map((name) => [name, [] as SitemapUrl[]])) as Sitemaps;
    for (const [path, { sitemap, lastmod }] of byPath) sitemaps[sitemap].push({ path, lastmod });
    for (const urls of Object.values(sitemaps)) urls.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return sitemaps;
  });
}
