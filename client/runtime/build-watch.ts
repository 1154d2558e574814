/**
 * New builds (spec §1, §4 "Build updates", §7 "GET latest-build json with a cache-busting
 * timestamp query, hourly"): every BUILD_POLL_INTERVAL_MS (1 hour, spec §9) the browser asks
 * `GET /__build?t={epoch ms}` (server/routes/health.ts, `no-cache`). When the answer's build id
 * is not the page's (the state block's `config.buildId`), the build is stale: nothing happens
 * at once (the shopper may be typing), but the next navigation is a full page load of its
 * target (`window.location.assign`) instead of a client-side one, so it gets the new build's
 * HTML and modules.
 *
 * A page without a build id (HTML from before this feature) takes the first answer as its own.
 * A failed poll changes nothing; the next one tries again.
 */
import type { DataRouter, Location } from 'react-router';
import { BUILD_POLL_INTERVAL_MS } from './timing';

export const BUILD_URL = '/__build';

export type BuildWatch = {
  /** Ask the server now (the hourly timer calls this); resolves once the answer is handled. */
  check(): Promise<void>;
  /** Mark the build stale (e.g. the server no longer knows this build's manifest). */
  markStale(): void;
  readonly stale: boolean;
  stop(): void;
};

export type BuildWatchOptions = {
  /** The page's build id (`config.buildId`), or null when the HTML did not say. */
  buildId: string | null;
  /** Poll period in ms (default BUILD_POLL_INTERVAL_MS). */
  intervalMs?: number;
  /** Full page load (default `window.location.assign`). */
  assign?: (href: string) => void;
};

/** The build id in a `/__build` answer, or null. */
async function fetchBuildId(): Promise<string | null> {
  try {
    const res = await fetch(`${BUILD_URL}?t=${Date.now()}`, { headers: { accept: 'application/json' }, cache: 'no-store' });
    if (!res.ok) return null;
    const body = (await res.json()) as { buildId?: unknown } | null;
    return typeof body?.buildId === 'string' ? body.buildId : null;
  } catch {
    return null;
  }
}

export function startBuildWatch(router: DataRouter, options: BuildWatchOptions): BuildWatch {
  const { intervalMs = BUILD_POLL_INTERVAL_MS, assign = (href: string) => window.location.assign(href) } = options;
  let current = options.buildId;
  let stale = false;
  let leaving = false;
  let pathname = router.state.location.pathname;

  const leaveFor = (location: Location) => {
    if (leaving) return;
    leaving = true;
    assign(router.createHref(location));
  };

  // After the build went stale, a navigation that starts (loaders to run), or one to another
  // path that completed without loaders, becomes a document load of its target. A query-only
  // change without data (a product's `?variant=`) stays in the page.
  const unsubscribe = router.subscribe((state) => {
    const previous = pathname;
    pathname = state.location.pathname;
    if (!stale) return;
    if (state.navigation.state !== 'idle' && state.navigation.location) leaveFor(state.navigation.location);
    else if (state.location.pathname !== previous) leaveFor(state.location);
  });

  const watch: BuildWatch = {
    async check() {
      const id = await fetchBuildId();
      if (id === null) return;
      if (current === null) current = id;
      else if (id !== current) stale = true;
    },
    markStale() {
      stale = true;
    },
    get stale() {
      return stale;
    },
    stop() {
      clearInterval(timer);
      unsubscribe();
    },
  };
  const timer = setInterval(() => void watch.check(), intervalMs);
  return watch;
}
