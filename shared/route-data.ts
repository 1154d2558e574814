/**
 * The contract between the route table (client/routes.tsx, shared by SSR and the browser) and
 * whoever supplies route data:
 * - on the server, `server/loaders/` implements `RouteDataSource` by calling the Storefront API
 *   and the content lake directly;
 * - in the browser, `client/data-source.ts` implements it by fetching the server's payload
 *   endpoint `GET /__payload/{routeId}?{params}` (JSON body = the route's data; non-2xx =
 *   `{ status, message }`), so the bundle carries no GraphQL or GROQ client (docs/architecture.md §4.5).
 *
 * A loader that cannot find its page throws `RouteError(404, "Page Not Found: {path}")`
 * (spec §8); an upstream failure throws `RouteError(5xx, …)`.
 */
import type { Customer, OrderDetail, OrderSummary } from './customer';
import type {
  Cart,
  CollectionSummary,
  ContactDetails,
  ContentPage,
  EditorialList,
  HomeModule,
  JournalEntry,
  MembershipTier,
  PhotoStreamItem,
  ProductCard,
  ProductDetail,
  RetailPartner,
  Seo,
  SiteSettings,
  Work,
} from './types';

export type RouteDataMap = {
  /**
   * Layout route: site settings for the shell. `isError` → 500 page (spec §4 App start).
   * `shopUnavailable`: the commerce API is down; the header shows SHOP_UNAVAILABLE_NOTE where the
   * cart button is, and the page is not cached (it is whole again once the API is back).
   */
  root: { settings: SiteSettings; isError: boolean; shopUnavailable: boolean };
  home: { seo: Seo; modules: HomeModule[] };
  products: { seo: Seo; products: ProductCard[] };
  product: { seo: Seo; product: ProductDetail; related: ProductCard[] };
  collections: { seo: Seo; title: string; collections: CollectionSummary[] };
  collection: { seo: Seo; collection: CollectionSummary & { descriptionHtml: string | null }; products: ProductCard[] };
  /** `/{slug}`: a generic page, or a page type whose fixed path is `/{slug}` (`/about`). */
  page: { seo: Seo; page: ContentPage };
  /**
   * The editorial lists (spec §2), paginated by `?page=N` (the `page` param; a bad or
   * out-of-range page is a 404); `seo.links` holds the head's rel=prev/next.
   */
  journal: { seo: Seo; list: EditorialList };
  works: { seo: Seo; list: EditorialList };
  photoStream: { seo: Seo; list: EditorialList };
  /** One entry, work or photo-stream item (`slug` param); an unknown slug is a 404. */
  journalEntry: { seo: Seo; entry: JournalEntry };
  work: { seo: Seo; work: Work };
  photoStreamItem: { seo: Seo; item: PhotoStreamItem };
  /** The fixed pages with fields of their own (spec §2 route resolution by page type). */
  membership: { seo: Seo; page: ContentPage; tiers: MembershipTier[] };
  contact: { seo: Seo; page: ContentPage; contact: ContactDetails };
  retailPartners: { seo: Seo; page: ContentPage; partners: RetailPartner[] };
  /**
   * `/cart`: the full-page cart. `cart` is the one named by the `cart_id` cookie (set by the
   * no-JavaScript add-to-cart form, ADR-0006), else null; with JavaScript the page shows the
   * browser's cart store instead. Personal data: answered `private, no-store`, never cached.
   */
  cart: { seo: Seo; cart: Cart | null };
  /**
   * The account screens (spec §2). Personal: their loaders see the cookies and every answer is
   * `private, no-store`. The sign-in screens redirect a signed-in customer to /accounts/account;
   * the protected ones redirect a visitor without a valid session to
   * /accounts/login?return={path}. A redirect thrown by a loader reaches the browser as a real
   * HTTP redirect (page) or as the payload endpoint's `X-Route-Redirect` header (navigation).
   */
  login: { seo: Seo };
  register: { seo: Seo };
  activate: { seo: Seo };
  forgotPassword: { seo: Seo };
  resetPassword: { seo: Seo };
  account: { seo: Seo; customer: Customer };
  addresses: { seo: Seo; customer: Customer };
  orders: { seo: Seo; orders: OrderSummary[] };
  order: { seo: Seo; order: OrderDetail };
};

