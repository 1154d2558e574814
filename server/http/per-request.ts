/**
 * One value per incoming request (docs/architecture.md §7 "one Apollo client per request"): wraps
 * a factory so that every call made while handling one request, with the same key, gets the
 * instance the first call made. Outside a request (startup, health probes) each call makes a new
 * one. Instances are held weakly by the request context, so they go with the request.
 */
import { currentRequest, type RequestContext } from './request-context';

/**
 * @param make builds the value for a key (e.g. a Storefront client for a buyer IP, or null)
 * @returns the same function shape, memoised per request and key
 */
export function perRequest<K, V>(make: (key: K) => V): (key: K) => V {
  const byRequest = new WeakMap<RequestContext, Map<K, V>>();
  return (key) => {
    const request = currentRequest();
    if (!request) return make(key);
    let made = byRequest.get(request);
    if (!made) byRequest.set(request, (made = new Map<K, V>()));
    if (!made.has(key)) made.set(key, make(key));
    return made.get(key) as V;
  };
}
