/**
 * Request paths are normalised before anything routes them (docs/architecture.md §4 "Paths"). Every
 * handler downstream may then build a URL from the path, decode it, or redirect to a variant of it
 * without meeting a protocol-relative URL, a malformed escape or a dot segment.
 *
 * - **Malformed** (404 `no-store`, plain text "Page Not Found: {path}"): a percent-escape that does
 *   not decode as UTF-8 (`/%`, `//%`, `/%zz`, `/%c0`), or one that decodes to a control character
 *   (`/%00`). Such a path names no page, and must never fall through to one (before this, `//%`
 *   answered 500 and `//evil.com/` rendered the home page as a public cacheable response).
 * - **Too long** (414 `no-store`): more than MAX_PATH_LENGTH characters; no page has such a path.
 * - **Not canonical** (GET/HEAD: 301 to the canonical path, query kept; other methods: 404):
 *   runs of slashes or backslashes anywhere (`//evil.com/`, `/\evil.com`, `/journal//x`),
 *   dot segments (`/./`, `/../`, `%2e`), or characters a browser would percent-encode. The
 *   canonical form is what a browser resolves the path to (WHATWG URL) once the slash runs are
 *   one slash, so the redirect is followed once and lands on itself. Its Location always starts
 *   with one `/` and never `//` or `/\`: it cannot leave the shop's origin.
 */
import type { RequestHandler } from 'express';
import { CACHE } from './request-policy';

/** Longest path served (characters, percent-escapes counted as written). */
export const MAX_PATH_LENGTH = 2048;

const SLASH_RUNS = /[\\/]{2,}|\\/g;
// Control characters (C0 and DEL): no page name contains one, and a NUL breaks file lookups.
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
const RAW_BYTE = /[\u0080-\u00ff]/g;
const PROTOCOL_RELATIVE = /^[\\/]{2}/;
// Any base will do: only the path of the resolved URL is kept.
const BASE = 'http://path.invalid';

/** The decoded path, or null when an escape is malformed or decodes to a control character. */
function decoded(path: string): string | null {
  try {
    const text = decodeURIComponent(path);
    return CONTROL.test(text) ? null : text;
  } catch {
    return null;
  }
}

export const normalisePath: RequestHandler = (req, res, next) => {
  const queryAt = req.url.indexOf('?');
  const path = queryAt === -1 ? req.url : req.url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : req.url.slice(queryAt);
  if (path.length > MAX_PATH_LENGTH) {
    res.setHeader('Cache-Control', CACHE.noStore);
    return void res.status(414).type('text/plain').send('URI Too Long.');
  }
  // Node hands over the request line's bytes as latin1: raw non-ASCII bytes become escapes again.
  const escaped = path.replace(RAW_BYTE, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const target = decoded(escaped) === null ? null : new URL(escaped.replace(SLASH_RUNS, '/') + query, BASE);
  if (target?.pathname === path) return next();
  if (!target || PROTOCOL_RELATIVE.test(target.pathname) || (req.method !== 'GET' && req.method !== 'HEAD')) {
    res.setHeader('Cache-Control', CACHE.noStore);
    return void res.status(404).type('text/plain').send(`Page Not Found: ${path}`);
  }
  res.setHeader('Cache-Control', CACHE.normalisedPath);
  // The URL parser has encoded path and query already (res.redirect would encode them again).
  res.status(301).setHeader('Location', target.pathname + target.search);
  res.end();
};
