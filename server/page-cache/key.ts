/**
 * Page cache keys (docs/architecture.md §8 "Origin page cache"): one entry per build id, site
 * origin and page identity. GET and HEAD share an entry (a HEAD answer is the GET answer without
 * a body). The identity is the path and only the query parameters the page reads
 * (shared/route-query.ts, the list the canonical link is built from too), sorted, one value each:
 * `?b=2&a=1` and `?a=1&b=2` are one entry, and `/?utm_source=x` or `/?cb=92801` is the entry of
 * `/` (one render, not one per tracking id or cache buster). The fragment never reaches the
 * server.
 */
import type { RouteObject } from 'react-router';
import { keptPath, ROUTE_QUERY_PARAMS } from '../../shared/route-query';
import type { RouteId } from '../../shared/route-data';

/**
 * The store key of a page: `page:{buildId}:{site origin}:GET:{identity}` (`identity` from
 * `pageIdentity` or `payloadIdentity`). The origin (config.siteUrl's, never the Host header)
 * keeps two shops sharing one Redis (staging and production, or two local runs) from serving
 * each other's pages, whose links and image URLs are absolute.
 */
export function pageKey(buildId: string, origin: string, identity: string): string {
  return `page:${buildId}:${origin}:GET:${identity}`;
}

/**
 * The query parameters of each route's payload (`/__payload/{routeId}?{params}`): the route's
 * path params (`handle`, `slug`: the browser sends a loader's params as the query, client/data-source.ts)
 * and the query parameters its page reads. Built once from the route table.
 */
export function payloadParams(routes: RouteObject[]): (routeId: string) => ReadonlySet<string> {
  const byId = new Map<string, Set<string>>();
  const walk = (list: RouteObject[], inherited: string[]) => {
    for (const route of list) {
      const names = [...inherited, ...[...(route.path ?? '').matchAll(/:(\w+)/g)].map((m) => m[1])];
      if (route.id) byId.set(route.id, new Set([...names, ...(ROUTE_QUERY_PARAMS[route.id as RouteId] ?? [])]));
      if (route.children) walk(route.children, names);
    }
  };
  walk(routes, []);
  const none = new Set<string>();
  return (routeId) => byId.get(routeId) ?? none;
}

/** A payload's identity: its path and only its route's params (see `payloadParams`), sorted. */
export function payloadIdentity(url: URL, params: ReadonlySet<string>): string {
  return keptPath(url.pathname, url.searchParams, params);
}
