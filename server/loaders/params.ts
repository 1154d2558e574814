/** Route param checks shared by the loaders: a bad handle or slug is simply a page not found. */
import { notFoundMessage, RouteError } from '../../shared/route-data';

const SEGMENT = /^[a-z0-9][a-z0-9_-]{0,127}$/i;

/**
 * RouteError 404 "Page Not Found: {path}" (spec §2/§8), by the one path rule of
 * shared/route-data.ts `notFoundMessage`: `path` is the page's path only (never its query
 * string), built from react-router's decoded params, e.g. `/products/${handle}`.
 */
export const notFound = (path: string) => new RouteError(404, notFoundMessage(path));

/** `value` if it is a plausible handle/slug, else a 404 for `pathOf(value)` (the decoded page path). */
export function segment(value: string | undefined, pathOf: (v: string) => string): string {
  if (!value || !SEGMENT.test(value)) throw notFound(pathOf(value ?? ''));
  return value;
}
