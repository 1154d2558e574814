/**
 * Local mode only (ADR-0020, ADR-0027): the emulators bind loopback in their own process, so what
 * the browser visits on them goes through the shop's origin, `/__local/{emulator}{path}` →
 * `{emulator's loopback origin}{path}`, and only for the paths on its allow-list
 * (BROWSER_PATHS): `storefront` (the checkout, order status, product images and videos, the mail
 * inbox, GraphiQL and the GraphQL endpoint it queries), `content` (images), `marketing`
 * (Klaviyo's client events), `customer-account` (the sign-in's authorize, interaction pages and
 * forms). The upstream's host and port are the
 * emulator's, fixed at start; the path is matched exactly, never resolved as a URL; anything
 * else answers 404 (the content and marketing query APIs, the token endpoint, every debug endpoint
 * but the inbox).
 *
 * What crosses: a few request headers (`REQUEST_HEADERS`; cookies only the authorization
 * server's own), the body, and back the answer's content, caching, range and redirect headers
 * (`ANSWER_HEADERS`), streamed. The shop's security headers (./security.ts, mounted before) stay
 * on every answer, with a CSP narrowed per answer (`pageCsp`, `RESOURCE_CSP`). The inbox and
 * GraphiQL (its page, files and GraphQL endpoint) are developer pages: this machine's clients only
 * (or any, when the shop is published on loopback only, `DeveloperClients`, `developerGate`); the
 * proxy adds the run's debug token to the inbox itself, so the token never reaches the browser.
 * The product and content images may be embedded by other origins of those same clients
 * (`embeddable`: a Hydrogen app on another local port pointed at these emulators,
 * emulators/storefront-api/README.md), as cdn.shopify.com's and Sanity's images may.
 *
 * The emulators' absolute URLs are built on this base already (emulators/child.ts); their
 * root-relative ones (a redirect's `Location`, `href`/`src`/`action` in their small HTML pages)
 * get the `/__local/{emulator}` prefix here, as nginx's proxy_redirect and sub_filter would, and
 * so do absolute ones on the emulator's own loopback origin (the customer-account emulator's
 * redirects are built on its issuer URL) and its cookies' `Path` (oidc-provider scopes the
 * sign-in's cookies to `/interaction/{uid}` and `/oauth/authorize/{uid}`), as proxy_cookie_path
 * would; over https (`req.secure`) those cookies get `Secure`.
 */
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { isLoopback } from './loopback';
import { clientIpOf } from './request-context';
import { CACHE } from './request-policy';

/** The proxied emulators' loopback base URLs (no trailing slash), by their path segment. */
export type LocalProxyTargets = Record<'storefront' | 'content' | 'marketing' | 'customer-account', string>;

/**
 * Who may open the developer pages through the proxy (the inbox): `loopback`, a client on this
 * machine only; `any` client that reaches the shop, when the shop is reachable from this machine
 * only (compose publishing it on 127.0.0.1, `LOCAL_PUBLISHED_ADDRESS`, server/config.ts).
 */
export type DeveloperClients = 'loopback' | 'any';

/** What the proxy needs to know (server/config.ts `local`, `siteUrl`, `trustedIpHeader`). */
export type LocalProxyOptions = {
  /** The emulators' loopback origins. */
  targets: LocalProxyTargets;
  /** The run's token of the emulators' debug endpoints, added for the inbox page only. */
  debugToken: string;
  /** The shop's public URL, where the sign-in's redirects end. */
  siteUrl: string;
  developerClients: DeveloperClients;
  /** The CDN's client IP header, if configured (the client IP as the rest of the shop sees it). */
  trustedIpHeader: string | null;
};

/** The path prefix the proxy is mounted at. */
export const LOCAL_PROXY_PREFIX = '/__local';
/** The Storefront emulator's mail inbox page (emulators/storefront-api/inbox/routes.ts). */
const INBOX_PATH = '/__emulator/inbox';
/** The Storefront emulator's GraphiQL page (emulators/storefront-api/graphiql/routes.ts). */
const GRAPHIQL_PATH = '/graphiql';

