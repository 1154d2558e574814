/**
 * `GET /__payload/{routeId}?{params}` (docs/architecture.md §4.5): a route's loader data as JSON for client
 * navigation — the same data source the server render uses. Cacheable like the pages (no
 * personal data), except personal requests (the request policy, server/http/request-policy.ts:
 * PERSONAL_ROUTES, a product asked with its unlock cookie, a preview): they alone get the
 * request's cookies, may set cookies, and are answered `private, no-store`. Errors answer
 * `{ status, message }` with the RouteError's status. A redirect thrown by a loader (an account
 * page without a session) answers `204` with `X-Route-Redirect: {location}`: fetch would follow
 * a real 3xx to an HTML page, so the browser's data source turns this header into the redirect.
 */
import { Router } from 'express';
import { ROUTE_REDIRECT_HEADER, RouteError } from '../../shared/route-data';
import type { ServerDataSource } from '../loaders';
import { CACHE, policyOf } from '../http/request-policy';

export function payloadRoutes(dataSource: ServerDataSource, siteUrl: string): Router {
  const router = Router();
  router.get('/__payload/:routeId', async (req, res, next) => {
    const policy = policyOf(res);
    const route = req.params.routeId;
    if (!dataSource.has(route)) {
      res.setHeader('Cache-Control', policy.cacheControl(404));
      return void res.status(404).json({ status: 404, message: `Unknown route: ${route}` });
    }
    const params = { ...policy.params };
    const personal = policy.personal !== null;
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
      res.setHeader('Cache-Control', !personal && failed ? CACHE.noStore : policy.cacheControl(200));
      res.json(data);
    } catch (err) {
      if (!personal) res.removeHeader('Set-Cookie');
      if (err instanceof Response && err.headers.has('Location')) {
        // Only the account screens redirect (no session): the shopper's own answer either way.
        res.setHeader('Cache-Control', CACHE.privateNoStore);
        return void res.status(204).setHeader(ROUTE_REDIRECT_HEADER, err.headers.get('Location')!).end();
      }
      if (!(err instanceof RouteError)) return next(err);
      res.setHeader('Cache-Control', policy.cacheControl(err.status));
      res.status(err.status).json({ status: err.status, message: err.message });
    }
  });
  return router;
}
