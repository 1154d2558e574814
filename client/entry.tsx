/**
 * Browser entry: the stylesheet, and the app (./start.tsx) once the server-rendered page has
 * painted (./lib/after-first-paint.ts, ADR-0022). On a page with an LCP image the app's chunks
 * are fetched only then, all in parallel (./lib/app-modules.ts), so the stylesheet and the image
 * have the connection to themselves first; on other pages (sign-in, account, cart) there is
 * nothing to give way to, and they are fetched at once. The entry is built on its own, after the
 * app, as one file that imports no chunk (esbuild.config.ts), so it runs as soon as it arrives.
 * A start chunk that fails to load (a deploy replaced it) reloads the page once (spec §4). A form
 * the app handles, submitted before the app has started, is held, starts the app at once and is
 * sent once it has hydrated (./lib/early-submit.ts).
 */
import { afterFirstPaint, priorityImage } from './lib/after-first-paint';
import { preloadAppModules } from './lib/app-modules';
import { holdEarlySubmits } from './lib/early-submit';
import { importWithReload } from './runtime/chunk-reload';
import './styles/index.css';

/** The start chunk's public URL (`/assets/start-{hash}.js`), defined by the build. */
declare const __APP_START_URL__: string;

const image = priorityImage();
if (!image) preloadAppModules();
const submitted = new Promise<void>((resolve) => holdEarlySubmits(resolve));
void Promise.race([afterFirstPaint(image), submitted]).then(() => {
  if (image) preloadAppModules();
  return importWithReload(() => import(__APP_START_URL__));
});
