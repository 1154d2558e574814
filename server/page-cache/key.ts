/**
 * Page cache keys (docs/architecture.md §8 "Origin page cache"): one entry per build id, site
 * origin and page identity. GET and HEAD share an entry (a HEAD answer is the GET answer without
 * a body). The identity is the path and only the query parameters the page reads
 * (shared/route-query.ts, the list the canonical link is built from too), sorted, one value each:
 * `?b=2&a=1` and `?a=1&b=2` are one entry, and `/?utm_source=x` or `/?cb=92801` is the entry of
 * `/` (one render, not one per tracking id or cache buster). The fragment never reaches the
 * server.
 */
import { keptPath } from '../../shared/route-query';

/**
 * The store key of a page: `page:{buildId}:{site origin}:GET:{identity}` (`identity` from
 * `pageIdentity` or `payloadIdentity`). The origin (config.siteUrl's, never the Host header)
 * keeps two shops sharing one Redis (staging and production, or two local runs) from serving
 * each other's pages, whose links and image URLs are absolute.
 */
export function pageKey(buildId: string, origin: string, identity: string): string {
  return `page:${buildId}:${origin}:GET:${identity}`;
}

/** A payload's identity: its path and only its route's params (server/render/route-table.ts `payloadParams`), sorted. */
export function payloadIdentity(url: URL, params: ReadonlySet<string>): string {
  return keptPath(url.pathname, url.searchParams, params);
}
