/**
 * `POST /api/client-errors` `{ kind, message, digest?, componentStack?, path }` (the bounds in
 * shared/client-errors.ts): the browser's report of a React error, so that a page which fails to
 * hydrate in production is seen in the server log, not only in one shopper's console. The browser
 * renders with React and reports what its root's error callbacks see (ADR-0029, React in the
 * browser).
 *   204      accepted: one warn line `client_error` with `kind`, `message`, `digest`,
 *            `componentStack` (trimmed), `path` and the request id; `client_errors_total{kind}` + 1
 *   400      a field missing or out of bounds, the message naming it (the one error handler)
 *   403/415  the /api guard: a cross-site Origin, a body that is not JSON; 413 a body over the
 *            /api limit (server/app.ts); 429 past the `clientErrors` tier (per client IP)
 * The text is the browser's, so it may quote anything: the line goes through the logger's scrub
 * like every other (server/log-redaction.ts: emails, tokens, secret query parameters), and the
 * path keeps no query string or fragment at all.
 */
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { CLIENT_ERROR_KINDS, CLIENT_ERROR_LIMITS as L, CLIENT_ERRORS_PATH } from '../../shared/client-errors';
import { ShopperError } from '../http/errors';
import { MESSAGES } from '../http/messages';
import { requestLog } from '../http/request-context';
import type { Logger } from '../logger';
import { clientErrorReports } from '../metrics/registry';

export type ClientErrorRoutesDeps = {
  /** The clientErrors tier of server/http/rate-limit.ts. */
  limit: RequestHandler;
  log: Logger;
};

/** The pathname alone: a query string or fragment may carry a token or an address. */
const withoutQuery = (path: string) => path.split(/[?#]/, 1)[0];

const Report = z.object({
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: z.string().trim().min(1).max(L.message),
  digest: z.string().max(L.digest).optional(),
  componentStack: z.string().trim().max(L.componentStack).optional(),
  path: z.string().transform(withoutQuery).pipe(z.string().startsWith('/').max(L.path)),
});

/** The 400 message for the first field refused (a Map: field names come from the request). */
const FIELD_MESSAGES = new Map<PropertyKey, string>([
  ['kind', MESSAGES.badClientErrorKind],
  ['message', MESSAGES.badClientErrorMessage],
  ['digest', MESSAGES.badClientErrorDigest],
  ['componentStack', MESSAGES.badClientErrorComponentStack],
  ['path', MESSAGES.badClientErrorPath],
]);

/** The route, its `limit` (the clientErrors tier) before the body is checked; errors go to the one error handler. */
export function clientErrorRoutes(deps: ClientErrorRoutesDeps): Router {
  const router = Router();
  router.post(CLIENT_ERRORS_PATH, deps.limit, (req, res) => {
    const report = Report.safeParse(req.body);
    if (!report.success) {
      const field = report.error.issues[0]?.path[0];
      throw new ShopperError(400, (field !== undefined && FIELD_MESSAGES.get(field)) || MESSAGES.badClientErrorReport);
    }
    const { kind, message, digest, componentStack, path } = report.data;
    requestLog(deps.log).warn({ kind, message, digest, componentStack, path }, 'client_error');
    clientErrorReports.inc({ kind });
    res.status(204).end();
  });
  return router;
}
