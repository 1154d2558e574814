/**
 * The cache interface (docs/architecture.md §8) and the stale-while-revalidate / stale-if-error policy, written
 * once over any backing store (in-process LRU, or Redis with the LRU as fallback).
 *
 * Values must be JSON-serialisable (Redis stores JSON) and are treated as immutable by callers.
 * Every duration and time in this module is in milliseconds; "now" comes from the cache's clock
 * (`CacheOptions.now`, `Date.now` by default), so tests can move time without sleeping.
 */
import type { Logger } from '../logger';

/** Current time in epoch milliseconds (the shape of `Date.now`). */
export type Clock = () => number;

/** Options every cache backend accepts. */
export type CacheOptions = {
  /**
   * The clock (epoch ms) behind swr freshness and in-process expiry. Defaults to `Date.now`.
   * Tests inject a manual clock; Redis's own `PX` expiry still runs on Redis's real clock.
   */
  now?: Clock;
};

export interface Cache {
  /** The value stored under `key`, or `undefined` when absent or expired. Never throws. */
  get<T>(key: string): Promise<T | undefined>;
  /** Store `value` under `key` for `ttlMs` milliseconds (> 0). Never throws: a failing backend is logged. */
  set<T>(key: string, value: T, ttlMs: number): Promise<void>;
  /** Remove `key` (no-op when absent). Never throws. */
  delete(key: string): Promise<void>;
  /**
   * Stale-while-revalidate read-through. All durations in ms.
   *
   * Fresh for `ttlMs` after it was fetched: served from cache. Then for `staleMs` more: served
   * stale at once while one background refresh runs (stale-while-revalidate); if that refresh
   * fails, it is logged (warn, "cache refresh failed; serving stale") and the stale value stays
   * (stale-if-error); the key's next background refresh then waits REFRESH_BACKOFF (doubling per
   * failure in a row), so an upstream outage costs one call per key per backoff, not one per
   * request. Absent, or older than `ttlMs + staleMs`: `fetcher` runs and the caller waits
   * for it. Concurrent callers of one key in this process share one `fetcher` call.
   * A rejected `fetcher` is never cached.
   * @throws whatever `fetcher` throws when there is nothing cached to fall back on
   */
  swr<T>(key: string, ttlMs: number, staleMs: number, fetcher: () => Promise<T>): Promise<T>;
  /**
   * Resolves once every fetch this cache has started so far (including background refreshes)
   * has settled, successfully or not. Never rejects. For tests and orderly shutdown.
   */
  whenIdle(): Promise<void>;
  /** Release connections (graceful shutdown). Does not wait for background refreshes. */
  close(): Promise<void>;
}

/** What is stored under an swr key: the value and the epoch ms (cache clock) it stays fresh until. */
export type SwrEntry<T> = { value: T; freshUntil: number };

/**
 * Wait before retrying a failed background refresh (ms): `baseMs` after the first failure,
 * doubling with each failure in a row, at most `maxMs`. A waiting key is served stale.
 */
export const REFRESH_BACKOFF = { baseMs: 1000, maxMs: 60_000 } as const;

/** Backends implement storage; the swr policy is shared. */
export abstract class BaseCache implements Cache {
  private readonly inflight = new Map<string, Promise<unknown>>();
  /** Keys whose last background refresh failed: failures in a row and the epoch ms to wait until. */
  private readonly backoff = new Map<string, { failures: number; until: number }>();
  /** The cache's clock, epoch ms. */
  protected readonly now: Clock;

  constructor(
    protected readonly log: Logger,
    { now = Date.now }: CacheOptions = {},
  ) {
    this.now = now;
  }

  abstract get<T>(key: string): Promise<T | undefined>;
  abstract set<T>(key: string, value: T, ttlMs: number): Promise<void>;
  abstract delete(key: string): Promise<void>;
  abstract close(): Promise<void>;

  async swr<T>(key: string, ttlMs: number, staleMs: number, fetcher: () => Promise<T>): Promise<T> {
    const entry = await this.get<SwrEntry<T>>(key);
    if (entry && entry.freshUntil > this.now()) return entry.value;
    if (entry) {
      const waiting = this.backoff.get(key);
      if (waiting && waiting.until > this.now()) return entry.value;
      this.refresh(key, ttlMs, staleMs, fetcher).then(
        () => this.backoff.delete(key),
        (err) => {
          const failures = (waiting?.failures ?? 0) + 1;
          const waitMs = Math.min(REFRESH_BACKOFF.baseMs * 2 ** (failures - 1), REFRESH_BACKOFF.maxMs);
          this.backoff.set(key, { failures, until: this.now() + waitMs });
          this.log.warn({ err, key, failures, retryInMs: waitMs }, 'cache refresh failed; serving stale');
        },
      );
      return entry.value;
    }
    return this.refresh(key, ttlMs, staleMs, fetcher);
  }

  async whenIdle(): Promise<void> {
    while (this.inflight.size > 0) {
      // The stale-if-error warning handler was attached before these, so it has run by now.
      await Promise.allSettled([...this.inflight.values()]);
    }
  }

  /** One fetch per key at a time in this process; the result is stored for ttl + stale. */
  private refresh<T>(key: string, ttlMs: number, staleMs: number, fetcher: () => Promise<T>): Promise<T> {
    const running = this.inflight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const run = (async () => {
      try {
        const value = await fetcher();
        await this.set<SwrEntry<T>>(key, { value, freshUntil: this.now() + ttlMs }, ttlMs + staleMs);
        return value;
      } finally {
        this.inflight.delete(key);
      }
    })();
    this.inflight.set(key, run);
    return run;
  }
}
