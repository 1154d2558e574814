/** Picks the cache backend: Redis when REDIS_URL is set, the in-process LRU otherwise. */
import type { Logger } from '../logger';
import type { Cache, CacheOptions } from './cache';
import { MemoryCache } from './lru-cache';
import { RedisCache } from './redis-cache';

export type { Cache, CacheOptions, Clock } from './cache';
export { REFRESH_BACKOFF } from './cache';
export { MemoryCache } from './lru-cache';
export { RedisCache } from './redis-cache';

/**
 * The process's cache: Redis (with the LRU as fallback) when `redisUrl` is set, else the LRU.
 * @param options.keyPrefix Redis key namespace (default "gs:")
 * @param options.now clock in epoch ms (default `Date.now`)
 */
export function createCache(redisUrl: string | null, log: Logger, { keyPrefix, now }: CacheOptions & { keyPrefix?: string } = {}): Cache {
  return redisUrl ? new RedisCache(log, { url: redisUrl, keyPrefix, now }) : new MemoryCache(log, { now });
}
