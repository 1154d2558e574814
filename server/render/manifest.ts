/** The client build manifest (written by esbuild.config.ts) and its loader. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `entry` and `css` are public URLs under /assets/; `lazyCss` maps a lazily imported module's
 * source path (e.g. "client/components/cart/Calendar.tsx") to its chunk's stylesheet URL.
 * `preload` lists the chunks every page's app loads: the start chunk, its static imports and the
 * packages it imports in a later task (react-dom/client, ADR-0029); `routeChunks` maps a route id of
 * client/routes.tsx whose page is loaded lazily (e.g. "product") to its page's chunk and the
 * chunks that one imports beyond the entry's (esbuild.config.ts `routePageModules`): what the
 * server lists for preloading when the route matches.
 */
export type ClientManifest = {
  buildId: string;
  entry: string;
  css: string[];
  lazyCss: Record<string, string>;
  preload?: string[];
  routeChunks?: Record<string, string[]>;
};

/**
 * Read the manifest from `distDir` ("dist", or "dist/client" itself).
 * @throws when the client has not been built (`npm run build`).
 */
export function loadClientManifest(distDir: string): ClientManifest {
  const direct = path.join(distDir, 'manifest.json');
  const file = existsSync(direct) ? direct : path.join(distDir, 'client', 'manifest.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ClientManifest;
  } catch (error) {
    throw new Error(`Cannot read ${file}: build the client first (npm run build). ${(error as Error).message}`);
  }
}
