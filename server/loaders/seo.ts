/**
 * Per-page SEO (spec §2): title (the shell renders `{siteTitle} | {title}`), description, a
 * 1200-wide social image, keywords, JSON-LD for products (schema.org Product with Offers), and
 * a paginated list's prev/next links.
 */
import type { Picture, ProductDetail, Seo, SiteSettings } from '../../shared/types';
import { SOCIAL_IMAGE_WIDTH } from '../upstream/picture';
import { shopifyImageUrl } from '../upstream/storefront/reshape';

/** Spec §2 default keywords, used when the settings have none. */
export const DEFAULT_KEYWORDS = ['flowers', 'bouquets', 'floral design', 'floral arrangements', 'NYC', 'New York City'];

/** Page SEO with the site's defaults filled in (description, image, keywords). */
export function pageSeo(
  settings: SiteSettings | null,
  page: { title: string; description?: string | null; image?: string | null; jsonLd?: object[]; links?: Seo['links'] },
): Seo {
  return {
    title: page.title,
    description: page.description || settings?.seo.description || null,
    image: page.image || settings?.seo.image || null,
    keywords: settings?.keywords.length ? settings.keywords : DEFAULT_KEYWORDS,
    ...(page.jsonLd ? { jsonLd: page.jsonLd } : {}),
    ...(page.links?.length ? { links: page.links } : {}),
  };
}

/** A Shopify Picture's URL at the social width. */
export function shopifySocialImage(picture: Picture | null | undefined): string | null {
  return picture ? shopifyImageUrl(picture.src, SOCIAL_IMAGE_WIDTH) : null;
}

const numericId = (gid: string) => gid.split('/').pop() ?? gid;

/** schema.org Product (https://schema.org/Product) with one Offer per variant. `url` is absolute. */
export function productJsonLd(product: ProductDetail, url: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: product.description,
    url,
    image: product.images.map((img) => shopifySocialImage(img)),
    brand: { '@type': 'Brand', name: product.vendor },
    category: 'Flowers',
    offers: product.variants.map((v) => ({
      '@type': 'Offer',
      name: v.title,
      ...(v.sku ? { sku: v.sku } : {}),
      price: v.price.amount,
      priceCurrency: v.price.currencyCode,
      availability: v.availableForSale ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url: `${url}?variant=${numericId(v.id)}`,
    })),
  };
}
