/**
 * `GET /__payload/{routeId}?{params}` (docs/architecture.md §4.5): a route's loader data as JSON for client
 * navigation — the same data source the server render uses. Cacheable like the pages (no
 * personal data), except PERSONAL_ROUTES (the cart, the account screens) and a product asked
 * with its unlock cookie (server/unlock): they alone get the
 * request's cookies, may set cookies, and are answered `private, no-store`. Errors answer
 * `{ status, message }` with the RouteError's status. A redirect thrown by a loader (an account
 * page without a session) answers `204` with `X-Route-Redirect: {location}`: fetch would follow
 * a real 3xx to an HTML page, so the browser's data source turns this header into the redirect.
 */
import { Router } from 'express';
import { ROUTE_REDIRECT_HEADER, RouteError, type RouteParams } from '../../shared/route-data';
import { PERSONAL_ROUTES, type ServerDataSource } from '../loaders';
import { cacheControlFor } from '../render/handler';
import { hasUnlockCookie } from '../unlock/token';

export function payloadRoutes(dataSource: ServerDataSource, siteUrl: string): Router {
  const router = Router();
  router.get('/__payload/:routeId', async (req, res, next) => {
    const route = req.params.routeId;
    if (!dataSource.has(route)) {
      res.setHeader('Cache-Control', cacheControlFor(404));
      return void res.status(404).json({ status: 404, message: `Unknown route: ${route}` });
    }
    const params: RouteParams = {};
    for (const [key, value] of Object.entries(req.query)) if (typeof value === 'string') params[key] = value;
    // A product payload asked with that product's unlock cookie may be the unlocked product.
    const personal = PERSONAL_ROUTES.has(route) || (route === 'product' && hasUnlockCookie(req.get('cookie'), params.handle));
    const cookie = personal ? req.get('cookie') : undefined;
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    try {
      const request = new Request(new URL(req.originalUrl, siteUrl), { signal: abort.signal, headers: cookie ? { cookie } : {} });
      const data = await dataSource.load(route, params, request);
      if (!personal) res.removeHeader('Set-Cookie');
      // A settings failure (root isError), or settings read while the commerce API is down
      // (shopUnavailable), must not be cached as if it were the site.
      const root = route === 'root' ? (data as { isError?: boolean; shopUnavailable?: boolean }) : null;
      const failed = Boolean(root?.isError || root?.shopUnavailable);
      res.setHeader('Cache-Control', personal ? 'private, no-store' : failed ? 'no-store' : cacheControlFor(200));
      res.json(data);
    } catch (err) {
      if (!personal) res.removeHeader('Set-Cookie');
      if (err instanceof Response && err.headers.has('Location')) {
        res.setHeader('Cache-Control', 'private, no-store');
        return void res.status(204).setHeader(ROUTE_REDIRECT_HEADER, err.headers.get('Location')!).end();
      }
      if (!(err instanceof RouteError)) return next(err);
      res.setHeader('Cache-Control', personal ? 'private, no-store' : cacheControlFor(err.status));
      res.status(err.status).json({ status: err.status, message: err.message });
    }
  });
  return router;
}
