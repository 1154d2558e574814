/**
 * Reports the errors React's root hands to the app (client/start.tsx: `hydrateRoot`'s
 * `onRecoverableError`, `onUncaughtError`, `onCaughtError`; ADR-0029) to the server's
 * `POST /api/client-errors`, and logs each to the browser's console as React does when no handler
 * is given.
 *
 * Body (JSON): `{ kind, message, digest?, componentStack?, path }`, each cut to the server's bounds
 * (shared/client-errors.ts): `digest` the server's error digest when React gives one, `path` the
 * page's `location.pathname` only (the query string may hold personal data). At
 * most {@link MAX_REPORTS} reports per page load, each message once. The request is `keepalive`
 * (it survives a navigation away); a failed report is not retried, and it never throws.
 */

import { CLIENT_ERROR_LIMITS as L, CLIENT_ERRORS_PATH, type CLIENT_ERROR_KINDS } from '../../shared/client-errors';

/** What React called: a hydration or render it recovered from, an error no boundary caught, one a boundary caught. */
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

/** The most reports one page load sends. */
const MAX_REPORTS = 5;

/** The messages reported in this page load. */
const reported = new Set<string>();

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/**
 * Logs `error` (console.error, with React's component stack) and reports it to the server, unless
 * this page load has already sent {@link MAX_REPORTS} reports or this message.
 */
export function reportClientError(kind: ClientErrorKind, error: unknown, info: { componentStack?: string }): void {
  console.error(error, info.componentStack ?? '');
  const message = messageOf(error).slice(0, L.message);
  if (reported.size >= MAX_REPORTS || reported.has(message)) return;
  reported.add(message);
  const digest = (error as { digest?: unknown } | null)?.digest;
  const body = {
    kind,
    message,
    digest: typeof digest === 'string' ? digest.slice(0, L.digest) : undefined,
    componentStack: info.componentStack?.slice(0, L.componentStack),
    path: location.pathname.slice(0, L.path),
  };
  fetch(CLIENT_ERRORS_PATH, {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => undefined); // the error is in the console already; the report is best effort
}
