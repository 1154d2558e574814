/**
 * View-model shapes shared by the server (which builds them from the Storefront API and the
 * content lake in its reshape layers) and the client (which renders them).
 *
 * Units: money is the Storefront API's MoneyV2, a decimal *string* amount plus an ISO 4217
 * currency code ({ amount: "85.0", currencyCode: "USD" }), never cents. Dates are ISO 8601
 * strings. Image sizes are CSS pixels. Nothing here ever carries personal data except `Cart`
 * (a shopper's own cart, only ever sent with `Cache-Control: private, no-store`).
 */
import type { PortableTextBlock } from '@portabletext/types';

/** Storefront API MoneyV2: `amount` is a decimal string such as "85.0". */
export type Money = { amount: string; currencyCode: string };

/**
 * A ready-to-render image, from either source (Shopify CDN or Sanity's image pipeline).
 * `src` is the image at the default width (1000, spec §9) on its image host; the srcset (WebP,
 * default widths or densities 1 and 2) and the 10x10 blurred placeholder are built from it where
 * it is rendered (shared/images.ts), so the page state carries one URL per image.
 */
export type Picture = {
  src: string;
  width: number;
  height: number;
  alt: string;
};

/** A product card as the header's dropdowns show it (client/components/QuickShopCard.tsx). */
export type HeaderProductCard = Pick<ProductCard, 'handle' | 'title' | 'minPrice' | 'image'>;

/** How many products a header dropdown shows (client/components/Header.tsx). */
export const HEADER_DROPDOWN_PRODUCTS = 4;

/** How many RELATED products the product page shows (spec §7 recommendations). */
export const RELATED_PRODUCTS = 4;

/** A resolved navigation link (spec §2 route resolution): `external` opens in a new tab. */
export type NavLink = { key: string; title: string; href: string; external: boolean };

/**
 * A block-level image in rich text: the stored `imageWithAlt` object (alt, asset, crop…) plus
 * its `picture` (null when the asset is missing).
 */
export type RichTextImage = { _type: 'imageWithAlt'; _key?: string; alt?: string | null; picture: Picture | null };

/**
 * Portable Text as stored: text blocks, whose `pageLink` mark defs carry a resolved `href`
 * (null when the target is gone), and `imageWithAlt` images. Block types the site does not know
 * are left out by the server. Server-side only: pages get it as `RichText`.
 */
export type RichTextBlocks = Array<PortableTextBlock | RichTextImage>;

/**
 * Rich text as the page shows it: HTML the server rendered from `RichTextBlocks`
 * (server/upstream/content/rich-text.tsx), '' when there is none. It never changes in the
 * browser, which inserts it as it is instead of shipping a Portable Text renderer (ADR-0029).
 * Only that renderer makes it: every text is escaped there and link schemes are filtered.
 */
export type RichText = { html: string };

export type Seo = {
  /** Page title; the document title becomes `{siteTitle} | {title}` (spec §2). */
  title: string;
  description?: string | null;
  /** Absolute social image URL, 1200 wide (spec §9). */
  image?: string | null;
  keywords?: string[];
  /** Extra JSON-LD objects for this page (e.g. a schema.org Product). */
  jsonLd?: object[];
  /** `<link rel="prev|next">` of a paginated list; `href` is absolute (site URL + path). */
  links?: { rel: 'prev' | 'next'; href: string }[];
};

/** Product card (content system, spec §3), merged with the catalog's minimum price. */
export type ProductCard = {
  handle: string;
  title: string;
  minPrice: Money | null;
  image: Picture | null;
  hoverImage: Picture | null;
  isSoldOut: boolean;
  customSoldOutText: string | null;
  disableProductInteraction: boolean;
  productDrop: { enabled: boolean; dropDate: string | null; passwordProtectPage: boolean } | null;
  password: { passwordProtectPage: boolean; productCardText: string | null } | null;
  cardBanner: { text: string; textColor: string | null; backgroundColor: string | null } | null;
};

export type SelectedOption = { name: string; value: string };

export type ProductVariant = {
  id: string;
  title: string;
  sku: string | null;
  availableForSale: boolean;
  /** Units in stock; the cart's + button stops here (spec §4). */
  quantityAvailable: number | null;
  selectedOptions: SelectedOption[];
  price: Money;
  compareAtPrice: Money | null;
  image: Picture | null;
};

