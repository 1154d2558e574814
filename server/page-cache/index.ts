/** The origin page cache (docs/architecture.md §8): see page-cache.ts. */
export { createPageCache, REFRESH_HEADER, STATUS_HEADER, type PageCache, type PageCacheOptions } from './page-cache';
export { MemoryPageStore, type PageStore } from './store';
export { RedisPageStore } from './redis-store';
export { trackDataKeys, type TrackedCache } from './data-keys';
export { sanityPurge, shopifyPurge, type Purge, type SanityChange } from './purge-rules';
export { pageKey } from './key';
