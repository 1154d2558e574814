/**
 * Zod schemas for what the content lake's GROQ projections (./queries.ts) return, and the
 * `Raw*` types inferred from them: the content boundary. Every content result is parsed here
 * once (`parseContent`, called by server/loaders/upstream-data.ts) before ./reshape.ts turns it
 * into view models, so reshape works on checked shapes instead of `any`.
 *
 * How strict (docs/architecture.md §8 "Faults": one malformed field degrades that element, not
 * the page):
 * - Lenient where content is optional: absent fields and unset projections are `null` in GROQ,
 *   so almost every field is `.nullish()`; dereferenced reference arrays (`products[]->…`) may
 *   hold `null` for a dangling or unpublished target (reshape skips those); fields reshape does
 *   not read are not declared (and are dropped, except in Portable Text).
 * - Forward compatible: home modules and rich-text blocks of an unknown `_type` are dropped,
 *   so a newer content schema cannot break the page.
 * - Degrading where one element is malformed (`degradable`): a value of the wrong type is read
 *   as absent (a title that is a number, a menu that is not an array), and a broken element is
 *   left out whole: an image (an asset dimension that is a string: its size and aspect ratio are
 *   unknown), a link, a rich-text block or span, a home module, a card or tile in a list, an
 *   accordion item. Nothing is coerced: Sanity stores and GROQ returns JSON types as written (an
 *   asset's dimensions are numbers Sanity computed), so a string there is a broken import or
 *   script, which the log names rather than hides. `parseContent` logs each such problem once per
 *   process (content, path, element, what was wrong) and the page renders without it.
 * - Strict where guessing would be wrong: a product card's sale gates (`isSoldOut`,
 *   `disableProductInteraction`, `productDrop`, `password`) are never read as absent, since a
 *   protected or dropping product would then be on sale: such a card is left out of lists, and as
 *   a product's own card (and for the cart's rules) it fails the read. So does a document whose
 *   identity is broken (settings without an id, a page without a `_type`, an editorial document
 *   without a slug): `parseContent` reports it as a content `UpstreamError` (502) with the
 *   offending paths, which the route answers as its error page (site settings: the error
 *   marker, spec §8).
 *
 * Portable Text objects are loose: their extra fields (marks, `reference`, an image's crop…)
 * survive for the renderer, and text blocks come out as @portabletext/types' PortableTextBlock.
 */
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { Logger } from '../../logger';
import { UpstreamError } from '../errors';

/**
 * What a degradable element becomes while it is parsed when it does not match its schema;
 * `parseContent` then leaves it out of its array, or makes the field null, and logs it.
 */
class Degraded {
  constructor(
    readonly element: string,
    readonly problems: string[],
  ) {}
}

/**
 * `schema`, or, when the value does not match it, left out (in an array) or absent (a field):
 * one malformed element degrades itself, not the document. `element` names it in the log
 * ("image", "link"…). A field must be `.nullish()`, so absent is one of its values.
 */
function degradable<T extends z.ZodType>(element: string, schema: T): T {
  return schema.catch((ctx) => {
    degradedSoFar += 1;
    // Parsed again for the issues' messages (the catch sees them raw); only a malformed value pays.
    const again = schema.safeParse(ctx.value);
    const problems = again.success
      ? []
      : again.error.issues.map((issue) => (issue.path.length ? `${issuePath(issue.path)}: ${issue.message}` : issue.message));
    return new Degraded(element, problems) as z.output<T>;
  }) as unknown as T;
}

/** Degraded elements made so far (parsing is synchronous): a parse that made none is not walked. */
let degradedSoFar = 0;

/** A text field: a value that is not a string reads as absent. */
const str = degradable('text', z.string().nullish());
/** A flag: a value that is not a boolean reads as absent. */
const bool = degradable('flag', z.boolean().nullish());
/** A product card's sale gate (strict: see the module comment). */
const gateBool = z.boolean().nullish();
const gateStr = z.string().nullish();
/** An optional list of `item`: not an array reads as absent, and each malformed item is left out. */
const list = <T extends z.ZodType>(element: string, item: T) => degradable(`${element} list`, z.array(degradable(element, item)).nullish());

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

/**
 * A dereferenced reference array (`field[]->{…}`): entries are null for dangling references; a
 * malformed entry is left out (`element` names it).
 */
const references = <T extends z.ZodType>(element: string, item: T) =>
  degradable(`${element} list`, z.array(degradable(element, item.nullable())).nullish());

// --- Images and links -------------------------------------------------------------------

