/**
 * The development loop's reload stream (`npm run dev`, scripts/dev.ts): `GET /__dev/reload` on
 * the dev server is a Server-Sent Events stream; a `reload` event says a rebuild is being served
 * (the page should load again), a `build-error` event carries esbuild's message when a rebuild
 * failed (the old build keeps being served). Only the dev server answers this path and only a
 * dev build's browser entry listens (client/runtime/dev-reload.ts); `npm start` has neither.
 */
export const DEV_RELOAD_PATH = '/__dev/reload';

/** The stream's event names. */
export const DEV_RELOAD_EVENTS = { reload: 'reload', buildError: 'build-error' } as const;
