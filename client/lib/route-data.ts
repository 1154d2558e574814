/**
 * Typed access to route loader data: `useRouteData('product')` is `RouteDataMap['product']`
 * (shared/route-data.ts), with no cast at the call site.
 *
 * Why the types are sound: every data route in client/routes.tsx is declared with a `RouteId`
 * as its id and a loader that returns `dataSource.load(id, …)`, i.e. `RouteDataMap[id]`
 * (routes.tsx checks that at compile time). The data reaches the component as loaded on the
 * server (state snapshot) or fetched from `/__payload/{id}`; both are that same value as JSON,
 * and RouteDataMap holds only JSON-safe shapes.
 */
import { useRouteLoaderData } from 'react-router';
import type { RouteDataMap, RouteId } from '../../shared/route-data';

/** The data of route `routeId` when it is loaded, else undefined. */
function useLoadedData<R extends RouteId>(routeId: R): RouteDataMap[R] | undefined {
  const data: unknown = useRouteLoaderData(routeId);
  // The one cast: react-router cannot know which data a route id carries. It is sound because
  // route `R`'s loader returns `RouteDataMap[R]` (client/routes.tsx, checked there; see above).
  return data as RouteDataMap[R] | undefined;
}

/**
 * The loader data of route `routeId`, for components rendered inside that route (its page, or
 * the shell for `root`), where react-router guarantees the loader has succeeded.
 * @throws Error when the route has no data: the component is rendered outside that route (a
 *   programming error; the route's error element shows it as a 500).
 */
export function useRouteData<R extends RouteId>(routeId: R): RouteDataMap[R] {
  const data = useLoadedData(routeId);
  if (data === undefined) throw new Error(`useRouteData('${routeId}'): no loader data; is this component rendered outside route '${routeId}'?`);
  return data;
}

/**
 * The loader data of route `routeId`, or undefined when that route has none: only for
 * components that legitimately render without it, like the error page when the root loader
 * itself failed (no site settings).
 */
export function useOptionalRouteData<R extends RouteId>(routeId: R): RouteDataMap[R] | undefined {
  return useLoadedData(routeId);
}