/** An image asset as projected: dimensions in pixels, `lqip` a data-URL placeholder. Within an image, so strict: a bad asset drops the image. */
const ImageAssetSchema = z.looseObject({
  _id: z.string(),
  width: z.number().nullish(),
  height: z.number().nullish(),
  lqip: z.string().nullish(),
});

/** Crop (fractions 0–1 cut from each side), hotspot (fractions of the image), the asset. */
const imageFields = {
  alt: z.string().nullish(),
  // Loose: inside Portable Text the image reaches the renderer as stored (crop `_type` and all).
  crop: z.looseObject({ top: z.number(), bottom: z.number(), left: z.number(), right: z.number() }).nullish(),
  hotspot: z.looseObject({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).nullish(),
  asset: ImageAssetSchema.nullish(),
};

/** An image field (`IMAGE` projection); null when unset, or when malformed (left out, logged). */
export const ImageSchema = degradable('image', z.object({ _type: z.string().nullish(), ...imageFields }).nullish());
export type RawImage = z.infer<typeof ImageSchema>;

/** A link's target (`LINKED_PAGE` projection, shared/links.ts LinkedPage). */
const LinkedPageSchema = z.object({ _type: str, slug: str });

/** A menu link (`LINK` projection, shared/links.ts ContentLink). */
const LinkSchema = z.object({ _key: str, title: str, isExternal: bool, url: str, page: degradable('link target', LinkedPageSchema.nullish()) });
/** A single link field; malformed, it reads as absent. */
const link = degradable('link', LinkSchema.nullish());

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
  children: z.array(degradable('text span', ChildSchema)),
  markDefs: absentIfNull(z.array(degradable('mark', MarkDefSchema))),
  style: absentIfNull(z.string()),
  listItem: absentIfNull(z.string()),
  level: absentIfNull(z.number()),
});

/** A block-level image (`imageWithAlt`), its asset dereferenced. */
const ImageBlockSchema = z.looseObject({ _type: z.literal('imageWithAlt'), _key: key, ...imageFields });

/** Portable Text (`RICH_TEXT` projection): text blocks and images; other block types dropped, malformed ones left out. */
export const RichTextSchema = knownTypesOnly(
  new Set(['block', 'imageWithAlt']),
  degradable('rich-text block', z.discriminatedUnion('_type', [TextBlockSchema, ImageBlockSchema])),
);
/** A rich-text field: not an array reads as absent. */
const richText = degradable('rich text', RichTextSchema.nullish());
export type RawRichText = z.infer<typeof RichTextSchema>;

// --- Documents and their parts ----------------------------------------------------------

/** A page's SEO fields (`SEO` projection). */
const SeoSchema = degradable('seo', z.object({ title: str, description: str, image: ImageSchema }).nullish());

/** An accordion item (`ACCORDION` projection): product cards and the PDP defaults. */
const AccordionItemSchema = z.object({ _key: str, key: str, title: str, text: richText });
export type RawAccordionItem = z.infer<typeof AccordionItemSchema>;

/**
 * A product card (`PRODUCT_CARD` projection); `slug` is the catalog handle (no slug: skipped).
 * Its sale gates are strict (module comment); its texts, images and banner degrade.
 */
export const ProductCardSchema = z.object({
  slug: str,
  title: str,
  thumbnailImage: ImageSchema,
  hoverImage: ImageSchema,
  isSoldOut: gateBool,
  customSoldOutText: str,
  disableProductInteraction: gateBool,
  /** `dropDate` is ISO 8601. */
  productDrop: z.object({ enabled: gateBool, dropDate: gateStr, passwordProtectPage: gateBool }).nullish(),
  password: z.object({ passwordProtectPage: gateBool, productCardText: str }).nullish(),
  cardBanner: degradable('card banner', z.object({ productCardBanner: str, textColor: str, backgroundColor: str }).nullish()),
});
export type RawProductCard = z.infer<typeof ProductCardSchema>;

/** A product card with its accordion items (PRODUCT_CARD_BY_HANDLE_QUERY). */
const ProductCardDetailSchema = ProductCardSchema.extend({ accordionItems: list('accordion item', AccordionItemSchema) });
export type RawProductCardDetail = z.infer<typeof ProductCardDetailSchema>;

/** A collection as a tile (`COLLECTION_SUMMARY` projection). */
const CollectionSummarySchema = z.object({ _type: str, slug: str, title: str, heroImage: ImageSchema });
/** Product cards in a list (a dangling reference is null; a malformed card is left out). */
const productCards = references('product card', ProductCardSchema);
/** Collection tiles in a list (likewise). */
const collectionSummaries = references('collection', CollectionSummarySchema);
export type RawCollectionSummary = z.infer<typeof CollectionSummarySchema>;

