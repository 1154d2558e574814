/**
 * The catch-all page handler: runs the shared route table's loaders on the server
 * (createStaticHandler), answers with the real status (404, 500, redirects) and streams the
 * React render after a head built from the route data. Bots wait for the whole page, and on
 * errors get the status with a minimal body instead of the error page (spec §4).
 */
export { createRenderHandler } from './handler';
export { loadClientManifest, type ClientManifest } from './manifest';
