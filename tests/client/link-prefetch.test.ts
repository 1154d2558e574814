/**
 * Which links prefetch what (client/runtime/link-prefetch.ts; spec §2): never on save-data or
 * 2g, and the payload URLs a navigation's loaders will ask for, from the real route table.
 */
import { createRoutes } from '../../client/routes';
import { payloadUrlsFor, prefetchAllowed } from '../../client/runtime/link-prefetch';
import { MAX_PARALLEL_PRELOADS, ON_SCREEN_PREFETCHES_PER_VIEW, PREFETCHES_PER_VIEW } from '../../client/runtime/timing';
import type { RouteDataSource } from '../../shared/route-data';

const never: RouteDataSource = { load: () => new Promise(() => undefined) };
const routes = createRoutes(never);
const urls = (href: string) => payloadUrlsFor(routes, new URL(href, 'http://shop.test'));

test('spec §9: 4 route preloads in parallel', () => {
  expect(MAX_PARALLEL_PRELOADS).toBe(4);
});

test('a page view prefetches at most 4 payloads (5 requests on the pages tier with its own); the link pointed at always has one', () => {
  expect(PREFETCHES_PER_VIEW).toBe(4);
  expect(ON_SCREEN_PREFETCHES_PER_VIEW).toBeLessThan(PREFETCHES_PER_VIEW);
});

test.each([
  [undefined, true],
  [{}, true],
  [{ effectiveType: '4g' }, true],
  [{ effectiveType: '3g' }, true],
  [{ effectiveType: '2g' }, false],
  [{ effectiveType: 'slow-2g' }, false],
  [{ saveData: true, effectiveType: '4g' }, false],
  [{ saveData: false, effectiveType: '4g' }, true],
])('connection %j → prefetch %s', (connection, allowed) => {
  expect(prefetchAllowed(connection)).toBe(allowed);
});

test('a page route: its own payload, never the root (site settings load once per document)', () => {
  expect(urls('/products/peony-bouquet')).toEqual(['/__payload/product?handle=peony-bouquet']);
  expect(urls('/')).toEqual(['/__payload/home']);
  expect(urls('/about')).toEqual(['/__payload/page?slug=about']);
});

test('lists carry ?page=, as their loaders do', () => {
  expect(urls('/journal?page=2')).toEqual(['/__payload/journal?page=2']);
  expect(urls('/works')).toEqual(['/__payload/works']);
});

test('a photo stream item loads the grid and the item', () => {
  expect(urls('/photo-stream/spring')).toEqual(['/__payload/photoStream?slug=spring', '/__payload/photoStreamItem?slug=spring']);
});

test('personal routes and unknown paths are not prefetched', () => {
  for (const href of ['/cart', '/accounts/login', '/accounts/account', '/accounts/orders/1001', '/404', '/a/b/c']) expect(urls(href)).toEqual([]);
});
