/**
 * Browser entry: the stylesheet, and the app (./start.tsx) once the server-rendered page has
 * painted (./lib/after-first-paint.ts, ADR-0022). On a page with an LCP image the app's chunks
 * are fetched only then, all in parallel (./lib/app-modules.ts), so the stylesheet and the image
 * have the connection to themselves first; on other pages (sign-in, account, cart) there is
 * nothing to give way to, and they are fetched at once. The entry is built on its own, after the
 * app, as one file that imports no chunk (esbuild.config.ts), so it runs as soon as it arrives.
 * A start chunk that fails to load (a deploy replaced it) reloads the page once (spec §4). A form
 * the app handles submitted, or an app button clicked, before the app has started starts it at
 * once and is replayed once the app can handle it (./lib/early-input.ts).
 */
import { afterFirstPaint, priorityImage } from './lib/after-first-paint';
import { preloadAppModules } from './lib/app-modules';
import { holdEarlyInput } from './lib/early-input';
import { importWithReload } from './runtime/chunk-reload';
import './styles/index.css';

/** The start chunk's public URL (`/assets/start-{hash}.js`), defined by the build. */
declare const __APP_START_URL__: string;

const image = priorityImage();
if (!image) preloadAppModules();
const interacted = new Promise<void>((resolve) => holdEarlyInput(resolve));
void Promise.race([afterFirstPaint(image), interacted]).then(() => {
  if (image) preloadAppModules();
  return importWithReload(() => import(__APP_START_URL__));
});
