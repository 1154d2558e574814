/**
 * The redirect table from the content lake (content/FORMAT.md `redirect` documents), cached
 * stale-while-revalidate like the site settings (docs/architecture.md §8: fresh 60 s, then
 * served stale for 10 min while one refresh runs; a failed refresh keeps the stale table).
 * What is cached is the validated entries, so refused entries are logged once per load, not
 * on every request.
 */
import { z } from 'zod';
import { resolveRoute } from '../../shared/links';
import type { Cache } from '../cache';
import { FRESH_MS, STALE_MS } from '../loaders/upstream-data';
import type { Logger } from '../logger';
import type { ContentClient } from '../upstream/content/client';
import { parseContent } from '../upstream/content/schemas';
import { RedirectTable, type RedirectEntry } from './table';

/** Every published redirect; a linked document is projected as its route's inputs. */
export const REDIRECTS_QUERY = `*[_type == "redirect"] | order(_id asc){
  _id, source, destination, permanent, "page": page->{ _type, "slug": slug.current } }`;

const RedirectsSchema = z.array(
  z.object({
    _id: z.string(),
    source: z.string(),
    destination: z.string().nullish(),
    permanent: z.boolean().nullish(),
    page: z.object({ _type: z.string().nullish(), slug: z.string().nullish() }).nullish(),
  }),
);

/** Cache key of the validated entries. */
export const REDIRECTS_CACHE_KEY = 'content:redirects';

export type RedirectSource = {
  /**
   * The current table. Never throws: with the lake failing and nothing cached the table is
   * empty (logged), so a content outage turns legacy paths into 404s rather than 500s.
   */
  table(): Promise<RedirectTable>;
};

/** The documents as table entries: `destination` wins over `page`; absent `permanent` is true (Shopify's redirects are all 301). */
export function toEntries(docs: z.output<typeof RedirectsSchema>): RedirectEntry[] {
  return docs.map((doc) => ({
    id: doc._id,
    source: doc.source,
    destination: doc.destination ?? (doc.page ? resolveRoute(doc.page) : null),
    permanent: doc.permanent ?? true,
  }));
}

/** The redirect source over the content client and the shared cache. */
export function createRedirectSource(deps: { content: ContentClient; cache: Cache; log: Logger }): RedirectSource {
  const load = async (): Promise<RedirectEntry[]> => {
    const docs = parseContent(RedirectsSchema, await deps.content.fetch(REDIRECTS_QUERY), 'redirects');
    const entries = toEntries(docs);
    const table = RedirectTable.build(entries);
    for (const refused of table.refused) deps.log.warn({ redirect: refused }, 'redirect refused');
    // Only the entries that survived are cached, so the warnings above come once per load.
    const refusedIds = new Set(table.refused.map((r) => r.id));
    return entries.filter((e) => !refusedIds.has(e.id));
  };
  // The in-process cache hands back the same array until it refreshes: build the table once per array.
  let last: { entries: RedirectEntry[]; table: RedirectTable } | null = null;
  return {
    async table() {
      try {
        const entries = await deps.cache.swr(REDIRECTS_CACHE_KEY, FRESH_MS, STALE_MS, load);
        if (last?.entries !== entries) last = { entries, table: RedirectTable.build(entries) };
        return last.table;
      } catch (err) {
        deps.log.error({ err }, 'redirect table unavailable; serving none');
        return RedirectTable.build([]);
      }
    },
  };
}
