/**
 * The URL redirect table (spec §2 "Legacy or junk paths", content/FORMAT.md `redirect`): one
 * `redirect` document per legacy path, editable like Shopify's URL redirects. Each points at the
 * closest live page, by path or by a linked document. Admin-tool and test paths are not listed:
 * they are not legacy pages of this shop, so they answer the ordinary 404.
 */
import type { DatasetContext } from '../dataset';
import { stableKey } from '../keys';

/** `to` is a root-relative path, or a document id (its route is resolved like a link's). */
type RedirectData = { from: string; to: string; permanent?: boolean };

const REDIRECTS: RedirectData[] = [
  // The old shop's catalog entry points.
  { from: '/send-flowers', to: '/products' },
  { from: '/send-goods', to: '/products' },
  // The old blog, under each name it had; `/*` also takes every path below (`/blogs/news/x`).
  { from: '/blog/*', to: 'journalListPage' },
  { from: '/blogs/*', to: 'journalListPage' },
  { from: '/journals/*', to: 'journalListPage' },
  { from: '/work/*', to: 'worksListPage' },
  // Shopify's collection-scoped product URLs: the same handle under /products.
  { from: '/collections/all/products/:handle', to: '/products/:handle' },
  { from: '/collections/frontpage/products/:handle', to: '/products/:handle' },
  // Products renamed since the old shop: the new product, by document.
  { from: '/products/peony-bouquet', to: 'productCard-peony-cloud' },
  { from: '/products/sunflower-bunch', to: 'productCard-union-square-sunflowers' },
  { from: '/products/weekly-subscription', to: 'productCard-weekly-flower-subscription' },
];

/** The `redirect` documents, `_id` = "redirect-" + a stable key of the source. */
export function redirectDocuments(ctx: DatasetContext) {
  return REDIRECTS.map(({ from, to, permanent = true }) => ({
    ...ctx.system(`redirect-${stableKey(from)}`, 'redirect'),
    source: from,
    ...(to.startsWith('/') ? { destination: to } : { page: ctx.ref(to) }),
    permanent,
  }));
}
