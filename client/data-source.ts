/**
 * The browser's `RouteDataSource`: route data comes as JSON from the server's payload
 * endpoint `GET /__payload/{routeId}?{params}`, so no GraphQL or GROQ client ships to the
 * browser (docs/architecture.md §4.5). A non-2xx answer `{ status, message }` is rethrown as
 * `RouteError`; an `X-Route-Redirect` header (a loader's redirect) becomes react-router's redirect.
 */
import { redirect } from 'react-router';
import { ROUTE_REDIRECT_HEADER, RouteError, type RouteDataMap, type RouteDataSource, type RouteId, type RouteParams } from '../shared/route-data';
import { fetchWithRetry } from './runtime/fetch-retry';
import { takePrefetched } from './runtime/payload-prefetch';

/** Build `/__payload/{route}?{params}` (undefined params are left out). */
export function payloadUrl(route: RouteId, params: RouteParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, value);
  const search = query.toString();
  return `/__payload/${route}${search ? `?${search}` : ''}`;
}

export const clientDataSource: RouteDataSource = {
  async load<R extends RouteId>(route: R, params: RouteParams, request: Request): Promise<RouteDataMap[R]> {
    const url = payloadUrl(route, params);
    let res: Response;
    try {
      // A visible link's prefetch (client/runtime/link-prefetch.ts) when there is one, else the
      // fetch, retried once on a transient status (spec §7).
      res = (await takePrefetched(url)) ?? (await fetchWithRetry(url, { headers: { accept: 'application/json' }, signal: request.signal }));
    } catch (error) {
      if (request.signal.aborted) throw error;
      throw new RouteError(503, 'Network Error');
    }
    // A loader's redirect (an account page without a session): navigate there instead.
    const location = res.headers.get(ROUTE_REDIRECT_HEADER);
    if (location) throw redirect(location);
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const { status, message } = errorFields(body);
      throw new RouteError(Number(status) || res.status, typeof message === 'string' ? message : res.statusText);
    }
    // Sound by the payload endpoint's contract: a 2xx from /__payload/{route} is that route's
    // data (server/routes/payload.ts serialises `dataSource.load(route, …)` as it is).
    return body as RouteDataMap[R];
  },
};

/** The `{ status, message }` of an error answer; both undefined when the body is not an object. */
function errorFields(body: unknown): { status?: unknown; message?: unknown } {
  return typeof body === 'object' && body !== null ? body : {};
}
