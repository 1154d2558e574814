/**
 * Storefront API results → shared view models (shared/types.ts). Money stays the API's MoneyV2
 * (decimal strings). Images become Pictures only when they are on the configured image host
 * (spec §5); any other image is dropped with a warning.
 */
import type { Cart, Money, Picture, ProductDetail, ProductVariant, ProductVideo } from '../../../shared/types';
import type { Logger } from '../../logger';
import { buildPicture } from '../picture';
import type { CartFieldsFragment, ImageFieldsFragment, ProductDetailFragment, VariantFieldsFragment } from './generated';

export type ShopifyReshapeOptions = { imageOrigin: string; log: Logger };

/** `url` with its `width` query parameter set (Shopify CDN image transformation). */
export function shopifyImageUrl(url: string, width: number): string {
  const u = new URL(url);
  u.searchParams.set('width', String(width));
  return u.toString();
}

/** Whether `url` is on the shop's image host (spec §5); logs a warning when it is not. */
function onImageHost(url: string, what: 'image' | 'video', opts: ShopifyReshapeOptions): boolean {
  let host: string;
  try {
    host = new URL(url).host;
  } catch {
    host = '';
  }
  const expectedHost = new URL(opts.imageOrigin).host;
  if (host === expectedHost) return true;
  opts.log.warn({ url, expectedHost }, `${what} not on the shop image host; not rendered`);
  return false;
}

/**
 * A Shopify image as a Picture, or null (logged) when it is not on the image host (spec §5).
 * Missing dimensions (the API allows null) fall back to a square of the default width.
 */
export function shopifyPicture(image: ImageFieldsFragment | null | undefined, alt: string, opts: ShopifyReshapeOptions): Picture | null {
  if (!image?.url || !onImageHost(image.url, 'image', opts)) return null;
  const width = image.width ?? 1000;
  const height = image.height ?? width;
  return buildPicture((w) => shopifyImageUrl(image.url, w), { width, height }, image.altText ?? alt);
}

/** MoneyV2 without transport extras (Apollo's __typename). */
export const money = (m: { amount: string; currencyCode: string }): Money => ({ amount: m.amount, currencyCode: m.currencyCode });
const moneyOrNull = (m: { amount: string; currencyCode: string } | null | undefined): Money | null => (m ? money(m) : null);

export function toVariant(v: VariantFieldsFragment, productTitle: string, opts: ShopifyReshapeOptions): ProductVariant {
  return {
    id: v.id,
    title: v.title,
    sku: v.sku || null,
    availableForSale: v.availableForSale,
    quantityAvailable: v.quantityAvailable,
    selectedOptions: v.selectedOptions.map(({ name, value }) => ({ name, value })),
    price: money(v.price),
    compareAtPrice: moneyOrNull(v.compareAtPrice),
    image: shopifyPicture(v.image, productTitle, opts),
  };
}

/**
 * Video sources a <video> element plays by itself: progressive files. (Shopify also lists an HLS
 * playlist, which only Safari plays without a player script.)
 */
const PLAYABLE_VIDEO_TYPES = new Set(['video/mp4', 'video/webm']);

type MediaNode = ProductDetailFragment['media']['nodes'][number];

/**
 * A `Video` media as a ProductVideo: its playable sources on the shop's image host (spec §5's
 * rule for the platform's media), in the platform's order, sized by the first; its preview image
 * as the poster. Null for other media, or a video with no such source (a source off the host is logged).
 */
function toVideo(media: MediaNode, productTitle: string, opts: ShopifyReshapeOptions): ProductVideo | null {
  if (!('sources' in media)) return null;
  const sources = media.sources.filter((s) => PLAYABLE_VIDEO_TYPES.has(s.mimeType) && onImageHost(s.url, 'video', opts));
  if (!sources.length) return null;
  const alt = media.alt || `${productTitle}, video`;
  return {
    id: media.id,
    alt,
    width: sources[0].width,
    height: sources[0].height,
    poster: shopifyPicture(media.previewImage, alt, opts),
    sources: sources.map(({ url, mimeType }) => ({ url, mimeType })),
  };
}

