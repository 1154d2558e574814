/**
 * The redirect table's middleware (spec §2 "Legacy or junk paths", server/redirects/): mounted
 * before the payload endpoint and the page render, so a legacy path never reaches a loader.
 *
 * - A page request (`GET /blogs/news/x?ref=1`) whose path the table redirects answers 301 (or
 *   302 for a temporary entry) to the destination, with the query string kept as the shopper
 *   typed it (`/journal?ref=1`).
 * - A client navigation asks the payload endpoint for the route the browser matched
 *   (`/__payload/page?slug=send-flowers`); the page path is rebuilt from the route id and its
 *   params and, when redirected, answered `204` with `X-Route-Redirect`, as a loader's redirect is
 *   (server/routes/payload.ts), since fetch would follow a real 3xx.
 *
 * Both answers are the same for every shopper: CDN-cacheable (REDIRECT_CACHE_CONTROL).
 * Admin-tool and test paths (`/admin`, `/wp-login.php`, `/test`…) are not in the table: they
 * fall through to the ordinary 404 "Page Not Found: {path}".
 */
import type { RequestHandler } from 'express';
import { ROUTE_REDIRECT_HEADER } from '../../shared/route-data';
import type { RedirectSource } from '../redirects/source';
import type { RouteTable } from '../render/route-table';

/**
 * Cache policy of a redirect answer: CDNs keep it 5 minutes; browsers revalidate (max-age=0),
 * so an edited or deleted table entry is not stuck in a shopper's browser as a 301 would be.
 */
export const REDIRECT_CACHE_CONTROL = 'public, max-age=0, s-maxage=300';

/** Paths that are never pages: assets, the JSON API, operations and SEO files. */
const NOT_PAGES = /^\/(assets|api)(\/|$)|^\/__(?!payload\/)|^\/(healthz|readyz|robots\.txt|sitemap\.xml)$|^\/sitemaps\//;

/**
 * The middleware over a redirect source.
 * @param table the app's route table: a payload's page path is its route's path with its params
 */
export function redirectRoutes(redirects: RedirectSource, table: RouteTable): RequestHandler {
  return async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_PAGES.test(req.path)) return next();
    try {
      const payload = /^\/__payload\/([^/]+)$/.exec(req.path);
      if (payload) {
        const path = table.pagePath(payload[1], req.query);
        const match = path ? (await redirects.table()).match(path) : null;
        if (!match) return next();
        res.setHeader('Cache-Control', REDIRECT_CACHE_CONTROL);
        return void res.status(204).setHeader(ROUTE_REDIRECT_HEADER, match.location).end();
      }
      const match = (await redirects.table()).match(req.path);
      if (!match) return next();
      const query = req.originalUrl.indexOf('?');
      res.setHeader('Cache-Control', REDIRECT_CACHE_CONTROL);
      res.redirect(match.status, match.location + (query >= 0 ? req.originalUrl.slice(query) : ''));
    } catch (err) {
      next(err);
    }
  };
}
