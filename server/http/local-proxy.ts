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

/**
 * What the browser may reach of each emulator through the shop. The content lake's query API
 * (GROQ over every public document, as a public Sanity dataset would answer) and the
 * Storefront GraphQL endpoint are the shop server's to call, never the browser's: only the
 * content lake's images and the Storefront emulator's pages (checkout, order status, inbox,
 * images) pass.
 */
const BROWSER_PATHS: Record<keyof LocalProxyTargets, RegExp> = {
  storefront: /^\/(?!api\/)/,
  content: /^\/images\//,
  marketing: /^\//,
  'customer-account': /^\//,
};

/** The path prefix the proxy is mounted at. */
export const LOCAL_PROXY_PREFIX = '/__local';

/** The shop-origin URL of the Storefront emulator's mail inbox page. */
export function localInboxUrl(siteUrl: string): string {
  return `${siteUrl}${LOCAL_PROXY_PREFIX}/storefront/__emulator/inbox`;
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
 * The proxy, mounted at LOCAL_PROXY_PREFIX. Unknown emulator → 404; emulator down or slower than
 * 30 s → 502/504 plain text.
 */
export function localEmulatorProxy(targets: LocalProxyTargets, debugToken: string): RequestHandler {
  return (req: Request, res: Response) => {
    const match = /^\/([a-z-]+)(\/.*)?$/.exec(req.url);
    const base = match && Object.hasOwn(targets, match[1]) ? targets[match[1] as keyof LocalProxyTargets] : undefined;
    if (!match || !base) {
      res.status(404).type('text/plain').send('No such local emulator');
      return;
    }
    const target = new URL(match[2] ?? '/', base);
    if (!BROWSER_PATHS[match[1] as keyof LocalProxyTargets].test(target.pathname)) {
      res.status(404).type('text/plain').send('Not served to the browser');
      return;
    }
    const headers = forwardable(req.headers);
    if (match[1] === 'storefront' && req.method === 'GET' && target.pathname === '/__emulator/inbox') headers['x-emulator-token'] = debugToken;
    const prefix = `${req.baseUrl}/${match[1]}`;
    const onShop = (url: string) => (url.startsWith(`${target.origin}/`) ? url.slice(target.origin.length) : url);
    const upstream = httpRequest(target, { method: req.method, headers, timeout: UPSTREAM_TIMEOUT_MS }, (answer) => {
      res.status(answer.statusCode ?? 502);
      for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) res.setHeader(name, value);
      const location = answer.headers.location && onShop(answer.headers.location);
      if (location && ROOT_RELATIVE.test(location)) res.setHeader('location', `${prefix}${location}`);
      const cookies = answer.headers['set-cookie'];
      if (cookies)
        res.setHeader(
          'set-cookie',
          cookies.map((cookie) => cookie.replace(COOKIE_PATH, (_all, path: string) => `; Path=${prefix}${path}`)),
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