/**
 * What one allow-listed path admits: its methods (GET admits HEAD too), and which page it is when
 * it answers HTML (its Content-Security-Policy, `pageCsp`); any other answer is a resource, unless
 * `runs` names the page whose policy every answer gets (scripts that run as workers carry their own
 * policy). `developer`: this machine's clients only (`developerGate`). `headers`: request headers
 * that pass on this path besides REQUEST_HEADERS. `embeddable`: an image answer gets
 * `Cross-Origin-Resource-Policy: cross-origin` instead of the shop's `same-origin` for this
 * machine's clients (the developer pages' clients), so another local origin's `<img>` loads it.
 */
type BrowserPath = {
  methods: readonly ('GET' | 'POST')[];
  path: RegExp;
  page?: PageKind;
  runs?: PageKind;
  developer?: true;
  headers?: readonly string[];
  embeddable?: true;
};
type PageKind = 'checkout' | 'storefront-page' | 'sign-in' | 'graphiql';

/**
 * One path segment as the emulators' own links write it: letters, digits, `-`, `_`, `~` and `.`,
 * never first (so never `.` or `..`). No `%` at all: an encoded slash, backslash or dot, which an
 * emulator's router would decode, cannot be written.
 */
const SEGMENT = String.raw`[A-Za-z0-9_~-][A-Za-z0-9._~-]*`;
const exactly = (pattern: string) => new RegExp(`^${pattern.replaceAll('{segment}', SEGMENT)}$`);

/**
 * What the browser may reach of each emulator through the shop, and nothing else (ADR-0027):
 * exact, case-sensitive paths as the emulators' pages, redirects and the shop's own URLs write
 * them. The content lake's query API (GROQ over every public document), the marketing server
 * API, the authorization server's token endpoint and metadata, and every debug endpoint but the
 * inbox page are the shop server's or the developer's, on loopback, never the browser's; the
 * Storefront GraphQL endpoint is GraphiQL's, for this machine's browser only, at the one version
 * its page queries, with the public token only (never the private one).
 */
const BROWSER_PATHS: Record<keyof LocalProxyTargets, readonly BrowserPath[]> = {
  storefront: [
    // The hosted checkout (a cart's checkoutUrl), its discount field and the order status page.
    { methods: ['GET', 'POST'], path: exactly('/cart/c/{segment}'), page: 'checkout' },
    { methods: ['POST'], path: exactly('/cart/c/{segment}/reductions'), page: 'checkout' },
    { methods: ['GET'], path: exactly('/checkout/orders/{segment}'), page: 'storefront-page' },
    { methods: ['GET'], path: exactly('/checkout/assets/checkout\\.css') },
    // Product images and videos (cdn.shopify.com's stand-in).
    { methods: ['GET'], path: exactly('/cdn/shop/files/{segment}'), embeddable: true },
    { methods: ['GET'], path: exactly('/cdn/shop/videos/{segment}') },
    // The mail inbox the account pages link to in local mode: a developer page (everyone's mail).
    { methods: ['GET'], path: exactly(INBOX_PATH), page: 'storefront-page', developer: true },
    // GraphiQL (developer pages): its page, its built files (module, chunks, workers, stylesheet,
    // icon font) and the endpoint it queries (emulators/storefront-api/graphiql/routes.ts).
    { methods: ['GET'], path: exactly(GRAPHIQL_PATH), page: 'graphiql', developer: true },
    { methods: ['GET'], path: exactly(`${GRAPHIQL_PATH}/assets/(?:chunks/|media/)?{segment}`), runs: 'graphiql', developer: true },
    {
      methods: ['POST'],
      path: exactly('/api/2026-04/graphql\\.json'),
      developer: true,
      headers: ['x-shopify-storefront-access-token'],
    },
  ],
  // Image pipeline: /images/{projectId}/{dataset}/{file}[/{vanityName}].
  content: [{ methods: ['GET'], path: exactly('/images/{segment}/{segment}/{segment}(?:/{segment})?'), embeddable: true }],
  // Klaviyo's client events endpoint (the shop's browser code posts there in local mode).
  marketing: [{ methods: ['POST'], path: exactly('/client/events/') }],
  // The sign-in: authorize, its resumption, and the sign-in step's page and forms.
  'customer-account': [
    { methods: ['GET'], path: exactly('/oauth/authorize(?:/{segment})?'), page: 'sign-in' },
    { methods: ['GET'], path: exactly('/interaction/{segment}'), page: 'sign-in' },
    { methods: ['POST'], path: exactly('/interaction/{segment}/(?:login|abort)'), page: 'sign-in' },
  ],
};

