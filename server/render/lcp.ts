/**
 * The head's image hints (docs/architecture.md §4.3): a `<link rel="preload" as="image">` for the
 * page's LCP image, with the very srcset and sizes its <img> has (shared/images.ts,
 * client/lib/image-sizes.ts) and `fetchpriority="high"`, and `<link rel="preconnect">` to the
 * image origins the page's pictures come from.
 *
 * The LCP image is the one the page marks `priority`: home, the first module's hero image;
 * a collection, its hero image, else its first product card's; a product, the gallery's main
 * image (the `?variant=` variant's image, as client/pages/ProductPage.tsx picks it).
 */
import type { RouteDataMap } from '../../shared/route-data';
import { responsiveImage } from '../../shared/images';
import type { Picture } from '../../shared/types';
import { CARD_SIZES, FULL_WIDTH_SIZES, GALLERY_SIZES } from '../../client/lib/image-sizes';
import { initialVariant, VARIANT_PARAM } from '../../client/lib/variants';
import { escapeHtml } from './serialize';

type Lcp = { picture: Picture; sizes: string };

function lcpImage(loaderData: Record<string, unknown>, url: URL): Lcp | null {
  const home = loaderData.home as RouteDataMap['home'] | undefined;
  if (home) {
    const first = home.modules[0];
    return first?.type === 'hero' && first.image ? { picture: first.image, sizes: FULL_WIDTH_SIZES } : null;
  }
  const collection = loaderData.collection as RouteDataMap['collection'] | undefined;
  if (collection) {
    if (collection.collection.image) return { picture: collection.collection.image, sizes: FULL_WIDTH_SIZES };
    const card = collection.products[0]?.image;
    return card ? { picture: card, sizes: CARD_SIZES } : null;
  }
  const product = (loaderData.product as RouteDataMap['product'] | undefined)?.product;
  if (product) {
    const variant = initialVariant(product, url.searchParams.get(VARIANT_PARAM));
    const main = product.images.find((img) => img.src === variant?.image?.src) ?? product.images[0];
    return main ? { picture: main, sizes: GALLERY_SIZES } : null;
  }
  return null;
}

/** The origins of every picture in `value` (loader data), in order of appearance. */
function imageOrigins(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) imageOrigins(item, into);
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.src === 'string' && typeof record.width === 'number' && typeof record.height === 'number') {
      try {
        into.add(new URL(record.src).origin);
      } catch {
        /* not an absolute URL: nothing to connect to */
      }
    }
    for (const item of Object.values(record)) imageOrigins(item, into);
  }
  return into;
}

/** The preconnect and LCP preload `<link>`s for a page's loader data; `url` is the page's URL. */
export function imageHints(loaderData: Record<string, unknown>, url: URL): string[] {
  const origins = [...imageOrigins(loaderData)].filter((origin) => origin !== url.origin);
  const links = origins.map((origin) => `<link rel="preconnect" href="${escapeHtml(origin)}">`);
  const lcp = lcpImage(loaderData, url);
  if (lcp) {
    const image = responsiveImage(lcp.picture.src, lcp.sizes);
    const srcset = image.srcSet ? ` imagesrcset="${escapeHtml(image.srcSet)}"` : '';
    const sizes = image.sizes ? ` imagesizes="${escapeHtml(image.sizes)}"` : '';
    links.push(`<link rel="preload" as="image" href="${escapeHtml(image.src)}"${srcset}${sizes} fetchpriority="high">`);
  }
  return links;
}
