/**
 * Catalog route loaders: products list, product detail, collections list, one collection.
 * Product cards are the content lake's cards with the catalog's minimum price (spec §3).
 */
import type { RouteDataMap, RouteParams } from '../../shared/route-data';
import { isPasswordProtected } from '../../shared/product-availability';
import { RELATED_PRODUCTS, type ProductCard, type ProductDetail } from '../../shared/types';
import { withoutPasswordGate } from '../unlock/card';
import { money, shopifyPicture } from '../upstream/storefront/reshape';
import { notFound, segment } from './params';
import { pageSeo, productJsonLd, shopifySocialImage } from './seo';
import type { RecommendedProduct, UpstreamData } from './upstream-data';

/**
 * `/products`: every active product card with its minimum price.
 * @throws UpstreamError on an upstream failure or a malformed card
 */
export async function loadProducts(data: UpstreamData): Promise<RouteDataMap['products']> {
  const [settings, cards, prices] = await Promise.all([data.siteSettings(), data.productCards(), data.priceIndex()]);
  return {
    seo: pageSeo(settings.settings, { title: 'Flowers' }),
    products: data.reshape.productCards(cards, prices),
  };
}

/** A recommendation as a card: the content card when there is one, else the catalog's own data. */
function recommendationCard(p: RecommendedProduct, contentCard: ProductCard | undefined, data: UpstreamData): ProductCard {
  if (contentCard) return contentCard;
  const media = p.media.nodes[0];
  const image = media && 'image' in media ? shopifyPicture(media.image, p.title, data.shopify) : null;
  return {
    handle: p.handle,
    title: p.title,
    minPrice: money(p.priceRange.minVariantPrice),
    image,
    hoverImage: null,
    isSoldOut: !p.availableForSale,
    customSoldOutText: null,
    disableProductInteraction: false,
    productDrop: null,
    password: null,
    cardBanner: null,
  };
}

/**
 * A password-protected product as everyone sees it before unlocking: only what its card shows
 * (title, first image, price) and no options, stock, description or accordion, so neither the
 * CDN-cacheable page nor its payload carries the protected details. One variant stays, for the
 * price the card shows.
 */
function lockedDetail(detail: ProductDetail): ProductDetail {
  const first = detail.variants[0];
  return {
    ...detail,
    description: '',
    descriptionHtml: '',
    tags: [],
    productType: '',
    totalInventory: null,
    options: [],
    images: detail.images.slice(0, 1),
    videos: [],
    variants: first ? [{ ...first, sku: null, quantityAvailable: null, selectedOptions: [], image: null, sellingPlanAllocations: [] }] : [],
    sellingPlanGroups: [],
    accordionItems: [],
  };
}

/**
 * `/products/{handle}`: the Storefront product with its content card and accordion items (the
 * site's defaults when the card has none), RELATED cards (spec §7) and Product JSON-LD.
 * `siteUrl` is absolute, for the JSON-LD url. A password-protected product (spec §4) is cut
 * down to its card's details (lockedDetail) unless `unlocked(handle)` — the request holds a
 * valid unlock cookie, server/unlock — in which case it is the full product with the password
 * gate lifted from its card (that answer is personal: `private, no-store`).
 * @throws RouteError 404 for an unknown handle; UpstreamError on an upstream failure or a
 *   malformed document (a recommendations failure only empties RELATED)
 */