/** Product detail without the content-side parts (card, accordion), which the loader adds. */
export function toProductDetail(p: ProductDetailFragment, opts: ShopifyReshapeOptions): Omit<ProductDetail, 'card' | 'accordionItems'> {
  return {
    id: p.id,
    handle: p.handle,
    title: p.title,
    description: p.description,
    descriptionHtml: p.descriptionHtml,
    tags: p.tags,
    productType: p.productType,
    vendor: p.vendor,
    availableForSale: p.availableForSale,
    totalInventory: p.totalInventory,
    options: p.options.map((o) => ({ name: o.name, values: o.optionValues.map((v) => v.name) })),
    images: p.images.nodes.flatMap((img) => shopifyPicture(img, p.title, opts) ?? []),
    videos: p.media.nodes.flatMap((m) => toVideo(m, p.title, opts) ?? []),
    variants: p.variants.nodes.map((v) => ({
      ...toVariant(v, p.title, opts),
      // The first adjustment is the one the checkout charges; a plan without one has no price to show.
      sellingPlanAllocations: v.sellingPlanAllocations.nodes.flatMap(({ sellingPlan, priceAdjustments: [first] }) =>
        first
          ? [
              {
                sellingPlanId: sellingPlan.id,
                price: money(first.price),
                compareAtPrice: money(first.compareAtPrice),
                perDeliveryPrice: money(first.perDeliveryPrice),
              },
            ]
          : [],
      ),
    })),
    sellingPlanGroups: p.sellingPlanGroups.nodes.map((g) => ({
      name: g.name,
      options: g.options.map((o) => ({ name: o.name, values: o.values })),
      sellingPlans: g.sellingPlans.nodes.map((sp) => ({
        id: sp.id,
        name: sp.name,
        description: sp.description ?? null,
        options: sp.options.map((o) => ({ name: o.name ?? '', value: o.value ?? '' })),
      })),
    })),
    collectionHandle: p.collections.nodes[0]?.handle ?? null,
  };
}

export function toCart(c: CartFieldsFragment, opts: ShopifyReshapeOptions): Cart {
  return {
    id: c.id,
    checkoutUrl: c.checkoutUrl,
    createdAt: c.createdAt,
    note: c.note ?? null,
    totalQuantity: c.totalQuantity,
    attributes: c.attributes.map(({ key, value }) => ({ key, value: value ?? null })),
    cost: {
      subtotalAmount: money(c.cost.subtotalAmount),
      totalAmount: money(c.cost.totalAmount),
      totalTaxAmount: moneyOrNull(c.cost.totalTaxAmount),
      isSubtotalEstimated: c.cost.subtotalAmountEstimated,
      isTotalEstimated: c.cost.totalAmountEstimated,
      isTotalTaxEstimated: c.cost.totalTaxAmountEstimated,
    },
    // Every merchandise is a ProductVariant today; a line of any other kind cannot be shown.
    lines: c.lines.nodes.flatMap((line) => {
      const m = line.merchandise;
      if (!('id' in m) || !m.id) return [];
      return [
        {
          id: line.id,
          quantity: line.quantity,
          cost: { totalAmount: money(line.cost.totalAmount) },
          merchandise: {
            id: m.id,
            title: m.title,
            sku: m.sku || null,
            availableForSale: m.availableForSale,
            quantityAvailable: m.quantityAvailable,
            selectedOptions: m.selectedOptions.map(({ name, value }) => ({ name, value })),
            price: money(m.price),
            compareAtPrice: moneyOrNull(m.compareAtPrice),
            image: shopifyPicture(m.image, m.product.title, opts),
            product: { id: m.product.id, handle: m.product.handle, title: m.product.title, vendor: m.product.vendor, tags: m.product.tags },
          },
          sellingPlanAllocation: line.sellingPlanAllocation
            ? { sellingPlan: { id: line.sellingPlanAllocation.sellingPlan.id, name: line.sellingPlanAllocation.sellingPlan.name } }
            : null,
          attributes: line.attributes.map(({ key, value }) => ({ key, value: value ?? null })),
        },
      ];
    }),
  };
}
