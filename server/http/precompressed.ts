/**
 * Precompressed static assets: the build writes `{file}.br` and `{file}.gz` next to each hashed
 * asset (esbuild.config.ts `precompress`); this middleware, mounted before `express.static` on
 * `/assets`, points the request at the smallest variant the browser accepts (brotli, then gzip)
 * and sets `Content-Encoding`, `Vary: Accept-Encoding` and the original file's `Content-Type`.
 * `express.static` then serves that file with its usual immutable caching; the `compression`
 * middleware leaves an already-encoded answer alone. No variant, or none accepted: the request
 * goes on untouched (express.static serves the original, `compression` may gzip it on the fly).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';

/** Extensions the build precompresses (esbuild.config.ts). */
export const PRECOMPRESSED_EXTENSIONS = ['.js', '.css', '.map', '.svg', '.json'];

const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** The codings `accept-encoding` allows (q > 0), lower-cased; `*` allows any not named. */
function acceptedCodings(header: string | undefined): (coding: string) => boolean {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name, qParam ? Number(qParam.slice(2)) || 0 : 1);
  }
  return (coding) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
}

/** @param dir the directory `express.static` serves (dist/client/assets) */
export function precompressedAssets(dir: string): RequestHandler {
  const root = path.resolve(dir);
  // Hashed assets never change under a running server: remember which variants exist.
  const exists = new Map<string, boolean>();
  const has = (file: string) => {
    let found = exists.get(file);
    if (found === undefined) {
      found = existsSync(file);
      exists.set(file, found);
    }
    return found;
  };

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      return next();
    }
    const ext = path.extname(pathname);
    if (!PRECOMPRESSED_EXTENSIONS.includes(ext)) return next();
    const file = path.join(root, pathname);
    if (!file.startsWith(root + path.sep)) return next();
    res.vary('Accept-Encoding');
    const accepts = acceptedCodings(req.get('accept-encoding'));
    const variant = ENCODINGS.find((e) => accepts(e.encoding) && has(file + e.suffix));
    if (!variant) return next();
    res.set('Content-Encoding', variant.encoding);
    res.type(ext);
    const q = req.url.indexOf('?');
    req.url = q < 0 ? `${req.url}${variant.suffix}` : `${req.url.slice(0, q)}${variant.suffix}${req.url.slice(q)}`;
    next();
  };
}