/** The entry of `emulator`'s allow-list admitting `method` on `path` (no query), if any. */
function browserPath(emulator: keyof LocalProxyTargets, method: string, path: string): BrowserPath | undefined {
  const asked = method === 'HEAD' ? 'GET' : method;
  return BROWSER_PATHS[emulator].find((entry) => (entry.methods as readonly string[]).includes(asked) && entry.path.test(path));
}

const NO_FRAMING = "frame-ancestors 'none'; base-uri 'none'";
/**
 * Every answer that is not one of the pages below (images, an SVG among them, videos, the
 * stylesheet, JSON, text, redirects): nothing runs and nothing loads, even opened on its own.
 */
const RESOURCE_CSP = `default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; ${NO_FRAMING}; sandbox`;

/**
 * The emulators' pages, each as narrow as it works (no page but GraphiQL has a script): the
 * Storefront emulator's load their one stylesheet from the shop's origin and an empty `data:` icon
 * (checkout/layout.ts), and only the checkout posts a form, to itself; the sign-in pages load
 * nothing, and post to the authorization server, whose redirects end on the shop's SITE_URL
 * (a browser applies `form-action` to the redirects after a submission). GraphiQL loads its
 * module, workers, stylesheet and fonts from the shop's origin (`data:` fonts too) and posts its
 * queries there; inline styles, because its editor (Monaco) writes its theme into `<style>`
 * elements; no inline or evaluated script.
 */
function pageCsp(siteUrl: string): Record<PageKind, string> {
  const storefront = "default-src 'none'; style-src 'self'; img-src data:";
  return {
    checkout: `${storefront}; form-action 'self'; ${NO_FRAMING}`,
    'storefront-page': `${storefront}; form-action 'none'; ${NO_FRAMING}`,
    'sign-in': `default-src 'none'; form-action 'self' ${new URL(siteUrl).origin}; ${NO_FRAMING}`,
    graphiql:
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; " +
      `connect-src 'self'; worker-src 'self'; object-src 'none'; form-action 'none'; ${NO_FRAMING}`,
  };
}

/** The shop-origin URL of the Storefront emulator's mail inbox page. */
export function localInboxUrl(siteUrl: string): string {
  return `${siteUrl}${LOCAL_PROXY_PREFIX}/storefront${INBOX_PATH}`;
}

/** The shop-origin URL of the Storefront emulator's GraphiQL. */
export function localGraphiqlUrl(siteUrl: string): string {
  return `${siteUrl}${LOCAL_PROXY_PREFIX}/storefront${GRAPHIQL_PATH}`;
}

/**
 * The emulator's answer headers that pass: what the browser needs to read, cache and follow the
 * answer. Not the emulator's own CSP, CORS or other headers: the shop's security headers
 * (./security.ts, mounted before the proxy) and the proxy's CSP stand instead.
 */
const ANSWER_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'accept-ranges',
  'cache-control',
  'expires',
  'etag',
  'last-modified',
  'vary',
  'retry-after',
  'allow',
];
const UPSTREAM_TIMEOUT_MS = 30_000;
/** A root-relative URL (`/x`, not the protocol-relative `//host`). */
const ROOT_RELATIVE = /^\/(?!\/)/;
/** A cookie's root-relative `Path` attribute (RFC 6265 §5.2.4), its value captured. */
const COOKIE_PATH = /;\s*path=(\/[^;]*)/i;
/** `href="/…"`, `src="/…"`, `action="/…"` in an emulator's HTML page. */
const ROOT_RELATIVE_ATTRIBUTE = /\b(href|src|action)="\/(?!\/)/g;