/**
 * A collection document (COLLECTION_QUERY). Its `description` is projected but not read (the
 * page shows the catalog's descriptionHtml), so it is not declared here.
 */
const CollectionSchema = CollectionSummarySchema.extend({ seo: SeoSchema, products: productCards });
export type RawCollection = z.infer<typeof CollectionSchema>;

/** COLLECTIONS_PAGE_QUERY: the list page's document (if any) and every collection by title. */
const CollectionsPageSchema = z.object({
  page: z.object({ title: str, seo: SeoSchema, collections: collectionSummaries }).nullable(),
  all: z.array(degradable('collection', CollectionSummarySchema)),
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
  body: richText,
  email: str,
  phone: str,
  address: str,
  hours: str,
  partners: list('retail partner', z.object({ _key: str, name: str, neighborhood: str, url: str })),
  /** `price` is a decimal string in USD ("25.00"), per `cadence`. */
  tiers: list('membership tier', z.object({ _key: str, name: str, price: str, cadence: str, perks: list('perk', z.string()) })),
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
  page: z.object({ title: str, seo: SeoSchema, body: richText }).nullable(),
  total: z.number().int().nonnegative(),
  items: z.array(degradable('editorial card', EditorialCardSchema)),
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
  body: richText,
});
export type RawJournalEntry = z.infer<typeof JournalEntrySchema>;

const WorkSchema = z.object({
  ...editorialFields,
  client: str,
  seo: SeoSchema,
  mainImage: ImageSchema,
  gallery: list('gallery image', ImageSchema),
  body: richText,
});
export type RawWork = z.infer<typeof WorkSchema>;

/** A photo-stream item with its neighbours' slugs (null at either end of the stream). */
const PhotoStreamItemSchema = z.object({ ...editorialFields, caption: str, image: ImageSchema, newer: str, older: str });
export type RawPhotoStreamItem = z.infer<typeof PhotoStreamItemSchema>;

// --- Home page modules ------------------------------------------------------------------

const HomeModuleSchema = z.discriminatedUnion('_type', [
  z.object({ _type: z.literal('hero'), _key: str, title: str, text: str, image: ImageSchema, link }),
  z.object({ _type: z.literal('productCarousel'), _key: str, title: str, products: productCards }),
  z.object({
    _type: z.literal('editorialSplit'),
    _key: str,
    title: str,
    body: richText,
    image: ImageSchema,
    link,
    /** "left" | "right"; anything else reads as left. */
    imageSide: str,
  }),
  z.object({ _type: z.literal('collectionTiles'), _key: str, title: str, collections: collectionSummaries }),
  z.object({ _type: z.literal('quote'), _key: str, text: str, attribution: str }),
]);
export type RawHomeModule = z.infer<typeof HomeModuleSchema>;

/** HOMEPAGE_QUERY's document; modules of an unknown type are dropped, malformed ones left out. */
const HomepageSchema = z.object({
  title: str,
  seo: SeoSchema,
  modules: degradable(
    'module list',
    knownTypesOnly(
      new Set(HomeModuleSchema.options.map((option) => option.shape._type.value)),
      degradable('home module', HomeModuleSchema),
    ).nullish(),
  ),
});
export type RawHomepage = z.infer<typeof HomepageSchema>;

// --- Site settings ----------------------------------------------------------------------

