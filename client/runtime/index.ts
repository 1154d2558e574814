/**
 * The browser's runtime around the router (spec §1, §2, §4 "Build updates", §7 "Framework
 * calls", §9), started once by client/start.tsx after the router exists:
 * - build-watch.ts: hourly `/__build` poll, full load on the next navigation after a new build;
 * - manifest-prefetch.ts: the page's build manifest 1 s after start;
 * - link-prefetch.ts + payload-prefetch.ts: links shown on screen and the link pointed at
 *   prefetch their route payload (not on save-data or 2g), at most 4 per page view;
 * - chunk-reload.ts: the lazy chunk reload guard (used by client/components/cart/lazy-calendar.ts);
 * - fetch-retry.ts: one retry of idempotent fetches (used by data-source.ts and json-call.ts).
 */
import type { DataRouter } from 'react-router';
import { startBuildWatch, type BuildWatch } from './build-watch';
import { prefetchAllowed, startLinkPrefetch, type ConnectionInfo } from './link-prefetch';
import { scheduleManifestPrefetch } from './manifest-prefetch';
import { prefetchPayload } from './payload-prefetch';

export function startClientRuntime(router: DataRouter, buildId: string | null): BuildWatch {
  const build = startBuildWatch(router, { buildId });
  scheduleManifestPrefetch(buildId, () => build.markStale());
  const connection = (navigator as Navigator & { connection?: ConnectionInfo }).connection;
  if (prefetchAllowed(connection)) {
    const start = () => startLinkPrefetch({ routes: router.routes, prefetch: (url) => prefetchPayload(url) });
    // After the document (and hydration's first work) is in: prefetches never compete with it.
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
  }
  return build;
}
