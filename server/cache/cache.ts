/**
 * The cache interface (DESIGN §8) and the stale-while-revalidate / stale-if-error policy, written
 * once over any backing store (in-process LRU, or Redis with the LRU as fallback).
 *
 * Values must be JSON-serialisable (Redis stores JSON) and are treated as immutable by callers.
 * Times are milliseconds.
 */
import type { Logger } from '../logger';

export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  /** Store `value` for `ttlMs`. Never throws: a failing backend is logged. */
  set<T>(key: string, value: T, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Fresh for `ttlMs`: served from cache. Then for `staleMs` more: served stale at once while one
   * background refresh runs (stale-while-revalidate); if that refresh fails, the stale value
   * stays (stale-if-error). Absent or expired: `fetcher` runs (concurrent callers share it).
   * @throws whatever `fetcher` throws when there is nothing cached to fall back on
   */
  swr<T>(key: string, ttlMs: number, staleMs: number, fetcher: () => Promise<T>): Promise<T>;
  /** Release connections (graceful shutdown). */
  close(): Promise<void>;
}

/** What is stored under an swr key: the value and the epoch ms it stays fresh until. */
type SwrEntry<T> = { value: T; freshUntil: number };

/** Backends implement storage; the swr policy is shared. */
export abstract class BaseCache implements Cache {
  private readonly inflight = new Map<string, Promise<unknown>>();

  constructor(protected readonly log: Logger) {}

  abstract get<T>(key: string): Promise<T | undefined>;
  abstract set<T>(key: string, value: T, ttlMs: number): Promise<void>;
  abstract delete(key: string): Promise<void>;
  abstract close(): Promise<void>;

  async swr<T>(key: string, ttlMs: number, staleMs: number, fetcher: () => Promise<T>): Promise<T> {
    const entry = await this.get<SwrEntry<T>>(key);
    if (entry && entry.freshUntil > Date.now()) return entry.value;
    if (entry) {
      this.refresh(key, ttlMs, staleMs, fetcher).catch((err) =>
        this.log.warn({ err, key }, 'cache refresh failed; serving stale'));
      return entry.value;
    }
    return this.refresh(key, ttlMs, staleMs, fetcher);
  }

  /** One fetch per key at a time in this process; the result is stored for ttl + stale. */
  private refresh<T>(key: string, ttlMs: number, staleMs: number, fetcher: () => Promise<T>): Promise<T> {
    const running = this.inflight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const run = (async () => {
      try {
        const value = await fetcher();
        await this.set<SwrEntry<T>>(key, { value, freshUntil: Date.now() + ttlMs }, ttlMs + staleMs);
        return value;
      } finally {
        this.inflight.delete(key);
      }
    })();
    this.inflight.set(key, run);
    return run;
  }
}
