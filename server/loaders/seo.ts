/**
 * Per-page SEO (spec §2): title (the shell renders `{siteTitle} | {title}`), description, a
 * 1200-wide social image, keywords, JSON-LD for products (schema.org Product with Offers), and
 * a paginated list's prev/next links.
 */
import { SELLING_PLAN_PARAM, sellingPlanParam, VARIANT_PARAM, variantParam } from '../../client/lib/variants';
import { amountCents, centsAmount } from '../../shared/money';
import type { Money, Picture, ProductDetail, Seo, SiteSettings } from '../../shared/types';
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

/** A schema.org price: the amount as a two-place decimal, via integer cents ("67.5" → "67.50"). */
const schemaPrice = (money: Money) => ({ price: centsAmount(amountCents(money)), priceCurrency: money.currencyCode });

/**
 * schema.org Product (https://schema.org/Product) with one Offer per way to buy it: per variant
 * the one-time Offer, and one Offer per selling plan the variant can be bought with, at the
 * price the platform allocates (what the cart charges), its url landing on that variant and plan
 * (`?variant=…&selling_plan=…`, where the page shows that price). Prices are two-place decimals.
 * `url` is absolute.
 */
export function productJsonLd(product: ProductDetail, url: string): object {
  const plans = new Map(product.sellingPlanGroups.flatMap((g) => g.sellingPlans).map((plan) => [plan.id, plan]));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: product.description,
    url,
    image: product.images.map((img) => shopifySocialImage(img)),
    brand: { '@type': 'Brand', name: product.vendor },
    category: 'Flowers',
    offers: product.variants.flatMap((v) => {
      const variantUrl = `${url}?${VARIANT_PARAM}=${variantParam(v.id)}`;
      const common = {
        '@type': 'Offer',
        ...(v.sku ? { sku: v.sku } : {}),
        availability: v.availableForSale ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      };
      // Shopify's single-variant products are titled "Default Title": the product's name says more.
      const name = v.title === 'Default Title' ? product.title : v.title;
      return [
        { ...common, name, ...schemaPrice(v.price), url: variantUrl },
        ...v.sellingPlanAllocations.flatMap((a) => {
          const plan = plans.get(a.sellingPlanId);
          if (!plan) return [];
          return [
            {
              ...common,
              name: `${name}, ${plan.name}`,
              ...schemaPrice(a.price),
              url: `${variantUrl}&${SELLING_PLAN_PARAM}=${sellingPlanParam(plan.id)}`,
            },
          ];
        }),
      ];
    }),
  };
}
