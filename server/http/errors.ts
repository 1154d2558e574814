/**
 * Last-resort handlers: a JSON 404 for unknown /api paths, and the error handler — the status of
 * a client error (bad JSON, too large, missing asset) with a short message, otherwise 500 with the
 * spec's error page text (spec §8). Stacks go to the log, never into the body.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { MESSAGES } from './messages';
import { currentRequest } from './request-context';
import type { Logger } from '../logger';

export const apiNotFound: RequestHandler = (req, res) => {
  res.setHeader('Cache-Control', 'private, no-store');
  res.status(404).json({ isError: true, message: `No API endpoint at ${req.method} ${req.path}.` });
};

export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    const status = Number(err?.status ?? err?.statusCode);
    const clientError = status >= 400 && status < 500;
    if (!clientError) (currentRequest()?.log ?? log).error({ err, url: req.originalUrl }, 'unhandled error');
    res.setHeader('Cache-Control', 'no-store');
    const message = clientError ? (err.type === 'entity.parse.failed' ? 'Malformed JSON body.' : err.expose ? String(err.message) : 'Bad request.') : MESSAGES.errorPage;
    const code = clientError ? status : 500;
    if (req.path.startsWith('/api/') || req.path.startsWith('/__payload/')) {
      res.status(code).json(req.path.startsWith('/api/') ? { isError: true, message } : { status: code, message });
    } else {
      res.status(code).type('text/plain').send(message);
    }
  };
}
