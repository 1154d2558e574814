/**
 * Prefetched route payloads (spec §2 "Links prefetch when visible"), kept in memory for the
 * navigation that follows. The payload JSON is `max-age=0` for the browser (CDN-cacheable only,
 * docs/architecture.md §4.5), so the HTTP cache would not serve it again: the prefetch keeps its
 * answer here, keyed by payload URL, for PREFETCH_TTL_MS (30 s), and the first load of that URL
 * takes it (single use). Only a 2xx answer without a loader redirect is kept; anything else
 * makes the navigation fetch as usual.
 */
import { ROUTE_REDIRECT_HEADER } from '../../shared/route-data';
import { PREFETCH_TTL_MS } from './timing';

type Entry = { at: number; response: Promise<Response | null> };

const entries = new Map<string, Entry>();

/**
 * Fetch `url` (a `/__payload/…` URL) at low priority and keep the answer; resolves once its body
 * is wholly in (so a preload holds its slot until then), never rejects.
 */
export function prefetchPayload(url: string, now = Date.now()): Promise<void> {
  const response = fetch(url, { headers: { accept: 'application/json' }, priority: 'low' }).then(
    async (res) => {
      if (!res.ok || res.headers.get(ROUTE_REDIRECT_HEADER)) {
        await res.body?.cancel().catch(() => undefined);
        return null;
      }
      const body = await res.text();
      return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
    },
    () => null,
  );
  entries.set(url, { at: now, response });
  return response.then(() => undefined);
}

/**
 * The prefetched answer for `url` if one was started less than PREFETCH_TTL_MS ago (it may
 * still be in flight), else null. Taking it removes it: a body is read once.
 */
export function takePrefetched(url: string, now = Date.now()): Promise<Response | null> | null {
  const entry = entries.get(url);
  if (!entry) return null;
  entries.delete(url);
  return now - entry.at < PREFETCH_TTL_MS ? entry.response : null;
}
