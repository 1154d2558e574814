/**
 * The server's RouteDataSource (shared/route-data.ts): each route id's loader over the cached
 * upstream reads. Upstream failures become RouteError 502/503/504 with the error page text, so the
 * render handler and the payload endpoint answer real status codes (docs/architecture.md §4.4).
 * A loader still running LATE_LOADER_GRACE_MS after the request's deadline (something that
 * ignored its signal, server/http/deadline.ts) is answered as a 504 without waiting for it.
 *
 * Only personal requests see the request's cookies (PERSONAL_ROUTES, a product with its unlock
 * cookie, a preview: the request policy, server/http/request-policy.ts; the payload endpoint
 * and the render handler pass them only there) and they are answered `private, no-store`; every other route's data is
 * the same for everyone and CDN-cacheable (docs/architecture.md §4).
 */
import { RouteError, type RouteDataMap, type RouteDataSource, type RouteId, type RouteParams } from '../../shared/route-data';
import type { CartService } from '../cart/service';
import type { CustomerService } from '../customer/service';
import { MESSAGES } from '../http/messages';
import { requestDeadline, requestLog } from '../http/request-context';
import type { Logger } from '../logger';
import type { UnlockTokens } from '../unlock/token';
import { UpstreamError } from '../upstream/errors';
import { accountLoaders } from './account';
import { loadCart } from './cart';
import { loadCollection, loadCollections, loadProduct, loadProducts } from './catalog';
import { loadHome, loadPage, loadRoot } from './content';
import { loadEditorialList, loadJournalEntry, loadPhotoStreamItem, loadWork } from './editorial';
import { loadContact, loadMembership, loadRetailPartners } from './fixed-pages';
import type { UpstreamData } from './upstream-data';

export { UpstreamData } from './upstream-data';

/**
 * How long after the request's deadline a loader may still take before its route answers 504
 * anyway (ms): the upstream calls end at the deadline, and what they leave takes well under this.
 */
export const LATE_LOADER_GRACE_MS = 500;

type Loaders = { [R in RouteId]: (params: RouteParams, request: Request) => Promise<RouteDataMap[R]> };

export type ServerDataSource = RouteDataSource & {
  /** Route ids this source serves (the payload endpoint 404s any other). */
  has(route: string): route is RouteId;
};

/**
 * @param deps.data   the cached upstream reads (catalog and content)
 * @param deps.cart   the cart service (the `cart` route reads the cookie's cart through it)
 * @param deps.customers the customer service (the account routes)
 * @param deps.siteUrl the shop's public origin (canonical URLs, JSON-LD, cookie flags)
 * @param deps.unlock the unlock cookies' verifier: the product loader shows a password-protected
 *   product in full only to a request holding a valid unlock (given cookies only then, see
 *   server/render/handler.tsx and server/routes/payload.ts)
 */
export function createServerDataSource(deps: {
  data: UpstreamData;
  cart: CartService;
  customers: CustomerService;
  siteUrl: string;
  log: Logger;
  unlock?: UnlockTokens;
}): ServerDataSource {
  const { data, siteUrl } = deps;
  const loaders: Loaders = {
    root: () => loadRoot(data, siteUrl),
    home: () => loadHome(data),
    products: () => loadProducts(data),
    product: (params, request) =>
      loadProduct(data, params, siteUrl, (handle) => deps.unlock?.unlocked(request.headers.get('cookie'), handle) ?? false),
    collections: () => loadCollections(data),
    collection: (params) => loadCollection(data, params),
    page: (params) => loadPage(data, params),
    journal: (params) => loadEditorialList(data, 'journal', params, siteUrl),
    works: (params) => loadEditorialList(data, 'works', params, siteUrl),
    photoStream: (params) => loadEditorialList(data, 'photoStream', params, siteUrl),
    journalEntry: (params) => loadJournalEntry(data, params, siteUrl),
    work: (params) => loadWork(data, params, siteUrl),
    photoStreamItem: (params) => loadPhotoStreamItem(data, params, siteUrl),
    membership: () => loadMembership(data),
    contact: () => loadContact(data),
    retailPartners: () => loadRetailPartners(data),
    cart: (_params, request) => loadCart(deps.cart, request),
    ...accountLoaders({ customers: deps.customers, siteUrl, log: deps.log }),
  };
  return {
    has: (route): route is RouteId => Object.hasOwn(loaders, route),
    async load<R extends RouteId>(route: R, params: RouteParams, request: Request): Promise<RouteDataMap[R]> {
      const deadline = requestDeadline();
      try {
        const work = (loaders[route] as (p: RouteParams, r: Request) => Promise<RouteDataMap[R]>)(params, request);
        if (!deadline) return await work;
        return await deadline.settleBy(work, LATE_LOADER_GRACE_MS, () => {
          requestLog(deps.log).error({ route, deadlineMs: deadline.ms }, 'route data still loading past the request deadline');
          return new RouteError(504, MESSAGES.errorPage);
        });
      } catch (err) {
        if (err instanceof UpstreamError) {
          requestLog(deps.log).error({ err, route }, 'route data failed upstream');
          throw new RouteError(err.status, MESSAGES.errorPage);
        }
        throw err;
      }
    },
  };
}
