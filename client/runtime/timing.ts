/**
 * The client runtime's figures (spec §9 "Build update check 1 hour", "Reload-loop guard 10 s",
 * "Manifest prefetch after 1 s", "Parallel route preloads 4"), in one place so tests and docs
 * cite the same numbers.
 */

/** Spec §1, §4 "Build updates", §9: the build id is polled once an hour (milliseconds). */
export const BUILD_POLL_INTERVAL_MS = 60 * 60 * 1000;

/** Spec §4, §8, §9: at most one automatic reload per path within this window (milliseconds). */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;

/** Spec §2, §9: the build manifest is prefetched this long after start (milliseconds). */
export const MANIFEST_PREFETCH_DELAY_MS = 1_000;

/** Spec §2, §9: route payload preloads in flight at once. */
export const MAX_PARALLEL_PRELOADS = 4;

/**
 * Route payloads one page view (the document, then each client navigation to another path) may
 * prefetch: with the view's own request, at most 5 against the pages rate-limit tier
 * (docs/architecture.md §8 Rate limits), whatever the number of links on the page.
 */
export const PREFETCHES_PER_VIEW = 4;

/** Of those, the ones links on screen may take: the rest is kept for the link the shopper points at. */
export const ON_SCREEN_PREFETCHES_PER_VIEW = 2;

/** How long the pointer rests on a link, or focus on it, before its payload is prefetched (milliseconds). */
export const PREFETCH_INTENT_DELAY_MS = 100;

/** How long a prefetched route payload may serve a navigation (milliseconds; 30 s, half the payload's s-maxage). */
export const PREFETCH_TTL_MS = 30_000;

/** Spec §7: idempotent fetches are retried once. */
export const FETCH_RETRIES = 1;

/** Wait before the retry when the answer has no Retry-After (milliseconds). */
export const FETCH_RETRY_DELAY_MS = 300;

/** A Retry-After longer than this is cut to it (milliseconds): a shopper is waiting. */
export const FETCH_RETRY_AFTER_CAP_MS = 3_000;