/**
 * The request headers the browser paths need: content negotiation, the checkout's and sign-in's
 * form bodies and the events' JSON, byte ranges and validators (videos, images), and Klaviyo's
 * `revision`. Nothing else passes: not the client's `Authorization` or `x-emulator-token` (an
 * emulator takes its debug token in either), not the shop's cookies (session, cart, unlock).
 */
const REQUEST_HEADERS = ['accept', 'content-type', 'content-length', 'range', 'if-range', 'if-none-match', 'if-modified-since', 'revision'];
/**
 * The only cookies any emulator gets: the authorization server's own, named `customer_account_*`
 * (emulators/customer-account/provider.ts), which its sign-in step needs.
 */
const EMULATOR_COOKIE = /^customer_account_[\w.-]*=/;

/** What the proxy sends `emulator` of the client's request headers on `entry`'s path. */
function upstreamHeaders(req: Request, emulator: keyof LocalProxyTargets, entry: BrowserPath): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const name of [...REQUEST_HEADERS, ...(entry.headers ?? [])]) if (req.headers[name] !== undefined) headers[name] = req.headers[name];
  if (emulator !== 'customer-account') return headers;
  const own = (req.headers.cookie ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => EMULATOR_COOKIE.test(pair));
  if (own.length) headers.cookie = own.join('; ');
  return headers;
}

/**
 * Whether `req` comes from this machine: its socket's peer and its client IP (as the trusted
 * proxies or the CDN header name it, `clientIpOf`) are both loopback. Behind a proxy on this
 * machine the client IP is the one the proxy saw; with no trusted proxy, the peer's.
 */
function fromThisMachine(req: Request, trustedIpHeader: string | null): boolean {
  return isLoopback(req.socket.remoteAddress) && isLoopback(clientIpOf(req, trustedIpHeader));
}

/** Whether `req` is from a developer's client: any, when `developerClients` is `any`, else one on this machine. */
const developerClient = (req: Request, developerClients: DeveloperClients, trustedIpHeader: string | null) =>
  developerClients === 'any' || fromThisMachine(req, trustedIpHeader);

/**
 * The check in front of every developer page (the proxy's developer paths, server/routes/local-developer.ts):
 * true when `req` may open one (`developerClients` `any`, or a client on this machine); otherwise it
 * answers 403 (plain text, not stored) and returns false.
 */
export function developerGate(developerClients: DeveloperClients, trustedIpHeader: string | null): (req: Request, res: Response) => boolean {
  return (req, res) => {
    if (developerClient(req, developerClients, trustedIpHeader)) return true;
    res.status(403).set('Cache-Control', CACHE.noStore).type('text/plain').send("The emulators' developer pages answer this machine only");
    return false;
  };
}