/**
 * What one variant costs under one selling plan (Storefront API SellingPlanAllocation, its first
 * price adjustment: the one the checkout charges), as the cart will charge it; the server takes
 * it from the platform and the page only shows it (spec §3 selling plans). `price` is per unit at
 * checkout, `perDeliveryPrice` per delivery (they differ only for prepaid plans), `compareAtPrice`
 * the one-time price it is set against.
 */
export type SellingPlanAllocation = { sellingPlanId: string; price: Money; compareAtPrice: Money; perDeliveryPrice: Money };

/** A variant on the product page: with its price under each selling plan it can be bought with. */
export type ProductDetailVariant = ProductVariant & { sellingPlanAllocations: SellingPlanAllocation[] };

export type SellingPlan = { id: string; name: string; description: string | null; options: SelectedOption[] };
export type SellingPlanGroup = { name: string; options: { name: string; values: string[] }[]; sellingPlans: SellingPlan[] };

/**
 * A product video (Storefront API `Video` media, spec §3): its progressive sources in the
 * platform's order (each a file the browser may pick by `mimeType`), sizes in CSS pixels, and its
 * preview image as the poster. `alt` describes it (the video is silent: the text stands in for it).
 */
export type ProductVideo = {
  id: string;
  alt: string;
  width: number;
  height: number;
  poster: Picture | null;
  sources: { url: string; mimeType: string }[];
};

export type AccordionItem = { key: string; title: string; text: RichText };

/** Product detail page data (Storefront product + content product card). */
export type ProductDetail = {
  id: string;
  handle: string;
  title: string;
  description: string;
  descriptionHtml: string;
  tags: string[];
  productType: string;
  vendor: string;
  availableForSale: boolean;
  totalInventory: number | null;
  options: { name: string; values: string[] }[];
  images: Picture[];
  /** Video media (after the images in the gallery). */
  videos: ProductVideo[];
  variants: ProductDetailVariant[];
  sellingPlanGroups: SellingPlanGroup[];
  /** Handle of the product's first collection (spec §3), for breadcrumbs and "RELATED". */
  collectionHandle: string | null;
  /** Content-side card: sold-out text, drop, password, banner; null when the CMS has none. */
  card: ProductCard | null;
  accordionItems: AccordionItem[];
};

export type CartLine = {
  id: string;
  quantity: number;
  cost: { totalAmount: Money };
  /** The variant bought, with the product fields the cart shows and the shipping rule reads. */
  merchandise: ProductVariant & {
    product: { id: string; handle: string; title: string; vendor: string; tags: string[] };
  };
  sellingPlanAllocation: { sellingPlan: { id: string; name: string } } | null;
  attributes: { key: string; value: string | null }[];
};

export type Cart = {
  id: string;
  checkoutUrl: string;
  createdAt: string;
  note: string | null;
  totalQuantity: number;
  attributes: { key: string; value: string | null }[];
  cost: {
    subtotalAmount: Money;
    totalAmount: Money;
    totalTaxAmount: Money | null;
    isSubtotalEstimated: boolean;
    isTotalEstimated: boolean;
    isTotalTaxEstimated: boolean;
  };
  lines: CartLine[];
};

/** The shape every browser JSON API answer has (docs/architecture.md §5); messages are spec §8's. */
export type ApiResult<T> = { isError: boolean; message: string; data?: T };

