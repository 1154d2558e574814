/**
 * `?page=N` of the editorial lists: parsing (a bad or out-of-range page is a 404, like any
 * unknown path, spec §8, whose message names the list's path without the query, by the one
 * path rule of shared/route-data.ts), and the prev/next links for the page and for the head
 * (`<link rel="prev|next">`).
 */
import type { Pagination, Seo } from '../../shared/types';
import { notFound } from './params';
import { absoluteUrl } from './structured-data';

/** At most this many pages are addressable (guards the cache key space against junk queries). */
const MAX_PAGE = 9999;

/** Path of page `page` of the list at `path`: the first page has no query. */
export const pagePath = (path: string, page: number) => (page <= 1 ? path : `${path}?page=${page}`);

/**
 * The 1-based page number from the `page` param: absent means 1; anything but a positive
 * integer without leading zeros (up to MAX_PAGE) is a 404 for `path`.
 */
export function requestedPage(raw: string | undefined, path: string): number {
  if (raw === undefined) return 1;
  const page = /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : NaN;
  if (!(page <= MAX_PAGE)) throw notFound(path);
  return page;
}

/**
 * The pagination of page `page` of `total` items, `size` a page.
 * @throws RouteError 404 when `page` is past the last page (an empty list still has page 1)
 */
export function paginate(path: string, page: number, size: number, total: number): Pagination {
  const pageCount = Math.max(1, Math.ceil(total / size));
  if (page > pageCount) throw notFound(path);
  return {
    page,
    pageCount,
    total,
    prev: page > 1 ? pagePath(path, page - 1) : null,
    next: page < pageCount ? pagePath(path, page + 1) : null,
  };
}

/** The head's `<link rel="prev|next">` for a pagination, absolute on `siteUrl`. */
export function paginationLinks(siteUrl: string, pagination: Pagination): NonNullable<Seo['links']> {
  const links: NonNullable<Seo['links']> = [];
  if (pagination.prev) links.push({ rel: 'prev', href: absoluteUrl(siteUrl, pagination.prev) });
  if (pagination.next) links.push({ rel: 'next', href: absoluteUrl(siteUrl, pagination.next) });
  return links;
}
