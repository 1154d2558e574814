/**
 * `matchRoutes` for the per-request hot path (the page cache's classifier, the metrics label):
 * react-router flattens and ranks the whole route table on every call, which took a fifth of
 * the CPU of a cached page view (CPU profile under `npm run bench`'s load). The answer depends
 * only on the table and the pathname, so it is remembered per table for the most recent
 * pathnames (bounded, so odd paths from crawlers cannot grow it).
 *
 * Input: the route table (client/routes.tsx `createRoutes`, the same array for the process's
 * life) and a URL pathname ('/products/x'). Output: react-router's matches, or null. The
 * returned array is shared between callers: read it, never change it.
 */
import { LRUCache } from 'lru-cache';
import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router';

const MAX_PATHS = 2_000;

type Matches = RouteMatch<string, RouteObject>[];
const byTable = new WeakMap<RouteObject[], LRUCache<string, { matches: Matches | null }>>();

export function matchRoutesCached(routes: RouteObject[], pathname: string): Matches | null {
  let cache = byTable.get(routes);
  if (!cache) {
    cache = new LRUCache({ max: MAX_PATHS });
    byTable.set(routes, cache);
  }
  let entry = cache.get(pathname);
  if (!entry) {
    entry = { matches: matchRoutes(routes, pathname) };
    cache.set(pathname, entry);
  }
  return entry.matches;
}
