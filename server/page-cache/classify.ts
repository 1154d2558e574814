/**
 * What the page cache does with a request, and the purge tags of what it stores
 * (docs/architecture.md §8 "Origin page cache"), from the request's policy
 * (server/http/request-policy.ts, ADR-0032), which alone decides what is personal.
 *
 * Eligible: a policy that is `pageCacheable`: a `GET`/`HEAD` of a page (the render handler's
 * catch-all) or a payload (`/__payload/{routeId}`) that is not personal (a personal route, the
 * product page or payload of a product whose unlock cookie the request carries, a preview).
 * Never: `/api/*`, health, `/__build` and `/__build/{id}`, `/assets/*`, metrics, SEO files (other
 * kinds). The response must then also qualify (see page-cache.ts): status 200 or 404,
 * `Cache-Control: public…`, no `Set-Cookie`.
 *
 * Tags: every entry has `all`; a product page or payload has `product:{handle}`; every other
 * page or payload has `lists` (the home page, lists, collections, editorial and the root
 * payload, any of which may show any product). Webhooks purge by tag (purge-rules.ts).
 */
import { pagePath } from '../../shared/route-query';
import type { RequestPolicy } from '../http/request-policy';
import type { RouteTable } from '../render/route-table';
import { payloadIdentity } from './key';

/**
 * `identity`: the path and the query parameters the page or payload reads (key.ts), what the
 * entry is stored under and what a background refresh renders. Bypass `personal` is marked on
 * the answer (`X-Page-Cache: BYPASS`); `method` and `path` (another kind of request) are not.
 */
export type Classification =
  { kind: 'page' | 'payload'; tags: string[]; identity: string } | { kind: 'bypass'; reason: 'method' | 'path' | 'personal' };

export const TAG_ALL = 'all';
export const TAG_LISTS = 'lists';
export const productTag = (handle: string) => `product:${handle}`;

/**
 * @param table the app's route table (server/render/route-table.ts): a payload's params
 */
export function createClassifier(table: RouteTable): (method: string, url: URL, policy: RequestPolicy) => Classification {
  return (method, url, policy) => {
    if (policy.pageCacheable) {
      const handle = policy.routeId === 'product' ? (policy.params.handle ?? null) : null;
      const identity =
        policy.kind === 'payload'
          ? payloadIdentity(url, table.payloadParams(policy.routeId ?? ''))
          : pagePath(policy.routeIds, url.pathname, url.searchParams);
      return { kind: policy.kind === 'payload' ? 'payload' : 'page', tags: tagsFor(handle), identity };
    }
    if (method !== 'GET' && method !== 'HEAD') return { kind: 'bypass', reason: 'method' };
    if (policy.kind !== 'page' && policy.kind !== 'payload') return { kind: 'bypass', reason: 'path' };
    return { kind: 'bypass', reason: policy.personal ? 'personal' : 'path' };
  };
}

function tagsFor(productHandle: string | null): string[] {
  return productHandle ? [TAG_ALL, productTag(productHandle)] : [TAG_ALL, TAG_LISTS];
}
