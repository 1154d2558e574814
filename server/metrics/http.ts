/**
 * Request timing by route pattern (`http_request_duration_seconds`) and the page cache's answers
 * (`page_cache_requests_total`), recorded when each answer ends. The route label is the Express
 * route's pattern (`/api/cart/lines`, `/__payload/:routeId`) or, for what the render handler or
 * the page cache answered, `page:{route id}` from the client's route table — never the raw URL,
 * so the number of series stays bounded whatever paths clients ask for.
 */
import type { Request, RequestHandler, Response } from 'express';
import { policyOf } from '../http/request-policy';
import { STATUS_HEADER } from '../page-cache';
import { httpRequestDuration, pageCacheRequests } from './registry';

const CACHE_RESULTS = new Set(['HIT', 'STALE', 'MISS', 'BYPASS']);

/** The low-cardinality label of a request (see the module comment). */
function routeLabel(req: Request, res: Response): string {
  if (req.route) return `${req.baseUrl}${String((req.route as { path: string }).path)}`;
  const policy = policyOf(res);
  if (policy.kind === 'asset') return '/assets/*';
  if (policy.kind === 'payload') return '/__payload/:routeId';
  return policy.kind === 'page' && policy.routeId ? `page:${policy.routeId}` : 'unmatched';
}

/**
 * Middleware timing every request from here to the answer's end (or the client going away).
 * Page labels are the request policy's route id (server/http/request-policy.ts), mounted before.
 */
export function requestMetrics(): RequestHandler {
  return (req, res, next) => {
    const stop = httpRequestDuration.startTimer();
    let done = false;
    const record = () => {
      if (done) return;
      done = true;
      stop({ method: req.method, route: routeLabel(req, res), status_code: String(res.statusCode) });
      const cache = String(res.getHeader(STATUS_HEADER) ?? '');
      if (CACHE_RESULTS.has(cache)) pageCacheRequests.inc({ result: cache.toLowerCase() });
    };
    res.once('finish', record);
    res.once('close', record);
    next();
  };
}
