/**
 * Paths that begin with more than one slash (or a backslash after the first slash): `//evil.com/`,
 * `//%`, `/\evil.com`. Resolved against the shop's origin they are protocol-relative URLs (another
 * host, or no valid URL at all), which broke every handler that builds a URL from the request
 * (a 500, or the home page answered for `//evil.com/` and cached as public). They answer a
 * permanent redirect to the same path with one leading slash, query kept: `/evil.com/` is then an
 * ordinary unknown path (404). The Location never starts with `//`, so this is no open redirect.
 */
import type { RequestHandler } from 'express';

const EXTRA_LEADING = /^\/[/\\]+/;

export const collapseLeadingSlashes: RequestHandler = (req, res, next) => {
  if (!EXTRA_LEADING.test(req.url)) return next();
  res.setHeader('Cache-Control', 'public, max-age=3600');
  res.redirect(301, req.url.replace(EXTRA_LEADING, '/'));
};
