/**
 * Resolvers for the catalog side of the Storefront API: shop, products, variants, options,
 * images/media, selling plans, collections, recommendations, node lookups. Models come from
 * catalog.ts; availability from inventory.ts; money is rendered by the Decimal scalar.
 */
import {
  VIDEO_MIME_TYPES,
  type CollectionModel,
  type ImageModel,
  type ProductModel,
  type SellingPlanGroupModel,
  type SellingPlanModel,
  type VariantModel,
  type VideoModel,
} from '../catalog';
import { paginate, type PageArgs } from '../connections';
import type { StorefrontContext } from '../context';
import { htmlToText, truncate } from '../html-text';
import { gid, numericIdOf, parseGid } from '../ids';
import { imageUrl, videoUrl, type ImageTransformInput } from '../image-urls';
import { money, toCents } from '../money';
import { unitPriceCents } from '../pricing';
import { searchProducts, sortProducts } from '../product-search';
import { applyProductFilters, productFilters, type ProductFilterInput } from '../site-search';
import { adjacentVariants, encodeVariants, optionIndexes } from '../variant-encoding';

type Args = PageArgs & Record<string, unknown>;
type SelectedOptionInput = { name: string; value: string };

const byId = (item: { id: string }) => item.id;
const noMetafield = () => null;
const noMetafields = (_: unknown, { identifiers }: { identifiers: unknown[] }) => identifiers.map(() => null);
const nothing = () => null;
const empty = () => [];
const emptyConnection = (_: unknown, args: Args) => paginate([], args, () => '');

const available = (ctx: StorefrontContext, p: ProductModel) => p.variants.some((v) => ctx.inventory.available(v) > 0);

function priceRange(cents: number[]) {
  return { minVariantPrice: money(Math.min(...cents)), maxVariantPrice: money(Math.max(...cents)) };
}

/** A SellingPlanAllocation (variant listing or cart line): the plan and its per-delivery price. */
export function sellingPlanAllocation(variant: VariantModel, plan: SellingPlanModel) {
  const price = money(unitPriceCents(variant, plan));
  return {
    sellingPlan: plan,
    priceAdjustments: [{ price, compareAtPrice: money(toCents(variant.price)), perDeliveryPrice: price, unitPrice: null }],
    checkoutChargeAmount: price,
    remainingBalanceChargeAmount: money(0),
  };
}

