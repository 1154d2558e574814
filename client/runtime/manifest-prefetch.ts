/**
 * "A build manifest is prefetched after 1 second" (spec §2, §7 "GET build manifest per build
 * id", §9). Here the build manifest is dist/client/manifest.json, served per build id at
 * `GET /__build/{buildId}` (server/routes/health.ts: immutable when the id is the server's,
 * 404 for any other). MANIFEST_PREFETCH_DELAY_MS (1 s) after start the page asks for its own
 * build's manifest, at low priority, and uses it for two things:
 * - 404: the server no longer runs this build (a deploy happened since the HTML was made), so
 *   the build is stale at once and the next navigation is a full load (build-watch.ts), rather
 *   than waiting for the hourly poll;
 * - 200: the lazily loaded chunks' stylesheets (`lazyCss`, today the calendar's) are
 *   prefetched (`<link rel="prefetch">`) so the cart drawer's calendar opens without waiting
 *   for its CSS. The calendar's JavaScript is not in the manifest (it is fetched by `import()`
 *   when the drawer opens).
 */
import { MANIFEST_PREFETCH_DELAY_MS } from './timing';

/** The public part of the build manifest. */
export type PublicManifest = { buildId: string; entry: string; css: string[]; lazyCss: Record<string, string> };

export const manifestUrl = (buildId: string) => `/__build/${encodeURIComponent(buildId)}`;

function prefetchLink(href: string) {
  if (document.querySelector(`link[href="${CSS.escape(href)}"]`)) return;
  document.head.append(Object.assign(document.createElement('link'), { rel: 'prefetch', as: 'style', href }));
}

/** Fetch the page's build manifest now: calls `onStale` on 404, prefetches the lazy stylesheets on 200. */
export async function prefetchManifest(buildId: string, onStale: () => void): Promise<PublicManifest | null> {
  try {
    const res = await fetch(manifestUrl(buildId), { headers: { accept: 'application/json' }, priority: 'low' });
    if (res.status === 404) onStale();
    if (!res.ok) return null;
    const manifest = (await res.json()) as PublicManifest;
    Object.values(manifest.lazyCss ?? {}).forEach(prefetchLink);
    return manifest;
  } catch {
    return null;
  }
}

/** Prefetch after `delayMs` (default 1 s); returns a function that cancels it. */
export function scheduleManifestPrefetch(buildId: string | null, onStale: () => void, delayMs = MANIFEST_PREFETCH_DELAY_MS): () => void {
  if (!buildId) return () => undefined;
  const timer = setTimeout(() => void prefetchManifest(buildId, onStale), delayMs);
  return () => clearTimeout(timer);
}
