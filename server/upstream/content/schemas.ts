/**
 * Zod schemas for what the content lake's GROQ projections (./queries.ts) return, and the
 * `Raw*` types inferred from them: the content boundary. Every content result is parsed here
 * once (`parseContent`, called by server/loaders/upstream-data.ts) before ./reshape.ts turns it
 * into view models, so reshape works on checked shapes instead of `any`.
 *
 * How strict:
 * - Lenient where content is optional: absent fields and unset projections are `null` in GROQ,
 *   so almost every field is `.nullish()`; dereferenced reference arrays (`products[]->…`) may
 *   hold `null` for a dangling or unpublished target (reshape skips those); fields reshape does
 *   not read are not declared (and are dropped, except in Portable Text).
 * - Forward compatible: home modules and rich-text blocks of an unknown `_type` are dropped,
 *   so a newer content schema cannot break the page.
 * - Strict where a document is broken: a value of the wrong type (a slug that is a number, a
 *   menu that is not an array, a text block without `children`) fails the parse, and
 *   `parseContent` reports it as a content `UpstreamError` (502) with the offending paths,
 *   which the route answers as its error page (site settings: the error marker, spec §8).
 *
 * Portable Text objects are loose: their extra fields (marks, `reference`, an image's crop…)
 * survive for the renderer, and text blocks come out as @portabletext/types' PortableTextBlock.
 */
import { z } from 'zod';
import { UpstreamError } from '../errors';

const str = z.string().nullish();
const bool = z.boolean().nullish();

/** A field that is optional (never null) in @portabletext/types: GROQ's null becomes absent. */
const absentIfNull = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined);

/**
 * An array of typed objects (`_type`) of which only `types` are parsed, with `item`; objects of
 * any other type are dropped (forward compatibility). A known type that is malformed fails.
 */
function knownTypesOnly<T extends z.ZodType>(types: ReadonlySet<string>, item: T) {
  const isKnown = (value: unknown) =>
    typeof value === 'object' && value !== null && '_type' in value && typeof value._type === 'string' && types.has(value._type);
  return z
    .array(z.preprocess((value) => (isKnown(value) ? value : null), item.nullable()))
    .transform((items) => items.filter((value): value is NonNullable<typeof value> => value !== null));
}

/** A dereferenced reference array (`field[]->{…}`): entries are null for dangling references. */
const references = <T extends z.ZodType>(item: T) => z.array(item.nullable()).nullish();

// --- Images and links -------------------------------------------------------------------

/** An image asset as projected: dimensions in pixels, `lqip` a data-URL placeholder. */
const ImageAssetSchema = z.looseObject({
  _id: z.string(),
  width: z.number().nullish(),
  height: z.number().nullish(),
  lqip: str,
});

