/**
 * Local mode only (docs/decisions/0020-emulators-child-process.md): the emulators bind loopback
 * in their own process, so what the browser visits on them goes through the shop's origin,
 * `/__local/{emulator}/{path}` → `{emulator's loopback URL}/{path}` (method, query, headers and
 * body passed through, the answer streamed back). No emulator port needs publishing. The
 * emulators' absolute URLs are built on this base already (emulators/child.ts); their
 * root-relative ones (a redirect's `Location`, `href`/`src`/`action` in their small HTML pages)
 * get the `/__local/{emulator}` prefix here, as nginx's proxy_redirect and sub_filter would, and
 * so do absolute ones on the emulator's own loopback origin (the customer-account emulator's
 * redirects are built on its issuer URL) and its cookies' `Path` (oidc-provider scopes the
 * sign-in's cookies to `/interaction/{uid}` and `/auth/{uid}`), as proxy_cookie_path would.
 *
 * Emulators (BROWSER_PATHS): `storefront` (product images, the checkout, the mail inbox; not its
 * GraphQL API), `content` (images only, never its query API),
 * `marketing` (Klaviyo's client events), `customer-account` (sign-in pages). Their debug
 * endpoints stay refused (401 from the emulator), except the mail inbox page, which the shop
 * shows in local mode: for `GET /__local/storefront/__emulator/inbox` the proxy adds the run's
 * debug token itself, so the token never reaches the browser.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';

/** The proxied emulators' loopback base URLs (no trailing slash), by their path segment. */
export type LocalProxyTargets = Record<'storefront' | 'content' | 'marketing' | 'customer-account', string>;

/** The path prefix the proxy is mounted at. */
export const LOCAL_PROXY_PREFIX = '/__local';
/** The Storefront emulator's mail inbox page (emulators/storefront-api/inbox/routes.ts). */
const INBOX_PATH = '/__emulator/inbox';

/** What one allow-listed path admits: its methods (GET admits HEAD too). */
type BrowserPath = { methods: readonly ('GET' | 'POST')[]; path: RegExp };

/**
 * One path segment as the emulators' own links write it: letters, digits, `-`, `_`, `~` and `.`,
 * never first (so never `.` or `..`). No `%` at all: an encoded slash, backslash or dot, which an
 * emulator's router would decode, cannot be written.
 */
const SEGMENT = String.raw`[A-Za-z0-9_~-][A-Za-z0-9._~-]*`;
const exactly = (pattern: string) => new RegExp(`^${pattern.replaceAll('{segment}', SEGMENT)}$`);

/**
 * What the browser may reach of each emulator through the shop, and nothing else (ADR-0026):
 * exact, case-sensitive paths as the emulators' pages, redirects and the shop's own URLs write
 * them. The content lake's query API (GROQ over every public document), the Storefront GraphQL
 * endpoint, the marketing server API, the authorization server's token endpoint and metadata,
 * and every debug endpoint but the inbox page are the shop server's or the developer's, on
 * loopback, never the browser's.
 */
const BROWSER_PATHS: Record<keyof LocalProxyTargets, readonly BrowserPath[]> = {
  storefront: [
    // The hosted checkout (a cart's checkoutUrl), its discount field and the order status page.
    { methods: ['GET', 'POST'], path: exactly('/cart/c/{segment}') },
    { methods: ['POST'], path: exactly('/cart/c/{segment}/reductions') },
    { methods: ['GET'], path: exactly('/checkout/orders/{segment}') },
    { methods: ['GET'], path: exactly('/checkout/assets/checkout\\.css') },
    // Product images and videos (cdn.shopify.com's stand-in).
    { methods: ['GET'], path: exactly('/cdn/shop/(?:files|videos)/{segment}') },
    // The mail inbox the account pages link to in local mode.
    { methods: ['GET'], path: exactly(INBOX_PATH) },
  ],
  // Image pipeline: /images/{projectId}/{dataset}/{file}[/{vanityName}].
  content: [{ methods: ['GET'], path: exactly('/images/{segment}/{segment}/{segment}(?:/{segment})?') }],
  // Klaviyo's client events endpoint (the shop's browser code posts there in local mode).
  marketing: [{ methods: ['POST'], path: exactly('/client/events/') }],
  // The sign-in: authorize, its resumption, and the sign-in step's page and forms.
  'customer-account': [
    { methods: ['GET'], path: exactly('/oauth/authorize(?:/{segment})?') },
    { methods: ['GET'], path: exactly('/interaction/{segment}') },
    { methods: ['POST'], path: exactly('/interaction/{segment}/(?:login|abort)') },
  ],
};

