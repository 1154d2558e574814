/**
 * The one error path of the app. Routes and services throw typed errors; this handler answers
 * them all:
 *   ShopperError    400 / 404 / 409 / 422  the shopper's request cannot be done as asked
 *   UpstreamError   502 / 503 / 504        an upstream service failed, is known down (open circuit) or timed out
 *   OutboxUnavailableError 503             a sign-up could not be stored (spec §8 subscription failure)
 *   body-parser     4xx                    malformed or too large JSON / form bodies
 *   anything else   500                    logged with its stack, never shown
 * `/api/*` answers `{ isError: true, message, data? }` (the browser's ApiResult, `data` being
 * e.g. the cart as it now is), `/__payload/*` answers `{ status, message }` (the route-data
 * contract, shared/route-data.ts), anything else plain text. Errors are never cacheable.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ApiResult, Cart } from '../../shared/types';
import type { Logger } from '../logger';
import { MARKETING_MESSAGES } from '../../shared/marketing';
import { OutboxUnavailableError } from '../outbox/types';
import { UpstreamError } from '../upstream/errors';
import { MESSAGES } from './messages';
import { requestLog } from './request-context';
import { CACHE, kindOf } from './request-policy';

/**
 * Statuses for a shopper's request that cannot be done: malformed (400), not signed in or the
 * session is no longer valid (401), not allowed (403), unknown (404), conflict (409), refused
 * (422), too many attempts (429).
 */
export type ShopperStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429;

/**
 * A request the server refuses, with the message the shopper reads (spec §8 wording where the
 * spec has one). `code` names the reason for answers that cannot carry text (the no-JavaScript
 * form's redirect); `cart` is the cart as it now is, sent as the JSON answer's `data` so the
 * browser shows what really happened.
 */
export class ShopperError extends Error {
  constructor(
    readonly status: ShopperStatus,
    message: string,
    readonly details: { code?: string; cart?: Cart } = {},
  ) {
    super(message);
    this.name = 'ShopperError';
  }
}

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new ShopperError(404, `No API endpoint at ${req.method} ${req.path}.`));
};

/** body-parser's refusals (its `type`), in the shop's words: its own messages are lower-case fragments. */
const BODY_ERRORS: Record<string, string> = {
  'entity.parse.failed': 'Malformed JSON body.',
  'entity.too.large': 'Request body too large.',
  'charset.unsupported': 'Unsupported request charset.',
  'encoding.unsupported': 'Unsupported request encoding.',
};

type Answer = { status: number; message: string; data?: unknown };

/** What to answer for `err`, and whether it deserves an error log (only our own faults do). */
function answerFor(err: unknown, api: boolean): Answer & { unexpected: boolean } {
  if (err instanceof ShopperError) return { status: err.status, message: err.message, data: err.details.cart, unexpected: false };
  if (err instanceof UpstreamError) {
    return { status: err.status, message: api ? (err.shopperMessage ?? MESSAGES.somethingWentWrong) : MESSAGES.errorPage, unexpected: false };
  }
  // A sign-up neither Redis nor the spool could store: nothing was accepted, the shopper may retry.
  if (err instanceof OutboxUnavailableError)
    return { status: 503, message: api ? MARKETING_MESSAGES.failure : MESSAGES.errorPage, unexpected: false };
  // body-parser and static-file errors carry a 4xx status; `expose` says the message is safe.
  const e = err as { status?: unknown; statusCode?: unknown; type?: unknown; expose?: unknown; message?: unknown } | null;
  const status = Number(e?.status ?? e?.statusCode);
  if (status >= 400 && status < 500) {
    const known = typeof e?.type === 'string' ? BODY_ERRORS[e.type] : undefined;
    const message = known ?? (e?.expose ? String(e.message) : 'Bad request.');
    return { status, message, unexpected: false };
  }
  return { status: 500, message: MESSAGES.errorPage, unexpected: true };
}

export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    const kind = kindOf(req, res);
    const api = kind === 'api';
    const { status, message, data, unexpected } = answerFor(err, api);
    const reqLog = requestLog(log);
    if (unexpected) reqLog.error({ err, url: req.originalUrl }, 'unhandled error');
    else if (status >= 500) reqLog.error({ err, url: req.originalUrl }, message);
    else reqLog.info({ status, reason: message, url: req.originalUrl }, 'request refused');
    res.setHeader('Cache-Control', api ? CACHE.privateNoStore : CACHE.noStore);
    if (api) {
      const body: ApiResult<unknown> = data === undefined ? { isError: true, message } : { isError: true, message, data };
      return void res.status(status).json(body);
    }
    if (kind === 'payload') return void res.status(status).json({ status, message });
    res.status(status).type('text/plain').send(message);
  };
}
