/**
 * Which query parameters make a different page (docs/architecture.md §4.3 canonical, §8 "Origin
 * page cache"): one list per route, read by the origin page cache's key (server/page-cache/key.ts)
 * and by the canonical / `og:url` link (client/lib/seo.ts, written by the server's render handler
 * and by the browser's HeadSync). Every other parameter — `utm_*`, `gclid`, `fbclid`, a cache
 * buster — is ignored: it neither makes a new page-cache entry (and a new render) nor appears in
 * the canonical URL.
 *
 * A parameter belongs here when the route's loader reads it or the page's server-rendered HTML
 * depends on it; adding a loader or a server-rendered use of a parameter means adding it here,
 * or the page cache would serve one variant for all. Personal routes (PERSONAL_ROUTES: the cart,
 * the account screens) list none: they are never page-cached, and their query (a return path, a
 * refusal code, a mail's one-time link) names no other page, so their canonical URL is the path.
 */
import type { RouteId } from './route-data';

/** A paginated list's page number (`?page=N`, shared/route-data.ts `journal`). */
export const PAGE_PARAM = 'page';
/** The product page's chosen variant, its numeric id (client/lib/variants.ts). */
export const VARIANT_PARAM = 'variant';
/** The product page's chosen selling plan, its numeric id (Shopify's name; absent = one-time). */
export const SELLING_PLAN_PARAM = 'selling_plan';

/** Per route: the query parameters its page reads. Routes not listed read none. */
export const ROUTE_QUERY_PARAMS: { readonly [R in RouteId]?: readonly string[] } = {
  product: [VARIANT_PARAM, SELLING_PLAN_PARAM],
  journal: [PAGE_PARAM],
  works: [PAGE_PARAM],
  // Also read under an item's URL (/photo-stream/{slug}?page=N): the grid is its parent route.
  photoStream: [PAGE_PARAM],
};

/** The query parameters the matched routes (`routeIds`, react-router's matches) read. */
export function queryParamsOf(routeIds: readonly string[]): Set<string> {
  return new Set(routeIds.flatMap((id) => ROUTE_QUERY_PARAMS[id as RouteId] ?? []));
}

/**
 * `pathname` with only the `kept` parameters of `search`, sorted by name, each once with the
 * first value given (the one `URLSearchParams.get`, and so every loader, reads), encoded the way
 * URLSearchParams encodes. E.g. `/journal`, `?utm_source=x&page=2` → `/journal?page=2`.
 */
export function keptPath(pathname: string, search: string | URLSearchParams, kept: ReadonlySet<string>): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const names = [...kept].filter((name) => params.has(name)).sort();
  const query = new URLSearchParams(names.map((name) => [name, params.get(name) ?? ''])).toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** A page's identity: its path and the parameters its matched routes read (see `keptPath`). */
export function pagePath(routeIds: readonly string[], pathname: string, search: string | URLSearchParams): string {
  return keptPath(pathname, search, queryParamsOf(routeIds));
}