/** Whether `method` on `path` (no query) is on `emulator`'s allow-list. */
function allowed(emulator: keyof LocalProxyTargets, method: string, path: string): boolean {
  const asked = method === 'HEAD' ? 'GET' : method;
  return BROWSER_PATHS[emulator].some((entry) => (entry.methods as readonly string[]).includes(asked) && entry.path.test(path));
}

/** The shop-origin URL of the Storefront emulator's mail inbox page. */
export function localInboxUrl(siteUrl: string): string {
  return `${siteUrl}${LOCAL_PROXY_PREFIX}/storefront${INBOX_PATH}`;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);
const UPSTREAM_TIMEOUT_MS = 30_000;
/** A root-relative URL (`/x`, not the protocol-relative `//host`). */
const ROOT_RELATIVE = /^\/(?!\/)/;
/** A cookie's root-relative `Path` attribute (RFC 6265 §5.2.4), its value captured. */
const COOKIE_PATH = /;\s*path=(\/[^;]*)/i;
/** `href="/…"`, `src="/…"`, `action="/…"` in an emulator's HTML page. */
const ROOT_RELATIVE_ATTRIBUTE = /\b(href|src|action)="\/(?!\/)/g;

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name) && name !== 'x-emulator-token'));
}

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
export function localEmulatorProxy(targets: LocalProxyTargets, debugToken: string): RequestHandler {
  const origins = Object.fromEntries(Object.entries(targets).map(([name, base]) => [name, originOf(base)])) as Record<
    keyof LocalProxyTargets,
    ReturnType<typeof originOf>
  >;
  return (req: Request, res: Response) => {
    const match = PROXIED.exec(req.originalUrl);
    const emulator = match && Object.hasOwn(targets, match[1]) ? (match[1] as keyof LocalProxyTargets) : null;
    if (!match || !emulator || !allowed(emulator, req.method, match[2])) {
      res.status(404).type('text/plain').send('Not served to the browser');
      return;
    }
    const [, , path, query = ''] = match;
    const target = origins[emulator];
    const headers = forwardable(req.headers);
    if (emulator === 'storefront' && path === INBOX_PATH) headers['x-emulator-token'] = debugToken;
    const prefix = `${LOCAL_PROXY_PREFIX}/${emulator}`;
    const onShop = (url: string) => (url.startsWith(`${target.origin}/`) ? url.slice(target.origin.length) : url);
    const options = { hostname: target.hostname, port: target.port, path: path + query, method: req.method, headers, timeout: UPSTREAM_TIMEOUT_MS };
    const upstream = httpRequest(options, (answer) => {
      res.status(answer.statusCode ?? 502);
      for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) res.setHeader(name, value);
      const location = answer.headers.location && onShop(answer.headers.location);
      if (location && ROOT_RELATIVE.test(location)) res.setHeader('location', `${prefix}${location}`);
      const cookies = answer.headers['set-cookie'];
      if (cookies)
        res.setHeader(
          'set-cookie',
          cookies.map((cookie) => cookie.replace(COOKIE_PATH, (_all, scope: string) => `; Path=${prefix}${scope}`)),
        );
      if (!/^text\/html/i.test(answer.headers['content-type'] ?? '')) return void answer.pipe(res);
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('error', () => res.destroy());
      answer.on('end', () => {
        const html = Buffer.concat(chunks)
          .toString('utf8')
          .replaceAll(`"${target.origin}/`, '"/')
          .replace(ROOT_RELATIVE_ATTRIBUTE, (_all, attribute: string) => `${attribute}="${prefix}/`);
        res.removeHeader('content-length');
        res.removeHeader('etag');
        res.send(html);
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
