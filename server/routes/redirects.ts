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
 * Both answers are the same for every shopper: CDN-cacheable (`CACHE.redirect`: CDNs 5 minutes,
 * browsers revalidate, so an edited or deleted entry is not stuck in a browser as a 301 would be).
 * Admin-tool and test paths (`/admin`, `/wp-login.php`, `/test`…) are not in the table: they
 * fall through to the ordinary 404 "Page Not Found: {path}".
 */
import type { RequestHandler } from 'express';
import { ROUTE_REDIRECT_HEADER } from '../../shared/route-data';
import type { RedirectSource } from '../redirects/source';
import { CACHE, policyOf } from '../http/request-policy';

/**
 * The middleware over a redirect source. Which requests are pages or payloads, and the page path
 * a payload stands for, come from the request policy (server/http/request-policy.ts).
 */
export function redirectRoutes(redirects: RedirectSource): RequestHandler {
  return async (req, res, next) => {
    const policy = policyOf(res);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || (policy.kind !== 'page' && policy.kind !== 'payload')) return next();
    try {
      if (policy.kind === 'payload') {
        const path = policy.pagePath;
        const match = path ? (await redirects.table()).match(path) : null;
        if (!match) return next();
        res.setHeader('Cache-Control', CACHE.redirect);
        return void res.status(204).setHeader(ROUTE_REDIRECT_HEADER, match.location).end();
      }
      const match = (await redirects.table()).match(req.path);
      if (!match) return next();
      const query = req.originalUrl.indexOf('?');
      res.setHeader('Cache-Control', CACHE.redirect);
      res.redirect(match.status, match.location + (query >= 0 ? req.originalUrl.slice(query) : ''));
    } catch (err) {
      next(err);
    }
  };
}
