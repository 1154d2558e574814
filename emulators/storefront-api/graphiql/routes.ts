/**
 * GraphiQL on the Storefront emulator, as Hydrogen's dev server offers one:
 *
 * - `GET /graphiql`: the page, querying this emulator's `/api/{GRAPHIQL_API_VERSION}/graphql.json`
 *   with the public token prefilled in its request headers (introspection answers, so the
 *   documentation explorer shows the schema);
 * - `GET /graphiql/assets/{file}`: its module, chunks, workers, stylesheet and icon font, built by
 *   `npm run build` (esbuild.config.ts `buildGraphiql`) into `dir`, whose `manifest.json` names
 *   the module and stylesheet (read on each page request, so a rebuild shows at once).
 *
 * Everything comes from this origin; the page's Content-Security-Policy (`GRAPHIQL_CSP`) allows
 * nothing else. Without a build the page answers 503, saying to run `npm run build`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import { html } from '../checkout/html';

/** The page's path; its files are under `${GRAPHIQL_PATH}/assets/`. */
export const GRAPHIQL_PATH = '/graphiql';
const ASSETS_PATH = `${GRAPHIQL_PATH}/assets`;

/** The API version GraphiQL queries: the schema's (storefront.schema.json is Shopify's 2026-04). */
export const GRAPHIQL_API_VERSION = '2026-04';

/**
 * Self only: scripts, workers, fetches, fonts and images from this origin (`data:` for GraphiQL's
 * embedded fonts and the empty icon). Inline styles are allowed because Monaco, the editor, writes
 * its theme into `<style>` elements it creates and React sets `style` attributes; no inline or
 * evaluated script is.
 */
const GRAPHIQL_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export type GraphiqlDeps = {
  /** The build's folder (`manifest.json`, `assets/`): dist/emulators/graphiql. */
  dir: string;
  /** The token GraphiQL prefills (`X-Shopify-Storefront-Access-Token`). */
  publicToken: string;
  shopName: string;
};

/** The build's module and stylesheet (esbuild.config.ts `GraphiqlManifest`), or null when it is not built. */
function readManifest(dir: string): { script: string; css: string } | null {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { script: string; css: string };
  } catch {
    return null;
  }
}

/** The page: the stylesheet, the module, and a root element holding the token and version. No inline script. */
function graphiqlPage(manifest: { script: string; css: string }, publicToken: string, shopName: string): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>GraphiQL · Storefront API emulator · ${shopName}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${ASSETS_PATH}/${manifest.css}">
<script type="module" src="${ASSETS_PATH}/${manifest.script}"></script>
</head>
<body>
<main id="graphiql" data-token="${publicToken}" data-api-version="${GRAPHIQL_API_VERSION}"><p>Loading GraphiQL…</p></main>
<noscript><p>GraphiQL needs JavaScript. The endpoint is POST /api/${GRAPHIQL_API_VERSION}/graphql.json.</p></noscript>
</body>
</html>
`.text;
}

export function graphiqlRouter({ dir, publicToken, shopName }: GraphiqlDeps): Router {
  const router = express.Router();
  router.get(GRAPHIQL_PATH, (_req, res) => {
    const manifest = readManifest(dir);
    res.set('Content-Security-Policy', GRAPHIQL_CSP).set('Cache-Control', 'no-cache');
    if (!manifest) {
      res
        .status(503)
        .type('text/plain')
        .send(`GraphiQL is not built (no ${path.join(dir, 'manifest.json')}): run \`npm run build\`.\n`);
      return;
    }
    res
      .status(200)
      .type('html')
      .send(graphiqlPage(manifest, publicToken, shopName));
  });
  router.use(
    ASSETS_PATH,
    (_req, res, next) => {
      // The workers run under the policy their script arrives with.
      res.set('Content-Security-Policy', GRAPHIQL_CSP);
      next();
    },
    // Hashed names: cached for good.
    express.static(path.join(dir, 'assets'), { immutable: true, maxAge: '1y', index: false, redirect: false, fallthrough: false }),
  );
  return router;
}