/** Crop (fractions 0–1 cut from each side), hotspot (fractions of the image), the asset. */
const imageFields = {
  alt: str,
  // Loose: inside Portable Text the image reaches the renderer as stored (crop `_type` and all).
  crop: z.looseObject({ top: z.number(), bottom: z.number(), left: z.number(), right: z.number() }).nullish(),
  hotspot: z.looseObject({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).nullish(),
  asset: ImageAssetSchema.nullish(),
};

/** An image field (`IMAGE` projection); null when unset. */
export const ImageSchema = z.object({ _type: str, ...imageFields }).nullish();
export type RawImage = z.infer<typeof ImageSchema>;

/** A link's target (`LINKED_PAGE` projection, shared/links.ts LinkedPage). */
const LinkedPageSchema = z.object({ _type: str, slug: str });

/** A menu link (`LINK` projection, shared/links.ts ContentLink). */
const LinkSchema = z.object({ _key: str, title: str, isExternal: bool, url: str, page: LinkedPageSchema.nullish() });

// --- Portable Text ----------------------------------------------------------------------

const key = absentIfNull(z.string());

/** A mark definition; `pageLink` ones carry their target as `linked` (`RICH_TEXT` projection). */
const MarkDefSchema = z.looseObject({ _type: z.string(), _key: z.string(), linked: LinkedPageSchema.nullish() });

/** A span or an inline object (`linebreak`…); a span needs its text and string marks. */
const ChildSchema = z
  .looseObject({ _type: z.string(), _key: key })
  .refine(
    (child) =>
      child._type !== 'span' ||
      (typeof child.text === 'string' && (child.marks == null || (Array.isArray(child.marks) && child.marks.every((m) => typeof m === 'string')))),
    { message: 'a span needs a string `text` and `marks` of strings' },
  );

/** A text block: @portabletext/types' PortableTextBlock (style, list item and level optional). */
const TextBlockSchema = z.looseObject({
  _type: z.literal('block'),
  _key: key,
  children: z.array(ChildSchema),
  markDefs: absentIfNull(z.array(MarkDefSchema)),
  style: absentIfNull(z.string()),
  listItem: absentIfNull(z.string()),
  level: absentIfNull(z.number()),
});
export type RawTextBlock = z.infer<typeof TextBlockSchema>;

/** A block-level image (`imageWithAlt`), its asset dereferenced. */
const ImageBlockSchema = z.looseObject({ _type: z.literal('imageWithAlt'), _key: key, ...imageFields });

/** Portable Text (`RICH_TEXT` projection): text blocks and images; other block types dropped. */
export const RichTextSchema = knownTypesOnly(new Set(['block', 'imageWithAlt']), z.discriminatedUnion('_type', [TextBlockSchema, ImageBlockSchema]));
export type RawRichText = z.infer<typeof RichTextSchema>;

// --- Documents and their parts ----------------------------------------------------------

/** A page's SEO fields (`SEO` projection). */
const SeoSchema = z.object({ title: str, description: str, image: ImageSchema }).nullish();
export type RawSeo = z.infer<typeof SeoSchema>;

/** An accordion item (`ACCORDION` projection): product cards and the PDP defaults. */
const AccordionItemSchema = z.object({ _key: str, key: str, title: str, text: RichTextSchema.nullish() });
export type RawAccordionItem = z.infer<typeof AccordionItemSchema>;

/** A product card (`PRODUCT_CARD` projection); `slug` is the catalogue handle (no slug: skipped). */
export const ProductCardSchema = z.object({
  slug: str,
  title: str,
  thumbnailImage: ImageSchema,
  hoverImage: ImageSchema,
  isSoldOut: bool,
  customSoldOutText: str,
  disableProductInteraction: bool,
  /** `dropDate` is ISO 8601. */
  productDrop: z.object({ enabled: bool, dropDate: str, passwordProtectPage: bool }).nullish(),
  password: z.object({ passwordProtectPage: bool, productCardText: str }).nullish(),
  cardBanner: z.object({ productCardBanner: str, textColor: str, backgroundColor: str }).nullish(),
});
export type RawProductCard = z.infer<typeof ProductCardSchema>;

/** A product card with its accordion items (PRODUCT_CARD_BY_HANDLE_QUERY). */
const ProductCardDetailSchema = ProductCardSchema.extend({ accordionItems: z.array(AccordionItemSchema).nullish() });
export type RawProductCardDetail = z.infer<typeof ProductCardDetailSchema>;

/** A collection as a tile (`COLLECTION_SUMMARY` projection). */
const CollectionSummarySchema = z.object({ _type: str, slug: str, title: str, heroImage: ImageSchema });
export type RawCollectionSummary = z.infer<typeof CollectionSummarySchema>;

/**
 * A collection document (COLLECTION_QUERY). Its `description` is projected but not read (the
 * page shows the catalogue's descriptionHtml), so it is not declared here.
 */
const CollectionSchema = CollectionSummarySchema.extend({ seo: SeoSchema, products: references(ProductCardSchema) });
export type RawCollection = z.infer<typeof CollectionSchema>;

/** COLLECTIONS_PAGE_QUERY: the list page's document (if any) and every collection by title. */
const CollectionsPageSchema = z.object({
  page: z.object({ title: str, seo: SeoSchema, collections: references(CollectionSummarySchema) }).nullable(),
  all: z.array(CollectionSummarySchema),
});
export type RawCollectionsPage = z.infer<typeof CollectionsPageSchema>;

/**
 * A page-like document (PAGE_QUERY, PAGE_BY_TYPE_QUERY); `_type` decides its route. The contact
 * details, `partners` and `tiers` exist on the contact, retail partners and membership pages.
 */
const PageSchema = z.object({
  _type: z.string(),
  slug: str,
  title: str,
  seo: SeoSchema,
  heroImage: ImageSchema,
  body: RichTextSchema.nullish(),
  email: str,
  phone: str,
  address: str,
  hours: str,
  partners: z.array(z.object({ _key: str, name: str, neighborhood: str, url: str })).nullish(),
  /** `price` is a decimal string in USD ("25.00"), per `cadence`. */
  tiers: z.array(z.object({ _key: str, name: str, price: str, cadence: str, perks: z.array(z.string()).nullish() })).nullish(),
});
export type RawPage = z.infer<typeof PageSchema>;

// --- Editorial --------------------------------------------------------------------------

/** An editorial item as a card (EDITORIAL_CARD projection); items without a slug are not queried. */
const EditorialCardSchema = z.object({
  _id: z.string(),
  _type: z.string(),
  slug: z.string(),
  title: str,
  /** ISO date, YYYY-MM-DD. */
  date: str,
  author: str,
  client: str,
  excerpt: str,
  caption: str,
  image: ImageSchema,
});
export type RawEditorialCard = z.infer<typeof EditorialCardSchema>;

/** EDITORIAL_LIST_QUERY: the list document (null when the editors have none), the item count and one page of items. */
const EditorialListSchema = z.object({
  page: z.object({ title: str, seo: SeoSchema, body: RichTextSchema.nullish() }).nullable(),
  total: z.number().int().nonnegative(),
  items: z.array(EditorialCardSchema),
});
export type RawEditorialList = z.infer<typeof EditorialListSchema>;

/** Fields every editorial document shares (`_updatedAt` is ISO 8601, for Article dateModified). */
const editorialFields = { slug: z.string(), title: str, date: str, _updatedAt: str };

const JournalEntrySchema = z.object({
  ...editorialFields,
  author: str,
  excerpt: str,
  seo: SeoSchema,
  mainImage: ImageSchema,
  body: RichTextSchema.nullish(),
});
export type RawJournalEntry = z.infer<typeof JournalEntrySchema>;

const WorkSchema = z.object({
  ...editorialFields,
  client: str,
  seo: SeoSchema,
  mainImage: ImageSchema,
  gallery: z.array(ImageSchema).nullish(),
  body: RichTextSchema.nullish(),
});
export type RawWork = z.infer<typeof WorkSchema>;

/** A photo-stream item with its neighbours' slugs (null at either end of the stream). */
const PhotoStreamItemSchema = z.object({ ...editorialFields, caption: str, image: ImageSchema, newer: str, older: str });
export type RawPhotoStreamItem = z.infer<typeof PhotoStreamItemSchema>;

// --- Home page modules ------------------------------------------------------------------

const HomeModuleSchema = z.discriminatedUnion('_type', [
  z.object({ _type: z.literal('hero'), _key: str, title: str, text: str, image: ImageSchema, link: LinkSchema.nullish() }),
  z.object({ _type: z.literal('productCarousel'), _key: str, title: str, products: references(ProductCardSchema) }),
  z.object({
    _type: z.literal('editorialSplit'),
    _key: str,
    title: str,
    body: RichTextSchema.nullish(),
    image: ImageSchema,
    link: LinkSchema.nullish(),
    /** "left" | "right"; anything else reads as left. */
    imageSide: str,
  }),
  z.object({ _type: z.literal('collectionTiles'), _key: str, title: str, collections: references(CollectionSummarySchema) }),
  z.object({ _type: z.literal('quote'), _key: str, text: str, attribution: str }),
]);
export type RawHomeModule = z.infer<typeof HomeModuleSchema>;

/** HOMEPAGE_QUERY's document; modules of an unknown type are dropped. */
const HomepageSchema = z.object({
  title: str,
  seo: SeoSchema,
  modules: knownTypesOnly(new Set(HomeModuleSchema.options.map((option) => option.shape._type.value)), HomeModuleSchema).nullish(),
});
export type RawHomepage = z.infer<typeof HomepageSchema>;

// --- Site settings ----------------------------------------------------------------------

/** SITE_SETTINGS_QUERY's document (spec §3); `id` is the document's `_id`. */
const SiteSettingsSchema = z.object({
  id: z.string().min(1),
  siteUrl: str,
  siteTitle: str,
  pickupAddress: str,
  keywords: z.array(z.string()).nullish(),
  imageIcon: ImageSchema,
  favicon: ImageSchema,
  seo: SeoSchema,
  footer: z
    .object({
      text: RichTextSchema.nullish(),
      attributionText: str,
      footerMenu: z.object({ title: str, links: z.array(LinkSchema).nullish() }).nullish(),
    })
    .nullish(),
  pdpSettings: z
    .object({
      defaultPDPAccordionItems: z.array(AccordionItemSchema).nullish(),
      reserveFormText: str,
      reserveProductSuccessMessage: str,
      backInStockButtonLabel: str,
      backInStockCopy: str,
      dropTheHintCopy: str,
      disableDropTheHint: bool,
    })
    .nullish(),
  header: z
    .object({
      announcementBarSettings: z.object({ enabled: bool, text: str }).nullish(),
      headerMenu: z.array(LinkSchema).nullish(),
      headerMegaMenu: z.array(z.object({ _key: str, link: LinkSchema.nullish(), products: references(ProductCardSchema) })).nullish(),
      rightHeaderMenu: z.array(LinkSchema).nullish(),
      primaryHeaderLink: LinkSchema.nullish(),
      primaryLinkProducts: references(ProductCardSchema),
      viewAllButton: LinkSchema.nullish(),
    })
    .nullish(),
  cartData: z
    .object({
      cartTitle: str,
      emptyCartMessage: str,
      deliveryHours: str,
      pickupHours: str,
      shippingMessage: str,
      giftInquiryMessage: str,
      messageIncludeInquiry: str,
      cartDisclaimer: str,
      checkoutButton: str,
      pickupAddress: str,
      checkoutTypeCopy: str,
    })
    .nullish(),
  newsletter: z
    .object({
      newsletterTitle: str,
      newsletterText: str,
      newsletterPhoto: ImageSchema,
      newsletterErrorMessage: str,
      newsletterSuccessMessage: str,
      newsletterEmailPlaceholderText: str,
      newsletterButtonText: str,
      klaviyoListId: str,
      newsletterPopup: z.object({ title: str, klaviyoListId: str, copy: str, submitButtonText: str, image: ImageSchema }).nullish(),
    })
    .nullish(),
  page404: z.object({ page404Title: str, text: str }).nullish(),
  /** Stored as title/text/acceptButton/rejectButton (reshape renames them, spec §3). */
  cookiePolicy: z.object({ title: str, text: str, acceptButton: str, rejectButton: str }).nullish(),
  alerts: z.object({ floatingAlertButton: z.object({ enabled: bool, link: LinkSchema.nullish() }).nullish() }).nullish(),
});
export type RawSiteSettings = z.infer<typeof SiteSettingsSchema>;

// --- Query results ----------------------------------------------------------------------

/** The schema of each query's result in ./queries.ts (null: no such document). */
export const ContentResults = {
  siteSettings: SiteSettingsSchema.nullable(),
  homepage: HomepageSchema.nullable(),
  productCards: z.array(ProductCardSchema),
  productCardByHandle: ProductCardDetailSchema.nullable(),
  collection: CollectionSchema.nullable(),
  collectionsPage: CollectionsPageSchema,
  /** PAGE_QUERY and PAGE_BY_TYPE_QUERY. */
  page: PageSchema.nullable(),
  editorialList: EditorialListSchema,
  journalEntry: JournalEntrySchema.nullable(),
  work: WorkSchema.nullable(),
  photoStreamItem: PhotoStreamItemSchema.nullable(),
} as const;

/** At most this many problems are spelled out in the error message. */
const MAX_ISSUES = 5;

/** `header.headerMenu[2].title`-style path of an issue. */
function issuePath(path: ReadonlyArray<PropertyKey>): string {
  const text = path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
  return text.replace(/^\./, '') || '(document)';
}

/**
 * Parse a content result with its schema.
 * @param what names the result in the error ("site settings", "product card garden-party")
 * @returns the parsed value (Portable Text nulls made absent, unknown module/block types dropped)
 * @throws UpstreamError('content', 502) listing up to five offending paths when the result does
 *   not match; its `cause` is the ZodError.
 */
export function parseContent<T extends z.ZodType>(schema: T, data: unknown, what: string): z.output<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const listed = issues.slice(0, MAX_ISSUES).map((issue) => `${issuePath(issue.path)}: ${issue.message}`);
  if (issues.length > MAX_ISSUES) listed.push(`and ${issues.length - MAX_ISSUES} more`);
  throw new UpstreamError('content', 502, `content: malformed ${what}: ${listed.join('; ')}`, { cause: result.error });
}