/** SITE_SETTINGS_QUERY's document (spec §3); `id` is the document's `_id`. */
const SiteSettingsSchema = z.object({
  id: z.string().min(1),
  siteUrl: str,
  siteTitle: str,
  pickupAddress: str,
  keywords: list('keyword', z.string()),
  imageIcon: ImageSchema,
  favicon: ImageSchema,
  seo: SeoSchema,
  footer: degradable(
    'footer',
    z
      .object({
        text: richText,
        attributionText: str,
        footerMenu: degradable('menu', z.object({ title: str, links: list('link', LinkSchema) }).nullish()),
      })
      .nullish(),
  ),
  pdpSettings: degradable(
    'product page settings',
    z
      .object({
        defaultPDPAccordionItems: list('accordion item', AccordionItemSchema),
        reserveFormText: str,
        reserveProductSuccessMessage: str,
        backInStockButtonLabel: str,
        backInStockCopy: str,
        dropTheHintCopy: str,
        disableDropTheHint: bool,
      })
      .nullish(),
  ),
  header: degradable(
    'header',
    z
      .object({
        announcementBarSettings: degradable('announcement bar', z.object({ enabled: bool, text: str }).nullish()),
        headerMenu: list('link', LinkSchema),
        headerMegaMenu: list('mega menu item', z.object({ _key: str, link, products: productCards })),
        rightHeaderMenu: list('link', LinkSchema),
        primaryHeaderLink: link,
        primaryLinkProducts: productCards,
        viewAllButton: link,
      })
      .nullish(),
  ),
  cartData: degradable(
    'cart texts',
    z
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
  ),
  newsletter: degradable(
    'newsletter',
    z
      .object({
        newsletterTitle: str,
        newsletterText: str,
        newsletterPhoto: ImageSchema,
        newsletterErrorMessage: str,
        newsletterSuccessMessage: str,
        newsletterEmailPlaceholderText: str,
        newsletterButtonText: str,
        klaviyoListId: str,
        newsletterPopup: degradable(
          'newsletter popup',
          z.object({ title: str, klaviyoListId: str, copy: str, submitButtonText: str, image: ImageSchema }).nullish(),
        ),
      })
      .nullish(),
  ),
  page404: degradable('404 texts', z.object({ page404Title: str, text: str }).nullish()),
  /** Stored as title/text/acceptButton/rejectButton (reshape renames them, spec §3). */
  cookiePolicy: degradable('cookie banner texts', z.object({ title: str, text: str, acceptButton: str, rejectButton: str }).nullish()),
  alerts: degradable(
    'alerts',
    z.object({ floatingAlertButton: degradable('floating alert button', z.object({ enabled: bool, link }).nullish()) }).nullish(),
  ),
});
export type RawSiteSettings = z.infer<typeof SiteSettingsSchema>;

// --- Query results ----------------------------------------------------------------------

/** The schema of each query's result in ./queries.ts (null: no such document). */
export const ContentResults = {
  siteSettings: SiteSettingsSchema.nullable(),
  homepage: HomepageSchema.nullable(),
  productCards: z.array(degradable('product card', ProductCardSchema)),
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

/** A degraded element found in a parsed result: where, what, and why. */
export type Degradation = { path: string; element: string; problems: string[] };

/**
 * Takes the Degraded stand-ins out of a parsed value, in place: left out of arrays, null in
 * objects (nothing else is written). Calls `found` for each, with its path in the document.
 */
function settleDegraded(value: unknown, path: PropertyKey[], found: (d: Degradation) => void): unknown {
  if (value instanceof Degraded) {
    found({ path: issuePath(path), element: value.element, problems: value.problems });
    return null;
  }
  if (Array.isArray(value)) {
    const items: unknown[] = value;
    items.forEach((item, i) => {
      const settled = settleDegraded(item, [...path, i], found);
      if (settled !== item && !(item instanceof Degraded)) items[i] = settled;
    });
    if (items.some((item) => item instanceof Degraded)) items.splice(0, items.length, ...items.filter((item) => !(item instanceof Degraded)));
    return items;
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    for (const [key, item] of Object.entries(record)) {
      const settled = settleDegraded(item, [...path, key], found);
      if (settled !== item) record[key] = settled;
    }
  }
  return value;
}

/** Problems already logged (content, path, problems): each is logged once per process, not per read. */
const logged = new LRUCache<string, true>({ max: 2000 });

/**
 * Parse a content result with its schema.
 * @param what names the result in the error and the log ("site settings", "product card garden-party")
 * @param log where degraded elements are reported (warn, once per process per problem); none: not reported
 * @returns the parsed value (Portable Text nulls made absent, unknown module/block types dropped,
 *   malformed elements left out or absent, see the module comment)
 * @throws UpstreamError('content', 502) listing up to five offending paths when the result does
 *   not match where nothing may degrade (a sale gate, a document's identity); its `cause` is the ZodError.
 */
export function parseContent<T extends z.ZodType>(schema: T, data: unknown, what: string, log?: Pick<Logger, 'warn'>): z.output<T> {
  const before = degradedSoFar;
  const result = schema.safeParse(data);
  if (!result.success) {
    const issues = result.error.issues;
    const listed = issues.slice(0, MAX_ISSUES).map((issue) => `${issuePath(issue.path)}: ${issue.message}`);
    if (issues.length > MAX_ISSUES) listed.push(`and ${issues.length - MAX_ISSUES} more`);
    throw new UpstreamError('content', 502, `content: malformed ${what}: ${listed.join('; ')}`, { cause: result.error });
  }
  if (degradedSoFar === before) return result.data;
  return settleDegraded(result.data, [], (degraded) => {
    const id = JSON.stringify([what, degraded.path, degraded.problems]);
    if (!log || logged.has(id)) return;
    logged.set(id, true);
    log.warn({ content: what, ...degraded }, `content: malformed ${degraded.element} left out of ${what} at ${degraded.path}`);
  }) as z.output<T>;
}
