/**
 * The server's one route table (docs/architecture.md §4, ADR-0032): client/routes.tsx
 * `createRoutes` over the server's data source, built once by the app (server/app.ts) and handed
 * to everything that asks which route a path is: the request policy (server/http/request-policy.ts),
 * the render handler, the page cache's keys, the request metrics and the redirect table.
 *
 * `match` is react-router's `matchRoutes`, remembered for the most recent pathnames: react-router
 * flattens and ranks the whole table on every call, which took a fifth of the CPU of a cached
 * page view (CPU profile under `npm run bench`'s load). Bounded, so odd paths from crawlers
 * cannot grow it. Ids, full path patterns and each route's payload params come from the same
 * table, never written again elsewhere.
 */
import { LRUCache } from 'lru-cache';
import { generatePath, matchRoutes, type RouteMatch, type RouteObject } from 'react-router';
import { ROUTE_QUERY_PARAMS } from '../../shared/route-query';
import type { RouteId } from '../../shared/route-data';

const MAX_PATHS = 2_000;

/** react-router's matches of a pathname, outermost route first. Shared between callers: read, never change. */
export type RouteMatches = readonly RouteMatch<string, RouteObject>[];

export type RouteTable = {
  /** The route objects (client/routes.tsx), for react-router's static handler. */
  readonly routes: RouteObject[];
  /** The matches of a URL pathname ('/products/x'), or null when none; cached (see the module comment). */
  match(pathname: string): RouteMatches | null;
  /**
   * The page path a route id and its params stand for (`product`, `{ handle: 'x' }` → `/products/x`),
   * as the browser's router would have matched it; null for a route that is not a page of its own
   * (`root`, layouts, unknown ids) or a missing param. Params are percent-encoded.
   */
  pagePath(routeId: string, params: Readonly<Record<string, unknown>>): string | null;
  /**
   * The query parameters of a route's payload (`/__payload/{routeId}?{params}`): its path params
   * (`handle`, `slug`: the browser sends a loader's params as the query, client/data-source.ts) and
   * the query parameters its page reads (shared/route-query.ts). Empty for an unknown id.
   */
  payloadParams(routeId: string): ReadonlySet<string>;
};

/**
 * @param routes the app's route objects (`createRoutes(dataSource)`), the same array for the process's life
 */
export function createRouteTable(routes: RouteObject[]): RouteTable {
  const cache = new LRUCache<string, { matches: RouteMatches | null }>({ max: MAX_PATHS });
  // A Map, since route ids come from the shopper (`/__payload/{routeId}`): on a plain object
  // `constructor` or `__proto__` would find Object.prototype's members (tests/server/prototype-names.test.ts).
  const patterns = new Map<string, string>();
  const params = new Map<string, ReadonlySet<string>>();
  const walk = (list: RouteObject[], parentPath: string, inherited: string[]) => {
    for (const route of list) {
      const own = route.path ?? '';
      const full = own.startsWith('/') ? own : `${parentPath.replace(/\/$/, '')}/${own}`;
      const names = [...inherited, ...[...own.matchAll(/:(\w+)/g)].map((m) => m[1])];
      if (route.id) {
        params.set(route.id, new Set([...names, ...(ROUTE_QUERY_PARAMS[route.id as RouteId] ?? [])]));
        // A page: a route with a loader or a component, and a path or index of its own (not the root layout).
        if ((route.path !== undefined || route.index) && parentPath !== '' && !full.endsWith('*')) patterns.set(route.id, full);
      }
      if (route.children) walk(route.children, full, names);
    }
  };
  walk(routes, '', []);
  const none: ReadonlySet<string> = new Set();
  return {
    routes,
    match(pathname) {
      let entry = cache.get(pathname);
      if (!entry) {
        entry = { matches: matchRoutes(routes, pathname) };
        cache.set(pathname, entry);
      }
      return entry.matches;
    },
    pagePath(routeId, values) {
      const pattern = patterns.get(routeId);
      if (pattern === undefined) return null;
      const strings: Record<string, string> = {};
      for (const name of pattern.matchAll(/:(\w+)/g)) {
        const value = values[name[1]];
        if (typeof value !== 'string' || value === '') return null;
        strings[name[1]] = value;
      }
      return generatePath(pattern, strings);
    },
    payloadParams: (routeId) => params.get(routeId) ?? none,
  };
}