export async function loadProduct(
  data: UpstreamData,
  params: RouteParams,
  siteUrl: string,
  unlocked: (handle: string) => boolean = () => false,
): Promise<RouteDataMap['product']> {
  const handle = segment(params.handle, (h) => `/products/${h}`);
  const productRead = data.product(handle);
  // Recommendations need only the product's id: asked for as soon as it is known, alongside the
  // other reads rather than after them. They are a nicety: their failure must not take the
  // product page down.
  const relatedRead = productRead.then(
    (p) =>
      p
        ? data.recommendations(p.id).catch((err) => {
            data.log.warn({ err, handle }, 'product recommendations failed');
            return [];
          })
        : [],
    () => [],
  );
  const [product, rawCard, settings, prices, related, rawCards] = await Promise.all([
    productRead,
    data.productCard(handle),
    data.siteSettings(),
    data.priceIndex(),
    relatedRead,
    data.productCards(),
  ]);
  if (!product) throw notFound(`/products/${handle}`);

  const contentCard = rawCard ? data.reshape.productCard(rawCard, prices) : null;
  const isProtected = isPasswordProtected(contentCard);
  const open = isProtected && unlocked(handle);
  const card = open ? withoutPasswordGate(contentCard) : contentCard;
  const ownItems = data.reshape.accordionItems(rawCard?.accordionItems);
  const accordionItems = ownItems.length ? ownItems : (settings.settings?.pdpSettings.defaultPDPAccordionItems ?? []);

  // Only the cards the page shows travel to the browser, and only those are reshaped.
  const shown = related.filter((p) => p.handle !== handle).slice(0, RELATED_PRODUCTS);
  const wanted = new Set(shown.map((p) => p.handle));
  const cards = new Map(
    data.reshape
      .productCards(
        rawCards.filter((c) => c && wanted.has(c.slug ?? '')),
        prices,
      )
      .map((c) => [c.handle, c]),
  );

  const full = { ...product, card, accordionItems };
  const detail = isProtected && !open ? lockedDetail(full) : full;
  const url = `${siteUrl}/products/${handle}`;
  return {
    seo: pageSeo(settings.settings, {
      title: product.title,
      description: detail.description.slice(0, 300),
      image: shopifySocialImage(product.images[0]),
      jsonLd: [productJsonLd(detail, url)],
    }),
    product: detail,
    related: shown.map((p) => recommendationCard(p, cards.get(p.handle), data)),
  };
}

/**
 * `/collections`: the list page's collections, or every collection when it lists none.
 * @throws UpstreamError on a content failure or a malformed document
 */
export async function loadCollections(data: UpstreamData): Promise<RouteDataMap['collections']> {
  const [settings, { page, all }] = await Promise.all([data.siteSettings(), data.collectionsPage()]);
  const listed = data.reshape.collectionSummaries(page?.collections);
  const title = page?.title ?? 'Collections';
  return {
    seo: pageSeo(settings.settings, { title, description: page?.seo?.description, image: data.reshape.contentImages.socialUrl(page?.seo?.image) }),
    title,
    collections: listed.length ? listed : data.reshape.collectionSummaries(all),
  };
}

/**
 * `/collections/{slug}`: the collection from the content lake and/or the catalog (either is
 * enough) and its products in the content document's order, else the catalog's.
 * @throws RouteError 404 when neither knows the slug; UpstreamError on an upstream failure or a
 *   malformed document
 */
export async function loadCollection(data: UpstreamData, params: RouteParams): Promise<RouteDataMap['collection']> {
  const slug = segment(params.slug, (s) => `/collections/${s}`);
  const [content, shop, settings, prices, allCards] = await Promise.all([
    data.collectionContent(slug),
    data.collection(slug),
    data.siteSettings(),
    data.priceIndex(),
    data.productCards(),
  ]);
  if (!content && !shop) throw notFound(`/collections/${slug}`);

  // Product order: the content document's when it lists products, else the catalog's.
  const cards = content?.products?.length
    ? data.reshape.productCards(content.products, prices)
    : (() => {
        const byHandle = new Map(data.reshape.productCards(allCards, prices).map((c) => [c.handle, c]));
        return (shop?.products.nodes ?? []).flatMap((p) => byHandle.get(p.handle) ?? []);
      })();
  const summary = data.reshape.collectionSummary(content) ?? {
    handle: slug,
    title: shop!.title,
    href: `/collections/${slug}`,
    image: shopifyPicture(shop!.image, shop!.title, data.shopify),
  };
  return {
    seo: pageSeo(settings.settings, {
      title: content?.seo?.title ?? summary.title,
      description: content?.seo?.description ?? shop?.seo.description ?? shop?.description,
      image: data.reshape.contentImages.socialUrl(content?.seo?.image ?? content?.heroImage) ?? shopifySocialImage(summary.image),
    }),
    collection: { ...summary, descriptionHtml: shop?.descriptionHtml || null },
    products: cards,
  };
}
