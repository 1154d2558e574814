/**
 * The request policy (docs/architecture.md §8, ADR-0032): what a request is, decided once, early
 * (`requestPolicy`, mounted after path normalisation), and read by everything after it through
 * `policyOf(res)`: the render handler and the payload endpoint (whose loaders see the cookies,
 * which Cache-Control they answer with), the page cache (what it may answer or store), the pages
 * rate limit (what it counts), the redirect table (which paths it looks up), the preview scope,
 * the request metrics and the error handler (the answer's format).
 *
 * - **Kind**, by path: `asset` (`/assets/*`), `api` (`/api`, `/api/*`), `payload`
 *   (`/__payload/{routeId}`), `build` (`/__build`, `/__build/{id}`), `health` (`/healthz`,
 *   `/readyz`), `metrics` (`/metrics`), `seo` (`/robots.txt`, `/sitemap.xml`, `/sitemaps/*`);
 *   every other path is a `page` (the render handler answers it, a 404 page when no route has it).
 * - **Route**: a page's matched route ids and params (the one route table,
 *   server/render/route-table.ts); a payload's route id and its string query parameters.
 * - **Personal** (the answer is the shopper's own: its loaders see the request's cookies, it may
 *   set cookies, `private, no-store`, never in the page cache), the one cookie rule: a personal
 *   route (the cart, the account screens: PERSONAL_ROUTES); the product page or payload of a
 *   product whose unlock cookie the request carries, valid or not (server/unlock: its answer may
 *   be the unlocked product); any request with a valid preview cookie (server/preview: drafts).
 *   An unlock cookie for another product changes nothing: that page is the public one.
 * - **Cache policy**: `CACHE`, the shop's Cache-Control values by name, and the policy's
 *   `cacheControl(status)` for the answer of a page or payload.
 */
import type { Request, RequestHandler, Response } from 'express';
import { PERSONAL_ROUTES } from '../../shared/route-data';
import type { PreviewTokens } from '../preview/token';
import type { RouteTable } from '../render/route-table';
import { hasUnlockCookie } from '../unlock/token';

/** The shop's Cache-Control values, by what they mean (docs/architecture.md §8). */
export const CACHE = {
  /** A shopper's own answer (personal pages and payloads, `/api`, forms, one-time links): nobody keeps it. */
  privateNoStore: 'private, no-store',
  /** The same for everyone but not to be kept: errors, a page rendered while the commerce API is down, probes. */
  noStore: 'no-store',
  /** Kept, but asked again every time: the build id the page polls. */
  noCache: 'no-cache',
  /** A file whose URL changes with its content (`/__build/{id}`; `/assets` get the same from express.static). */
  immutable: 'public, max-age=31536000, immutable',
  /** Redirect-table answers: CDNs keep them 5 minutes; browsers revalidate, so an edited entry is not stuck. */
  redirect: 'public, max-age=0, s-maxage=300',
  /** A path spelled another way (`//a`, `/%7Ea`) redirected to its normal form: the same for an hour. */
  normalisedPath: 'public, max-age=3600',
  /** robots.txt and the sitemaps: CDNs 5 minutes, then stale for a day while they refresh. */
  seoFile: 'public, max-age=0, s-maxage=300, stale-while-revalidate=86400',
  /**
   * A public page or payload answered with `status`: CDNs keep a 200 for 60 s (the page cache's
   * fresh window) and serve it stale for 10 minutes while refreshing; a 404 60 s; anything else never.
   */
  page(status: number): string {
    if (status === 200) return 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
    if (status === 404) return 'public, max-age=0, s-maxage=60';
    return CACHE.noStore;
  },
} as const;

export type RequestKind = 'page' | 'payload' | 'api' | 'asset' | 'build' | 'health' | 'metrics' | 'seo';

/** Why an answer is the shopper's own (see the module comment). */
export type PersonalReason = 'route' | 'unlock' | 'preview';

export type RequestPolicy = {
  kind: RequestKind;
  /** A page's deepest matched route id, a payload's route id (possibly unknown); null otherwise. */
  routeId: string | null;
  /** A page's matched route ids, outermost first (`['root', 'pages', 'product']`); a payload's `[routeId]`. */
  routeIds: readonly string[];
  /** A page's path params; a payload's string query parameters. */
  params: Readonly<Record<string, string>>;
  /**
   * The page path the request stands for: a page's own path; a payload's route path with its
   * params (`/__payload/product?handle=x` → `/products/x`), null when that route has no page.
   */
  pagePath: string | null;
  /** Why the answer is the shopper's own, or null when it is the same for everyone. */
  personal: PersonalReason | null;
  /** A valid preview cookie (server/preview): drafts are read; every answer `private, no-store`. */
  preview: boolean;
  /** The page cache may answer or store it: a GET or HEAD of a page or payload that is not personal. */
  pageCacheable: boolean;
  /**
   * The Cache-Control of a page's or payload's answer with `status`: `private, no-store` when
   * personal, else `CACHE.page(status)`; of any other kind, `private, no-store` for `api` and
   * personal requests, `no-store` otherwise (their routes set their own where it differs).
   */
  cacheControl(status: number): string;
};

