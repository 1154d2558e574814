/** In-process cache (the default, and Redis's fallback): lru-cache, 1024 entries (spec §9). */
import { LRUCache } from 'lru-cache';
import type { Logger } from '../logger';
import { BaseCache } from './cache';

export const DEFAULT_MAX_ENTRIES = 1024;

export class MemoryCache extends BaseCache {
  private readonly lru: LRUCache<string, { v: unknown }>;

  constructor(log: Logger, max = DEFAULT_MAX_ENTRIES) {
    super(log);
    // Values are boxed so that a cached `null` or `false` is still a hit.
    this.lru = new LRUCache({ max });
  }

  async get<T>(key: string): Promise<T | undefined> {
    return this.lru.get(key)?.v as T | undefined;
  }

  async set<T>(key: string, value: T, ttlMs: number): Promise<void> {
    this.lru.set(key, { v: value }, { ttl: ttlMs });
  }

  async delete(key: string): Promise<void> {
    this.lru.delete(key);
  }

  async close(): Promise<void> {
    this.lru.clear();
  }
}
