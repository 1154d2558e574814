/**
 * The editors' preview switch (docs/architecture.md §4 "Preview"):
 *
 * - `GET /api/preview?secret={PREVIEW_SECRET}&redirect=/journal/x`: sets the signed `preview`
 *   cookie (server/preview/token.ts) and answers 302 to `redirect` (a path on this site; default
 *   `/`). A wrong or missing secret is 401 and sets nothing; a `redirect` that is not a local
 *   path (`//evil.com`, `https://…`, `/\evil.com`) is 400, so this is no open redirect.
 * - `GET /api/preview/exit?redirect=/x`: clears the cookie, 302 to `redirect` (default `/`).
 *
 * Without PREVIEW_SECRET configured both answer 404: preview does not exist. Answers are
 * `private, no-store` (the /api guard).
 */
import { Router } from 'express';
import { fail } from '../http/json-api';
import { PREVIEW_COOKIE, type PreviewTokens } from '../preview/token';

/** A path on this site: one leading slash, then anything but another slash or a backslash. */
const LOCAL_PATH = /^\/(?![/\\])[^\s\\]*$/;

/** The `redirect` query value as a local path, `/` when absent, null when it points elsewhere. */
function localRedirect(value: unknown): string | null {
  if (value === undefined) return '/';
  return typeof value === 'string' && value.length <= 2048 && LOCAL_PATH.test(value) ? value : null;
}

export function previewRoutes(tokens: PreviewTokens | null): Router {
  const router = Router();

  router.get('/api/preview', (req, res) => {
    if (!tokens) return fail(res, 404, 'Preview is not enabled.');
    const secret = req.query.secret;
    if (typeof secret !== 'string' || !tokens.secretMatches(secret)) return fail(res, 401, 'Invalid preview secret.');
    const redirect = localRedirect(req.query.redirect);
    if (!redirect) return fail(res, 400, 'The redirect must be a path on this site.');
    res.cookie(PREVIEW_COOKIE, tokens.issue(), tokens.cookieOptions());
    res.redirect(302, redirect);
  });

  router.get('/api/preview/exit', (req, res) => {
    if (!tokens) return fail(res, 404, 'Preview is not enabled.');
    const redirect = localRedirect(req.query.redirect);
    if (!redirect) return fail(res, 400, 'The redirect must be a path on this site.');
    const { maxAge: _lifetime, ...options } = tokens.cookieOptions();
    res.clearCookie(PREVIEW_COOKIE, options);
    res.redirect(302, redirect);
  });

  return router;
}
