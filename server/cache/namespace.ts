/**
 * The Redis key namespace of one shop: `gs:{8 hex}:`, a hash of what the cached data depends on
 * (the Storefront endpoint, the content project, dataset and host, the image origins, the site
 * URL). Instances of the same shop share it, and so share the data cache, the page cache and
 * the rate-limit counts; a shop with other upstreams (staging beside production, a local run
 * beside a live-mode test on the same Redis) gets its own, so neither reads the other's
 * reshaped data (image URLs, prices) or pages.
 *
 * Input: the process config (server/config.ts). Output: the ioredis `keyPrefix`.
 */
import { createHash } from 'node:crypto';
import type { Config } from '../config';

export function cacheNamespace(config: Pick<Config, 'siteUrl' | 'storefront' | 'content'>): string {
  const identity = [
    config.siteUrl,
    config.storefront.endpoint,
    config.storefront.imageOrigin,
    config.content.projectId,
    config.content.dataset,
    config.content.apiHost,
    config.content.imageOrigin,
  ];
  return `gs:${createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 8)}:`;
}
