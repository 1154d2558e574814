/** Picks the cache backend: Redis when REDIS_URL is set, the in-process LRU otherwise. */
import type { Logger } from '../logger';
import type { Cache } from './cache';
import { MemoryCache } from './lru-cache';
import { RedisCache } from './redis-cache';

export type { Cache } from './cache';
export { MemoryCache } from './lru-cache';
export { RedisCache } from './redis-cache';

export function createCache(redisUrl: string | null, log: Logger, keyPrefix?: string): Cache {
  return redisUrl ? new RedisCache(log, { url: redisUrl, keyPrefix }) : new MemoryCache(log);
}
