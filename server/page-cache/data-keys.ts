/**
 * Remembers which data-cache keys the app has read (server/loaders/upstream-data.ts, the
 * redirect table, the sitemap), so a webhook can delete the ones a change touched: the data
 * cache (server/cache) cannot list its keys. A decorator over the one `Cache` (ADR-0008); with
 * Redis, the keys other instances wrote are found by a SCAN of the same prefix.
 */
import type { Cache } from '../cache';
import { RedisCache } from '../cache';

/** Most keys remembered; the oldest are forgotten first (they expire on their own anyway). */
const MAX_KEYS = 10_000;

export type TrackedCache = Cache & {
  /**
   * Delete every data key starting with one of `prefixes` (e.g. `content:`, `storefront:`) that
   * this process has used, and with Redis every such key in Redis. Resolves to how many keys
   * were asked to go. @throws when Redis fails mid-scan
   */
  deleteByPrefix(prefixes: string[]): Promise<number>;
};

export function trackDataKeys(cache: Cache): TrackedCache {
  const seen = new Set<string>();
  const remember = (key: string) => {
    seen.delete(key);
    seen.add(key);
    if (seen.size > MAX_KEYS) seen.delete(seen.values().next().value as string);
  };
  return {
    get: (key) => cache.get(key),
    set: (key, value, ttlMs) => {
      remember(key);
      return cache.set(key, value, ttlMs);
    },
    delete: (key) => cache.delete(key),
    swr: (key, ttlMs, staleMs, fetcher) => {
      remember(key);
      return cache.swr(key, ttlMs, staleMs, fetcher);
    },
    whenIdle: () => cache.whenIdle(),
    close: () => cache.close(),
    async deleteByPrefix(prefixes) {
      const keys = new Set([...seen].filter((key) => prefixes.some((p) => key.startsWith(p))));
      if (cache instanceof RedisCache) {
        const prefix = cache.redis.options.keyPrefix ?? '';
        for (const p of prefixes) {
          let cursor = '0';
          do {
            const [next, found] = await cache.redis.scan(cursor, 'MATCH', `${prefix}${p}*`, 'COUNT', 500);
            cursor = next;
            for (const key of found) keys.add(key.slice(prefix.length));
          } while (cursor !== '0');
        }
      }
      await Promise.all([...keys].map((key) => cache.delete(key)));
      return keys.size;
    },
  };
}