/** `; Secure` on a Set-Cookie value that lacks it (as nginx's `proxy_cookie_flags … secure`). */
const secured = (cookie: string) => (/;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`);

/**
 * `/__local/{emulator}{path}[?query]` exactly as the client wrote it (Express mounts
 * case-insensitively and strips the mount path; this reads the original target).
 */
const PROXIED = new RegExp(`^${LOCAL_PROXY_PREFIX}/([a-z-]+)(/[^?]*)(\\?.*)?$`);

/** The socket address of an `http://host:port` base: what the proxy connects to, whatever the request says. */
function originOf(base: string): { hostname: string; port: string; origin: string } {
  const url = new URL(base);
  return { hostname: url.hostname.replace(/^\[|\]$/g, ''), port: url.port, origin: url.origin };
}

/**
 * The proxy, mounted at LOCAL_PROXY_PREFIX. The upstream is always the named emulator's own
 * origin, with the allow-listed path appended: nothing in the request is ever resolved as a URL.
 * Anything off the allow-list → 404; emulator down or slower than 30 s → 502/504 plain text.
 */
export function localEmulatorProxy({ targets, debugToken, siteUrl, developerClients, trustedIpHeader }: LocalProxyOptions): RequestHandler {
  const pages = pageCsp(siteUrl);
  const developerAllowed = developerGate(developerClients, trustedIpHeader);
  const origins = Object.fromEntries(Object.entries(targets).map(([name, base]) => [name, originOf(base)])) as Record<
    keyof LocalProxyTargets,
    ReturnType<typeof originOf>
  >;
  return (req: Request, res: Response) => {
    const match = PROXIED.exec(req.originalUrl);
    const emulator = match && Object.hasOwn(targets, match[1]) ? (match[1] as keyof LocalProxyTargets) : null;
    const entry = match && emulator ? browserPath(emulator, req.method, match[2]) : undefined;
    if (!match || !emulator || !entry) {
      res.status(404).type('text/plain').send('Not served to the browser');
      return;
    }
    if (entry.developer && !developerAllowed(req, res)) return;
    const [, , path, query = ''] = match;
    const target = origins[emulator];
    const headers = upstreamHeaders(req, emulator, entry);
    // The one debug page the shop links, to the emulator's own origin only.
    if (emulator === 'storefront' && path === INBOX_PATH) headers['x-emulator-token'] = debugToken;
    const prefix = `${LOCAL_PROXY_PREFIX}/${emulator}`;
    const onShop = (url: string) => (url.startsWith(`${target.origin}/`) ? url.slice(target.origin.length) : url);
    const options = { hostname: target.hostname, port: target.port, path: path + query, method: req.method, headers, timeout: UPSTREAM_TIMEOUT_MS };
    const upstream = httpRequest(options, (answer) => {
      res.status(answer.statusCode ?? 502);
      for (const name of ANSWER_HEADERS) if (answer.headers[name] !== undefined) res.setHeader(name, answer.headers[name]);
      const html = /^text\/html/i.test(answer.headers['content-type'] ?? '');
      const kind = entry.runs ?? (html ? entry.page : undefined);
      res.setHeader('Content-Security-Policy', kind ? pages[kind] : RESOURCE_CSP);
      // Public images, for a developer's other local origin; anything else stays same-origin.
      if (entry.embeddable && /^image\//i.test(answer.headers['content-type'] ?? '') && developerClient(req, developerClients, trustedIpHeader))
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      const location = answer.headers.location && onShop(answer.headers.location);
      if (location) res.setHeader('location', ROOT_RELATIVE.test(location) ? `${prefix}${location}` : location);
      const cookies = answer.headers['set-cookie'];
      if (cookies)
        res.setHeader(
          'set-cookie',
          cookies.map((cookie) => {
            const scoped = cookie.replace(COOKIE_PATH, (_all, scope: string) => `; Path=${prefix}${scope}`);
            // The emulator speaks http on loopback; the browser may have come over https (req.secure
            // reads X-Forwarded-Proto from the trusted proxies, TRUSTED_PROXY_HOPS).
            return req.secure ? secured(scoped) : scoped;
          }),
        );
      if (!html) return void answer.pipe(res);
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('error', () => res.destroy());
      answer.on('end', () => {
        const page = Buffer.concat(chunks)
          .toString('utf8')
          .replaceAll(`"${target.origin}/`, '"/')
          .replace(ROOT_RELATIVE_ATTRIBUTE, (_all, attribute: string) => `${attribute}="${prefix}/`);
        res.removeHeader('content-length');
        res.removeHeader('etag');
        res.send(page);
      });
    });
    upstream.on('timeout', () => upstream.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (res.headersSent) return void res.destroy();
      res
        .status(err.code === 'ETIMEDOUT' ? 504 : 502)
        .type('text/plain')
        .send('The local emulator did not answer');
    });
    req.pipe(upstream);
  };
}
