/**
 * Guards and answers for the browser JSON API (DESIGN §5): personal answers are
 * `private, no-store`; state-changing requests must be JSON (415) and, when the browser sends
 * an Origin, same-origin (403) — the CSRF defence for cookie-carrying requests.
 */
import type { RequestHandler, Response } from 'express';
import type { ApiResult } from '../../shared/types';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Send `{ isError, message, data? }` with `status`. */
export function sendResult<T>(res: Response, status: number, result: ApiResult<T>): void {
  res.status(status).json(result);
}

export const fail = (res: Response, status: number, message: string) => sendResult(res, status, { isError: true, message });

/** `siteOrigin` is the shop's public origin; the request's own host is accepted too (proxies, local). */
export function jsonApiGuard(siteOrigin: string): RequestHandler {
  return (req, res, next) => {
    res.setHeader('Cache-Control', 'private, no-store');
    if (!STATE_CHANGING.has(req.method)) return next();
    const origin = req.get('origin');
    if (origin !== undefined) {
      const own = `${req.protocol}://${req.get('host')}`;
      if (origin !== siteOrigin && origin !== own) return fail(res, 403, 'Forbidden');
    }
    if (!req.is('application/json')) return fail(res, 415, 'Requests must be JSON (Content-Type: application/json).');
    next();
  };
}
