/**
 * In-process cache (the default, and Redis's fallback): lru-cache, 1024 entries (spec §9).
 *
 * Expiry is checked here against the cache's clock (`CacheOptions.now`) rather than by
 * lru-cache's own TTL, so an injected clock governs both swr freshness and expiry. lru-cache only
 * bounds the number of entries; an expired entry is dropped when it is next read, or evicted as
 * the least recently used.
 */
import { LRUCache } from 'lru-cache';
import type { Logger } from '../logger';
import { BaseCache, type CacheOptions } from './cache';

/** Entry limit of the in-process cache (spec §9 "Cache memory default size"). */
export const DEFAULT_MAX_ENTRIES = 1024;

export type MemoryCacheOptions = CacheOptions & {
  /** Most entries kept; the least recently used goes first. Default {@link DEFAULT_MAX_ENTRIES}. */
  max?: number;
};

/** A stored value (boxed, so a cached `null` or `false` is still a hit) and its expiry, epoch ms. */
type Box = { v: unknown; expiresAt: number };

export class MemoryCache extends BaseCache {
  private readonly lru: LRUCache<string, Box>;

  constructor(log: Logger, { max = DEFAULT_MAX_ENTRIES, ...options }: MemoryCacheOptions = {}) {
    super(log, options);
    this.lru = new LRUCache({ max });
  }

  /** The value, or `undefined` when absent or expired (`ttlMs` elapsed on the cache's clock). */
  async get<T>(key: string): Promise<T | undefined> {
    const box = this.lru.get(key);
    if (!box) return undefined;
    if (box.expiresAt <= this.now()) {
      this.lru.delete(key);
      return undefined;
    }
    return box.v as T;
  }

  /** Keep `value` until `ttlMs` ms from now on the cache's clock (or until evicted). */
  async set<T>(key: string, value: T, ttlMs: number): Promise<void> {
    this.lru.set(key, { v: value, expiresAt: this.now() + ttlMs });
  }

  async delete(key: string): Promise<void> {
    this.lru.delete(key);
  }

  /** Drops every entry. */
  async close(): Promise<void> {
    this.lru.clear();
  }
}
