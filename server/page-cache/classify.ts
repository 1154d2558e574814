/**
 * Which requests the page cache may answer or fill, and the purge tags of what it stores
 * (docs/architecture.md §8 "Origin page cache").
 *
 * Eligible: `GET`/`HEAD` of a page (the render handler's catch-all) or a payload
 * (`/__payload/{routeId}`) that is not personal. Personal, never cached: the personal routes
 * (the cart, the account screens: PERSONAL_ROUTES), and every request that carries an `unlock_*`
 * cookie (its product page or payload may be the unlocked one; other pages are simply not
 * cached for that visitor) or a `preview` cookie (its pages may show drafts, server/preview). Never: `/api/*`, health, `/__build`, `/assets/*`. The response must
 * then also qualify (see middleware.ts): status 200 or 404, `Cache-Control: public…`, no
 * `Set-Cookie`.
 *
 * Tags: every entry has `all`; a product page or payload has `product:{handle}`; every other
 * page or payload has `lists` (the home page, lists, collections, editorial and the root
 * payload, any of which may show any product). Webhooks purge by tag (purge-rules.ts).
 */
import { pagePath } from '../../shared/route-query';
import type { RouteTable } from '../render/route-table';
import { PERSONAL_ROUTES } from '../loaders';
import { payloadIdentity } from './key';

/**
 * `identity`: the path and the query parameters the page or payload reads (key.ts), what the
 * entry is stored under and what a background refresh renders.
 */
export type Classification =
  { kind: 'page' | 'payload'; tags: string[]; identity: string } | { kind: 'bypass'; reason: 'method' | 'path' | 'personal' | 'cookie' };

const NEVER = /^\/(?:api(?:\/|$)|assets\/|healthz$|readyz$|__build$)/;
const PAYLOAD = /^\/__payload\/([^/]+)$/;
const UNLOCK_COOKIE = /(?:^|;\s*)unlock_[^=;]*=/;
const PREVIEW_COOKIE = /(?:^|;\s*)preview=/;

export const TAG_ALL = 'all';
export const TAG_LISTS = 'lists';
export const productTag = (handle: string) => `product:${handle}`;

/**
 * @param table the app's route table (server/render/route-table.ts), for matching page paths
 */
export function createClassifier(table: RouteTable): (method: string, url: URL, cookie: string | undefined) => Classification {
  return (method, url, cookie) => {
    if (method !== 'GET' && method !== 'HEAD') return { kind: 'bypass', reason: 'method' };
    if (NEVER.test(url.pathname)) return { kind: 'bypass', reason: 'path' };
    if (cookie && (UNLOCK_COOKIE.test(cookie) || PREVIEW_COOKIE.test(cookie))) return { kind: 'bypass', reason: 'cookie' };
    const payload = PAYLOAD.exec(url.pathname);
    if (payload) {
      let routeId: string;
      try {
        routeId = decodeURIComponent(payload[1]);
      } catch {
        return { kind: 'bypass', reason: 'path' };
      }
      if (PERSONAL_ROUTES.has(routeId as never)) return { kind: 'bypass', reason: 'personal' };
      const handle = url.searchParams.get('handle');
      return { kind: 'payload', tags: tagsFor(routeId === 'product' ? handle : null), identity: payloadIdentity(url, table.payloadParams(routeId)) };
    }
    const matches = table.match(url.pathname) ?? [];
    if (matches.some((m) => PERSONAL_ROUTES.has(m.route.id as never))) return { kind: 'bypass', reason: 'personal' };
    const product = matches.find((m) => m.route.id === 'product');
    const identity = pagePath(
      matches.map((m) => m.route.id ?? ''),
      url.pathname,
      url.searchParams,
    );
    return { kind: 'page', tags: tagsFor(product ? (product.params.handle ?? null) : null), identity };
  };
}

function tagsFor(productHandle: string | null): string[] {
  return productHandle ? [TAG_ALL, productTag(productHandle)] : [TAG_ALL, TAG_LISTS];
}