const PAYLOAD = /^\/__payload\/([^/]+)$/;
const KINDS: [RegExp, RequestKind][] = [
  [/^\/assets(\/|$)/, 'asset'],
  [/^\/api(\/|$)/, 'api'],
  [/^\/__payload(\/|$)/, 'payload'],
  [/^\/__build(\/[^/]*)?$/, 'build'],
  [/^\/(healthz|readyz)$/, 'health'],
  [/^\/metrics$/, 'metrics'],
  [/^\/(robots\.txt|sitemap\.xml|sitemaps\/.*)$/, 'seo'],
];

/** The kind of a (normalised) URL path; `page` when no other kind claims it. */
export function requestKind(pathname: string): RequestKind {
  return KINDS.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'page';
}

/**
 * The classifier: a request's policy from its method, URL (path and query, on the shop's origin)
 * and `Cookie` header. Pure apart from the route table's match cache.
 * @param deps.table   the app's route table
 * @param deps.preview the preview cookie's checker, or null (no PREVIEW_SECRET: never a preview)
 */
export function createRequestClassifier(deps: {
  table: RouteTable;
  preview: PreviewTokens | null;
}): (method: string, url: URL, cookie: string | undefined) => RequestPolicy {
  const { table } = deps;
  return (method, url, cookie) => {
    const kind = requestKind(url.pathname);
    let routeIds: string[] = [];
    let params: Record<string, string> = {};
    let pagePath: string | null = null;
    if (kind === 'page') {
      const matches = table.match(url.pathname) ?? [];
      routeIds = matches.map((m) => m.route.id ?? '');
      for (const [key, value] of Object.entries(matches.at(-1)?.params ?? {})) if (typeof value === 'string') params[key] = value;
      pagePath = url.pathname;
    } else if (kind === 'payload') {
      const id = PAYLOAD.exec(url.pathname)?.[1];
      const routeId = id === undefined ? null : safeDecode(id);
      if (routeId !== null) routeIds = [routeId];
      // One value per name, the first, as the payload endpoint reads them.
      params = {};
      for (const [key, value] of url.searchParams) if (!Object.hasOwn(params, key)) params[key] = value;
      pagePath = routeId === null ? null : table.pagePath(routeId, params);
    }
    const routeId = routeIds.at(-1) ?? null;
    const preview = deps.preview?.active(cookie) ?? false;
    const personal: PersonalReason | null = routeIds.some((id) => PERSONAL_ROUTES.has(id as never))
      ? 'route'
      : routeIds.includes('product') && hasUnlockCookie(cookie, params.handle)
        ? 'unlock'
        : preview
          ? 'preview'
          : null;
    const servable = (kind === 'page' || kind === 'payload') && routeId !== null;
    return {
      kind,
      routeId,
      routeIds,
      params,
      pagePath,
      personal,
      preview,
      pageCacheable: servable && personal === null && (method === 'GET' || method === 'HEAD'),
      cacheControl: (status) =>
        personal !== null || kind === 'api' ? CACHE.privateNoStore : kind === 'page' || kind === 'payload' ? CACHE.page(status) : CACHE.noStore,
    };
  };
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Where the policy is kept on the response. */
const LOCALS_KEY = 'requestPolicy';

/**
 * Middleware: classifies the request once and keeps the answer on `res.locals` for `policyOf`.
 * Mounted after path normalisation (server/http/normalise-path.ts), so the path is the normal one.
 * @param siteUrl the shop's public origin: the URL is resolved against it, never the Host header
 */
export function requestPolicy(deps: { table: RouteTable; preview: PreviewTokens | null; siteUrl: string }): RequestHandler {
  const classify = createRequestClassifier(deps);
  const origin = new URL(deps.siteUrl).origin;
  return (req, res, next) => {
    res.locals[LOCALS_KEY] = classify(req.method, new URL(req.originalUrl, origin), req.get('cookie'));
    next();
  };
}

/**
 * The request's policy, as `requestPolicy` decided it.
 * @throws when `requestPolicy` did not run for this request (a handler mounted before it)
 */
export function policyOf(res: Response): RequestPolicy {
  const policy = res.locals[LOCALS_KEY] as RequestPolicy | undefined;
  if (!policy) throw new Error('requestPolicy has not classified this request');
  return policy;
}

/** The request's kind: its policy's, or from its path alone when it failed before being classified. */
export function kindOf(req: Request, res: Response): RequestKind {
  return (res.locals[LOCALS_KEY] as RequestPolicy | undefined)?.kind ?? requestKind(req.path);
}
