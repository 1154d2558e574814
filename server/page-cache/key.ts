/**
 * Page cache keys (docs/architecture.md §8 "Origin page cache"): one entry per build id, site
 * origin and normalised URL. GET and HEAD share an entry (a HEAD answer is the GET answer without a body).
 * The query is normalised (parameters sorted by name, then value; encoded the one way
 * URLSearchParams encodes), so `?b=2&a=1` and `?a=1&b=2` are one entry; the fragment never
 * reaches the server.
 */

/** The normalised path and query of `url`, e.g. `/__payload/product?handle=x`. */
export function normalisedPath(url: URL): string {
  const params = [...url.searchParams.entries()].sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/**
 * The store key of a page: `page:{buildId}:{site origin}:GET:{normalised path and query}`. The
 * origin (config.siteUrl's, never the Host header) keeps two shops sharing one Redis (staging and
 * production, or two local runs) from serving each other's pages, whose links and image URLs
 * are absolute.
 */
export function pageKey(buildId: string, url: URL): string {
  return `page:${buildId}:${url.origin}:GET:${normalisedPath(url)}`;
}
