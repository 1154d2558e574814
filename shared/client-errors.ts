/**
 * The browser's error reports, `POST /api/client-errors` (server/routes/client-errors.ts;
 * ADR-0029): what the browser may send and the bounds the server holds it to. A field over its
 * bound is refused (400), not cut: the browser cuts before it sends.
 *
 * Body: `{ kind, message, digest?, componentStack?, path }`, JSON, same origin.
 */

/**
 * Which of React's root callbacks saw the error: `recoverable` (onRecoverableError: a hydration
 * mismatch React rendered over on the client), `uncaught` (no error boundary caught it),
 * `caught` (an error boundary did).
 */
/** The route the browser posts its reports to. */
export const CLIENT_ERRORS_PATH = '/api/client-errors';

export const CLIENT_ERROR_KINDS = ['recoverable', 'uncaught', 'caught'] as const;

/**
 * Bounds in characters (UTF-16 code units, what `String.length` counts). `message` must have at
 * least one character after trimming; `path` (the page's pathname) starts with `/`, its query
 * string and fragment are dropped before it is measured.
 */
export const CLIENT_ERROR_LIMITS = { message: 500, digest: 100, componentStack: 2000, path: 300 } as const;
