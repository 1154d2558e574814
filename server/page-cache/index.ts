/** The origin page cache (docs/architecture.md §8): see page-cache.ts. */
export { createPageCache, STATUS_HEADER, type PageCache, type PageCacheOptions } from './page-cache';
export { MemoryPageStore } from './store';
export { RedisPageStore } from './redis-store';
export { trackDataKeys, type TrackedCache } from './data-keys';
export { sanityPurge, shopifyPurge, type Purge } from './purge-rules';
