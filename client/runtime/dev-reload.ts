/**
 * Development builds only: esbuild.config.ts injects this module into the browser entry when
 * `BuildMode.dev` is set (`npm run dev`), never into `npm run build`'s. It listens on the dev
 * server's reload stream (shared/dev-reload.ts) and loads the page again once a rebuild is served;
 * a failed rebuild is logged to the console. The stream is same-origin, so the CSP's
 * `connect-src 'self'` allows it (server/http/security.ts), and no inline script is needed.
 */
import { DEV_RELOAD_EVENTS, DEV_RELOAD_PATH } from '../../shared/dev-reload';

const stream = new EventSource(DEV_RELOAD_PATH);
stream.addEventListener(DEV_RELOAD_EVENTS.reload, () => window.location.reload());
stream.addEventListener(DEV_RELOAD_EVENTS.buildError, (event: MessageEvent<string>) => console.error(`[npm run dev] rebuild failed:\n${event.data}`));