/** Site settings (spec §3), reshaped: links resolved, images as Pictures. */
export type SiteSettings = {
  id: string;
  siteUrl: string;
  siteTitle: string;
  pickupAddress: string | null;
  imageIcon: Picture | null;
  favicon: string | null;
  seo: { title: string; description: string | null; image: string | null };
  keywords: string[];
  footer: {
    text: RichText;
    attributionText: string | null;
    footerMenu: { title: string | null; links: NavLink[] };
  };
  pdpSettings: {
    /**
     * Server side only: the product loader gives them to products without their own; the root
     * route's data (sent to the browser with every page) leaves them out.
     */
    defaultPDPAccordionItems?: AccordionItem[];
    reserveFormText: string | null;
    reserveProductSuccessMessage: string | null;
    backInStockButtonLabel: string | null;
    backInStockCopy: string | null;
    dropTheHintCopy: string | null;
    disableDropTheHint: boolean;
  };
  header: {
    announcementBarSettings: { enabled: boolean; text: string | null };
    headerMenu: NavLink[];
    headerMegaMenu: { key: string; link: NavLink; products: HeaderProductCard[] }[];
    rightHeaderMenu: NavLink[];
    primaryHeaderLink: NavLink | null;
    primaryLinkProducts: HeaderProductCard[];
    viewAllButton: NavLink | null;
  };
  cartData: {
    cartTitle: string;
    emptyCartMessage: string;
    deliveryHours: string | null;
    pickupHours: string | null;
    shippingMessage: string | null;
    giftInquiryMessage: string | null;
    messageIncludeInquiry: string | null;
    cartDisclaimer: string | null;
    checkoutButton: string | null;
    pickupAddress: string | null;
    checkoutTypeCopy: string | null;
  };
  newsletter: {
    newsletterTitle: string | null;
    newsletterText: string | null;
    newsletterPhoto: Picture | null;
    newsletterErrorMessage: string | null;
    newsletterSuccessMessage: string | null;
    newsletterEmailPlaceholderText: string | null;
    newsletterButtonText: string | null;
    klaviyoListId: string | null;
    newsletterPopup: {
      title: string | null;
      klaviyoListId: string | null;
      copy: string | null;
      submitButtonText: string | null;
      image: Picture | null;
    } | null;
  };
  page404: { page404Title: string | null; text: string | null };
  cookiePolicy: {
    cookiePolicyTitle: string | null;
    cookiePolicyText: string | null;
    cookiePolicyAcceptButton: string | null;
    cookiePolicyRejectButton: string | null;
  };
  alerts: { floatingAlertButton: { enabled: boolean; link: NavLink | null } };
};

/** Home page modules (content `homepage` document). */
export type HomeModule =
  | { type: 'hero'; key: string; title: string; text: string | null; image: Picture | null; link: NavLink | null }
  | { type: 'productCarousel'; key: string; title: string; products: ProductCard[] }
  | { type: 'editorialSplit'; key: string; title: string; body: RichText; image: Picture | null; link: NavLink | null; imageSide: 'left' | 'right' }
  | { type: 'collectionTiles'; key: string; title: string; collections: CollectionSummary[] }
  | { type: 'quote'; key: string; text: string; attribution: string | null };

export type CollectionSummary = { handle: string; title: string; image: Picture | null; href: string };

/** A content page (generic page, about, membership, …). */
export type ContentPage = { type: string; slug: string; title: string; heroImage: Picture | null; body: RichText };

/**
 * Pagination of a list page (`?page=N`, 1-based). `prev`/`next` are root-relative paths of the
 * neighbouring pages (the first page has no `?page=`), null at either end.
 */
export type Pagination = { page: number; pageCount: number; total: number; prev: string | null; next: string | null };

/**
 * An editorial list item (journal entry, work, photo-stream item) as a card. `date` is an ISO
 * date (YYYY-MM-DD, a calendar day, no time zone); `byline` is the author (journal) or client
 * (works); `excerpt` the excerpt (journal) or caption (photo stream).
 */
export type EditorialCard = {
  key: string;
  href: string;
  title: string;
  date: string | null;
  byline: string | null;
  excerpt: string | null;
  image: Picture | null;
};

/** A paginated editorial list page (/journal, /works, /photo-stream): its intro is the list document's body. */
export type EditorialList = { title: string; intro: RichText; items: EditorialCard[]; pagination: Pagination };

/** One journal entry (/journal/{slug}). */
export type JournalEntry = {
  slug: string;
  title: string;
  date: string | null;
  author: string | null;
  excerpt: string | null;
  image: Picture | null;
  body: RichText;
};

/** One work (/works/{slug}): main image, gallery and body. */
export type Work = {
  slug: string;
  title: string;
  client: string | null;
  date: string | null;
  image: Picture | null;
  gallery: Picture[];
  body: RichText;
};

/** One photo-stream item (/photo-stream/{slug}); `prev`/`next` are its neighbours' paths in stream order. */
export type PhotoStreamItem = {
  slug: string;
  title: string;
  caption: string | null;
  date: string | null;
  image: Picture | null;
  prev: string | null;
  next: string | null;
};

/** The contact page's details (spec §2 /pages/contact). */
export type ContactDetails = { email: string | null; phone: string | null; address: string | null; hours: string | null };

/** A shop that sells the florist's flowers (/pages/retail-partners); `url` opens in a new tab. */
export type RetailPartner = { key: string; name: string; neighborhood: string | null; url: string | null };

/** A membership tier (/membership); `price` is a decimal string in USD per `cadence` ("month"). */
export type MembershipTier = { key: string; name: string; price: Money | null; cadence: string | null; perks: string[] };
