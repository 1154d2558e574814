/**
 * server/cache/namespace.ts: instances of one shop share a Redis namespace; a shop with other
 * upstreams or another site URL never reads the first one's cached data or pages.
 */
import { cacheNamespace } from '../../server/cache/namespace';

const shop = {
  siteUrl: 'https://www.gramercystems.com',
  storefront: { endpoint: 'https://gramercy.myshopify.com/api/2026-04/graphql.json', imageOrigin: 'https://cdn.shopify.com' },
  content: { projectId: 'abcd1234', dataset: 'production', apiHost: null, imageOrigin: 'https://cdn.sanity.io' },
};

test('the same shop gets the same namespace in every instance', () => {
  expect(cacheNamespace(structuredClone(shop) as never)).toBe(cacheNamespace(shop as never));
  expect(cacheNamespace(shop as never)).toMatch(/^gs:[0-9a-f]{8}:$/);
});

test('another dataset, site URL or image origin is another namespace', () => {
  const base = cacheNamespace(shop as never);
  expect(cacheNamespace({ ...shop, content: { ...shop.content, dataset: 'staging' } } as never)).not.toBe(base);
  expect(cacheNamespace({ ...shop, siteUrl: 'https://staging.gramercystems.com' } as never)).not.toBe(base);
  expect(cacheNamespace({ ...shop, content: { ...shop.content, imageOrigin: 'http://localhost:3000/__local/content' } } as never)).not.toBe(base);
});