/** A MediaImage wrapping a seeded image (product media, brand logos). */
export function mediaImage(image: ImageModel) {
  return {
    __typename: 'MediaImage',
    id: image.id.replace(/\/(ProductImage|CollectionImage)\//, '/MediaImage/'),
    alt: image.altText,
    image,
    previewImage: image,
    mediaContentType: 'IMAGE',
    presentation: null,
  };
}

/** A Video media object (product media after the images); its `sources` resolve per format. */
export function videoMedia(video: VideoModel) {
  return {
    __typename: 'Video',
    ...video,
    alt: video.altText,
    mediaContentType: 'VIDEO',
    presentation: null,
  };
}

type SelectionArgs = { selectedOptions?: SelectedOptionInput[]; caseInsensitiveMatch: boolean; ignoreUnknownOptions: boolean };

function variantMatching(product: ProductModel, selected: SelectedOptionInput[], caseInsensitive: boolean, ignoreUnknown: boolean) {
  const norm = (s: string) => (caseInsensitive ? s.toLowerCase() : s);
  const wanted = selected.filter((o) => !ignoreUnknown || product.options.some((po) => norm(po.name) === norm(o.name)));
  return (
    product.variants.find((v) =>
      wanted.every((o) => v.selectedOptions.some((so) => norm(so.name) === norm(o.name) && norm(so.value) === norm(o.value))),
    ) ?? null
  );
}

/** Shopify's selectedOrFirstAvailableVariant: the variant matching the selection, else the first available, else the first. */
function selectedOrFirstAvailable(ctx: StorefrontContext, p: ProductModel, a: SelectionArgs): VariantModel {
  return (
    (a.selectedOptions?.length ? variantMatching(p, a.selectedOptions, a.caseInsensitiveMatch, a.ignoreUnknownOptions) : null) ??
    p.variants.find((v) => ctx.inventory.available(v) > 0) ??
    p.variants[0]
  );
}

/**
 * Option-value positions of a selection. An option the selection does not name (none given, or
 * only unknown names such as a page's other URL parameters) takes the value of the variant
 * `selectedOrFirstAvailableVariant` answers, so adjacentVariants never lists that variant itself
 * (on Shopify it lists only variants one option away from the selection).
 */
function selectionIndexes(ctx: StorefrontContext, p: ProductModel, a: SelectionArgs): number[] {
  const selected = optionIndexes(p, selectedOrFirstAvailable(ctx, p, a));
  if (!a.selectedOptions?.length) return selected;
  const norm = (s: string) => (a.caseInsensitiveMatch ? s.toLowerCase() : s);
  return p.options.map((o, i) => {
    const chosen = a.selectedOptions!.find((s) => norm(s.name) === norm(o.name));
    return chosen ? o.values.findIndex((v) => norm(v) === norm(chosen.value)) : selected[i];
  });
}

/** Resolve a GID to the catalog object it names (null when unknown). Carts are handled in cart.ts. */
export function catalogNode(ctx: StorefrontContext, id: string): unknown {
  const parsed = parseGid(id);
  const n = parsed && /^\d+$/.test(parsed.id) ? Number(parsed.id) : NaN;
  switch (parsed?.type) {
    case 'Product':
      return ctx.catalog.productById.get(n) ?? null;
    case 'ProductVariant':
      return ctx.catalog.variantById.get(n) ?? null;
    case 'Collection':
      return ctx.catalog.collectionById.get(n) ?? null;
    case 'Shop':
      return n === ctx.catalog.shop.id ? ctx.catalog.shop : null;
    default:
      return null;
  }
}

function related(ctx: StorefrontContext, product: ProductModel): ProductModel[] {
  const seen = new Set<ProductModel>([product]);
  const out: ProductModel[] = [];
  for (const collection of product.collections) {
    for (const other of collection.products) {
      if (!seen.has(other)) {
        seen.add(other);
        out.push(other);
      }
    }
  }
  return out
    .filter((p) => available(ctx, p))
    .concat(out.filter((p) => !available(ctx, p)))
    .slice(0, 10);
}

/** The shop's payment settings (`Shop.paymentSettings`, `QueryRoot.paymentSettings`): cards only, USD, no Shopify Payments account. */
function paymentSettings(shop: StorefrontContext['catalog']['shop'], ctx: StorefrontContext) {
  return {
    acceptedCardBrands: ['VISA', 'MASTERCARD', 'AMERICAN_EXPRESS'],
    cardVaultUrl: `${ctx.origin}/sessions`,
    countryCode: 'US',
    currencyCode: shop.currencyCode,
    enabledPresentmentCurrencies: [shop.currencyCode],
    shopifyPaymentsAccountId: null,
    supportedDigitalWallets: [],
  };
}

/**
 * `publicApiVersions`: the version whose schema every path serves (README "Endpoint"), then
 * `unstable`, which Shopify lists as not supported.
 */
const PUBLIC_API_VERSIONS = [
  { handle: '2026-04', displayName: '2026-04 (Latest)', supported: true },
  { handle: 'unstable', displayName: 'unstable', supported: false },
];

export const catalogResolvers = {
  QueryRoot: {
    shop: (_: unknown, __: unknown, ctx: StorefrontContext) => ctx.catalog.shop,
    paymentSettings: (_: unknown, __: unknown, ctx: StorefrontContext) => paymentSettings(ctx.catalog.shop, ctx),
    publicApiVersions: () => PUBLIC_API_VERSIONS,
    product: (_: unknown, { handle, id }: { handle?: string; id?: string }, ctx: StorefrontContext) => {
      if (handle != null) return ctx.catalog.productByHandle.get(handle) ?? null;
      const n = id != null ? numericIdOf(id, 'Product') : null;
      return n == null ? null : (ctx.catalog.productById.get(n) ?? null);
    },
    productByHandle: (_: unknown, { handle }: { handle: string }, ctx: StorefrontContext) => ctx.catalog.productByHandle.get(handle) ?? null,
    products: (_: unknown, args: Args & { query?: string; sortKey?: string }, ctx: StorefrontContext) => {
      const found = searchProducts(ctx.catalog.products, args.query, (p) => available(ctx, p));
      // Shopify offers filters on collection and search results only.
      return { ...paginate(sortProducts(found, args.sortKey), args, (p) => p.numericId), filters: [] };
    },
    collection: (_: unknown, { handle, id }: { handle?: string; id?: string }, ctx: StorefrontContext) => {
      if (handle != null) return ctx.catalog.collectionByHandle.get(handle) ?? null;
      const n = id != null ? numericIdOf(id, 'Collection') : null;
      return n == null ? null : (ctx.catalog.collectionById.get(n) ?? null);
    },
    collectionByHandle: (_: unknown, { handle }: { handle: string }, ctx: StorefrontContext) => ctx.catalog.collectionByHandle.get(handle) ?? null,
    collections: (_: unknown, args: Args & { query?: string; sortKey?: string }, ctx: StorefrontContext) => {
      const q = (args.query ?? '')
        .toLowerCase()
        .replace(/^title:/, '')
        .replace(/["']/g, '');
      let list = ctx.catalog.collections.filter((c) => !q || c.title.toLowerCase().includes(q) || c.handle === q);
      if (args.sortKey === 'TITLE') list = [...list].sort((a, b) => a.title.localeCompare(b.title));
      if (args.sortKey === 'UPDATED_AT') list = [...list].sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
      if (args.sortKey === 'ID') list = [...list].sort((a, b) => a.numericId - b.numericId);
      return { ...paginate(list, args, (c) => c.numericId), totalCount: String(list.length) };
    },
    productRecommendations: (_: unknown, args: { productId?: string; productHandle?: string; intent: string }, ctx: StorefrontContext) => {
      const n = args.productId != null ? numericIdOf(args.productId, 'Product') : null;
      const product =
        n != null ? ctx.catalog.productById.get(n) : args.productHandle != null ? ctx.catalog.productByHandle.get(args.productHandle) : undefined;
      if (!product) return null;
      // No complementary-product data exists in the seed (Shopify's Search & Discovery app supplies it).
      return args.intent === 'RELATED' ? related(ctx, product) : [];
    },
    productTags: (_: unknown, args: { first: number }, ctx: StorefrontContext) =>
      paginate([...new Set(ctx.catalog.products.flatMap((p) => p.tags))].sort(), args, (t) => t),
    productTypes: (_: unknown, args: { first: number }, ctx: StorefrontContext) =>
      paginate([...new Set(ctx.catalog.products.map((p) => p.productType).filter(Boolean))].sort(), args, (t) => t),
  },

  Shop: {
    id: (shop: StorefrontContext['catalog']['shop']) => gid('Shop', shop.id),
    description: (shop: StorefrontContext['catalog']['shop']) => shop.description ?? null,
    moneyFormat: (shop: StorefrontContext['catalog']['shop']) => shop.moneyFormat ?? '${{amount}}',
    primaryDomain: (shop: StorefrontContext['catalog']['shop']) => {
      const url = new URL(shop.primaryDomain);
      return { host: url.host, sslEnabled: url.protocol === 'https:', url: url.origin };
    },
    paymentSettings: (shop: StorefrontContext['catalog']['shop'], _: unknown, ctx: StorefrontContext) => paymentSettings(shop, ctx),
    shipsToCountries: () => ['US'],
    socialLoginProviders: empty,
    metafield: noMetafield,
    metafields: noMetafields,
  },

  Product: {
    description: (p: ProductModel, { truncateAt }: { truncateAt?: number }) => truncate(htmlToText(p.descriptionHtml), truncateAt),
    availableForSale: (p: ProductModel, _: unknown, ctx: StorefrontContext) => available(ctx, p),
    totalInventory: (p: ProductModel, _: unknown, ctx: StorefrontContext) => p.variants.reduce((n, v) => n + ctx.inventory.available(v), 0),
    publishedAt: (p: ProductModel) => p.createdAt,
    isGiftCard: () => false,
    requiresSellingPlan: () => false,
    onlineStoreUrl: nothing,
    trackingParameters: nothing,
    encodedVariantAvailability: (p: ProductModel, _: unknown, ctx: StorefrontContext) =>
      encodeVariants(p.variants.filter((v) => ctx.inventory.available(v) > 0).map((v) => optionIndexes(p, v))),
    encodedVariantExistence: (p: ProductModel) => encodeVariants(p.variants.map((v) => optionIndexes(p, v))),
    category: nothing,
    seo: () => ({ title: null, description: null }),
    featuredImage: (p: ProductModel) => p.images[0] ?? null,
    images: (p: ProductModel, args: Args) => paginate(p.images, args, byId),
    media: (p: ProductModel, args: Args) => paginate([...p.images.map(mediaImage), ...p.videos.map(videoMedia)], args, byId),
    options: (p: ProductModel, { first }: { first?: number }) =>
      (first != null ? p.options.slice(0, first) : p.options).map((o) => ({ ...o, product: p })),
    priceRange: (p: ProductModel) => priceRange(p.variants.map((v) => toCents(v.price))),
    compareAtPriceRange: (p: ProductModel) => priceRange(p.variants.map((v) => (v.compareAtPrice ? toCents(v.compareAtPrice) : 0))),
    variants: (p: ProductModel, args: Args & { sortKey?: string }) => {
      const list =
        args.sortKey === 'TITLE'
          ? [...p.variants].sort((a, b) => a.title.localeCompare(b.title))
          : args.sortKey === 'SKU'
            ? [...p.variants].sort((a, b) => (a.sku ?? '').localeCompare(b.sku ?? ''))
            : args.sortKey === 'ID'
              ? [...p.variants].sort((a, b) => a.numericId - b.numericId)
              : p.variants;
      return paginate(list, args, (v) => v.numericId);
    },
    variantsCount: (p: ProductModel) => ({ count: p.variants.length, precision: 'EXACT' }),
    variantBySelectedOptions: (
      p: ProductModel,
      a: { selectedOptions: SelectedOptionInput[]; caseInsensitiveMatch: boolean; ignoreUnknownOptions: boolean },
    ) => variantMatching(p, a.selectedOptions, a.caseInsensitiveMatch, a.ignoreUnknownOptions),
    selectedOrFirstAvailableVariant: (p: ProductModel, a: SelectionArgs, ctx: StorefrontContext) => selectedOrFirstAvailable(ctx, p, a),
    adjacentVariants: (p: ProductModel, a: SelectionArgs, ctx: StorefrontContext) => adjacentVariants(p, selectionIndexes(ctx, p, a)),
    sellingPlanGroups: (p: ProductModel, args: Args) => paginate(p.sellingPlanGroups, args, (g) => g.name),
    collections: (p: ProductModel, args: Args) => ({
      ...paginate(p.collections, args, (c) => c.numericId),
      totalCount: String(p.collections.length),
    }),
    metafield: noMetafield,
    metafields: noMetafields,
  },

  ProductOption: {
    optionValues: (o: ProductModel['options'][number] & { product: ProductModel }, _: unknown, ctx: StorefrontContext) =>
      o.values.map((value, i) => {
        const having = o.product.variants.filter((v) => v.selectedOptions.some((so) => so.name === o.name && so.value === value));
        return {
          id: gid('ProductOptionValue', `${numericIdOf(o.id, 'ProductOption')}${String(i + 1).padStart(2, '0')}`),
          name: value,
          swatch: null,
          firstSelectableVariant: having.find((v) => ctx.inventory.available(v) > 0) ?? having[0] ?? null,
        };
      }),
  },

  ProductVariant: {
    availableForSale: (v: VariantModel, _: unknown, ctx: StorefrontContext) => ctx.inventory.available(v) > 0,
    quantityAvailable: (v: VariantModel, _: unknown, ctx: StorefrontContext) => ctx.inventory.available(v),
    // Only true for oversold (continue-selling) variants; the emulator never oversells.
    currentlyNotInStock: () => false,
    price: (v: VariantModel) => money(toCents(v.price)),
    priceV2: (v: VariantModel) => money(toCents(v.price)),
    compareAtPrice: (v: VariantModel) => (v.compareAtPrice ? money(toCents(v.compareAtPrice)) : null),
    compareAtPriceV2: (v: VariantModel) => (v.compareAtPrice ? money(toCents(v.compareAtPrice)) : null),
    sellingPlanAllocations: (v: VariantModel, args: Args) =>
      paginate(
        v.product.sellingPlanGroups.flatMap((g) => g.sellingPlans).map((plan) => sellingPlanAllocation(v, plan)),
        args,
        (a) => a.sellingPlan.numericId,
      ),
    quantityRule: () => ({ minimum: 1, maximum: null, increment: 1 }),
    requiresShipping: () => true,
    requiresComponents: () => false,
    taxable: () => true,
    barcode: nothing,
    weight: nothing,
    weightUnit: () => 'KILOGRAMS',
    unitPrice: nothing,
    unitPriceMeasurement: nothing,
    components: emptyConnection,
    groupedBy: emptyConnection,
    quantityPriceBreaks: emptyConnection,
    storeAvailability: emptyConnection,
    metafield: noMetafield,
    metafields: noMetafields,
  },

  Image: {
    url: (image: ImageModel, { transform }: { transform?: ImageTransformInput }, ctx: StorefrontContext) => imageUrl(ctx.origin, image, transform),
    src: (image: ImageModel, _: unknown, ctx: StorefrontContext) => imageUrl(ctx.origin, image),
    originalSrc: (image: ImageModel, _: unknown, ctx: StorefrontContext) => imageUrl(ctx.origin, image),
    transformedSrc: (image: ImageModel, transform: ImageTransformInput, ctx: StorefrontContext) => imageUrl(ctx.origin, image, transform),
    thumbhash: nothing,
  },

  Video: {
    // One progressive source per seeded format, at the video's size (Shopify also lists HLS).
    sources: (v: VideoModel, _: unknown, ctx: StorefrontContext) =>
      v.formats.map((format) => ({
        format,
        mimeType: VIDEO_MIME_TYPES[format],
        url: videoUrl(ctx.origin, v, format),
        width: v.width,
        height: v.height,
      })),
  },

  SellingPlanGroup: {
    sellingPlans: (g: SellingPlanGroupModel, args: Args) => paginate(g.sellingPlans, args, (sp) => sp.numericId),
  },

  SellingPlan: {
    priceAdjustments: (sp: SellingPlanModel) => {
      const adj = sp.priceAdjustment;
      if (!adj) return [];
      const adjustmentValue =
        'percentage' in adj
          ? { __typename: 'SellingPlanPercentagePriceAdjustment', adjustmentPercentage: adj.percentage }
          : 'amount' in adj
            ? { __typename: 'SellingPlanFixedAmountPriceAdjustment', adjustmentAmount: money(toCents(adj.amount)) }
            : { __typename: 'SellingPlanFixedPriceAdjustment', price: money(toCents(adj.price)) };
      return [{ adjustmentValue, orderCount: null }];
    },
    // The whole price is charged at checkout (no deferred or partial charges in the seed).
    checkoutCharge: () => ({ type: 'PERCENTAGE', value: { __typename: 'SellingPlanCheckoutChargePercentageValue', percentage: 100 } }),
    billingPolicy: nothing,
    deliveryPolicy: nothing,
    metafield: noMetafield,
    metafields: noMetafields,
  },

  Collection: {
    description: (c: CollectionModel, { truncateAt }: { truncateAt?: number }) => truncate(htmlToText(c.descriptionHtml), truncateAt),
    // `filters` narrow the page (site-search.ts semantics); the connection's `filters` describe the whole collection.
    products: (c: CollectionModel, args: Args & { sortKey?: string; filters?: ProductFilterInput[] }, ctx: StorefrontContext) => ({
      ...paginate(sortProducts(applyProductFilters(ctx, c.products, args.filters), args.sortKey), args, (p) => p.numericId),
      filters: productFilters(ctx, c.products),
    }),
    seo: () => ({ title: null, description: null }),
    onlineStoreUrl: nothing,
    trackingParameters: nothing,
    metafield: noMetafield,
    metafields: noMetafields,
  },
};