export type RouteId = keyof RouteDataMap;

/** Every route id at run time; `satisfies` makes the compiler refuse a list that misses one. */
export const ROUTE_IDS = Object.keys({
  root: true,
  home: true,
  products: true,
  product: true,
  collections: true,
  collection: true,
  page: true,
  journal: true,
  works: true,
  photoStream: true,
  journalEntry: true,
  work: true,
  photoStreamItem: true,
  membership: true,
  contact: true,
  retailPartners: true,
  cart: true,
  login: true,
  register: true,
  activate: true,
  forgotPassword: true,
  resetPassword: true,
  account: true,
  addresses: true,
  orders: true,
  order: true,
} satisfies Record<RouteId, true>) as RouteId[];

/**
 * Routes whose data depends on the shopper (cookies): `Cache-Control: private, no-store`, and the
 * only answers that may set cookies (the account loaders renew or clear the customer session).
 * The server never caches them (server/loaders, server/page-cache); the browser never prefetches
 * them (client/runtime/link-prefetch.ts).
 */
export const PERSONAL_ROUTES: ReadonlySet<RouteId> = new Set<RouteId>([
  'cart',
  'login',
  'register',
  'activate',
  'forgotPassword',
  'resetPassword',
  'account',
  'addresses',
  'orders',
  'order',
]);

/** Route params as react-router gives them. */
export type RouteParams = Record<string, string | undefined>;

export interface RouteDataSource {
  /**
   * @param route   which route's data
   * @param params  react-router params (`handle`, `slug`), plus `page` (`?page=N`) for the lists
   * @param request the incoming request (server: the page request; browser: the navigation)
   * @throws RouteError with the HTTP status to answer
   */
  load<R extends RouteId>(route: R, params: RouteParams, request: Request): Promise<RouteDataMap[R]>;
}

/** An error with an HTTP status, thrown by loaders and rendered by the error page (spec §2). */
export class RouteError extends Error {
  constructor(
    public readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RouteError';
  }
}

/** The header's note in place of the cart button while the commerce API is down (spec §8 tone). */
export const SHOP_UNAVAILABLE_NOTE = 'Our shop is unavailable right now. Please refresh the page and try again.';

/** The payload endpoint's answer header for a loader's redirect (with status 204). */
export const ROUTE_REDIRECT_HEADER = 'X-Route-Redirect';

/**
 * Spec §2/§8: the 404 message for a path. The one path rule for every 404: the path only,
 * without query string or fragment, percent-decoded segment by segment as react-router decodes
 * route params (so `/caf%C3%A9` and a loader's `/${slug}` both read `/café`). Why path only: a
 * loader answering through the payload endpoint (`/__payload/product?handle=…`) never sees the
 * page's query string, so only the path reads the same on SSR and client navigation; the query
 * is not what was not found; and a query string can carry tokens or tracking ids that should not
 * be echoed into a CDN-cached page. Loaders pass the path built from their (decoded) params;
 * URL-based callers go through {@link notFoundPath}.
 */
export const notFoundMessage = (path: string) => `Page Not Found: ${path}`;

/** The 404 path of a URL (absolute, or a path with query): decoded path, no query or fragment. */
export function notFoundPath(url: string | URL): string {
  const { pathname } = typeof url === 'string' ? new URL(url, 'http://path.invalid') : url;
  try {
    // react-router's decodePath: each segment decoded, an encoded slash kept as %2F.
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname; // malformed percent-encoding: shown as received
  }
}
