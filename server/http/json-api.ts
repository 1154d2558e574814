/**
 * Guards and answers for the browser JSON API (docs/architecture.md §5): personal answers are
 * `private, no-store`; state-changing requests must be JSON (415) and, when the browser sends
 * an Origin, same-origin (403) — the CSRF defence for cookie-carrying requests.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { ApiResult } from '../../shared/types';
import { CACHE } from './request-policy';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Send `{ isError, message, data? }` with `status`. */
export function sendResult<T>(res: Response, status: number, result: ApiResult<T>): void {
  res.status(status).json(result);
}

export const fail = (res: Response, status: number, message: string) => sendResult(res, status, { isError: true, message });

/**
 * False only when the browser sent an Origin that is neither `siteOrigin` (the shop's public
 * origin) nor the request's own host (proxies, local); no Origin header passes.
 */
export function originAllowed(req: Request, siteOrigin: string): boolean {
  const origin = req.get('origin');
  return origin === undefined || origin === siteOrigin || origin === `${req.protocol}://${req.get('host')}`;
}

/** The /api guard: `private, no-store` on every answer; state changes same-origin (403) and JSON (415). */
export function jsonApiGuard(siteOrigin: string): RequestHandler {
  return (req, res, next) => {
    res.setHeader('Cache-Control', CACHE.privateNoStore);
    if (!STATE_CHANGING.has(req.method)) return next();
    if (!originAllowed(req, siteOrigin)) return fail(res, 403, 'Forbidden');
    if (!req.is('application/json')) return fail(res, 415, 'Requests must be JSON (Content-Type: application/json).');
    next();
  };
}
