/**
 * GROQ queries for the content lake (FORMAT.md document types). Projections resolve what the
 * reshape layer needs in one round trip: image assets (dimensions, lqip), link targets
 * (`page->{ _type, "slug": slug.current }`, spec §2), product cards. A card's password (a private
 * `productCardPassword` document, server/unlock/password.ts) is never projected.
 */

const IMAGE = `{ _type, alt, crop, hotspot,
  "asset": asset->{ _id, "width": metadata.dimensions.width, "height": metadata.dimensions.height, "lqip": metadata.lqip } }`;

const LINKED_PAGE = `{ _type, "slug": slug.current }`;

const LINK = `{ _key, title, isExternal, url, "page": page->${LINKED_PAGE} }`;

/** Portable Text: pageLink mark defs get their target, imageWithAlt blocks their asset. */
const RICH_TEXT = `[]{ ...,
  markDefs[]{ ..., _type == "pageLink" => { "linked": coalesce(reference, page)->${LINKED_PAGE} } },
  _type == "imageWithAlt" => { "asset": asset->{ _id, "width": metadata.dimensions.width, "height": metadata.dimensions.height, "lqip": metadata.lqip } } }`;

const SEO = `seo{ title, description, "image": image${IMAGE} }`;

const PRODUCT_CARD_FIELDS = `_id, "slug": slug.current, title, status,
  "thumbnailImage": thumbnailImage${IMAGE}, "hoverImage": hoverImage${IMAGE},
  isSoldOut, customSoldOutText, disableProductInteraction,
  productDrop{ enabled, dropDate, passwordProtectPage },
  "password": password{ passwordProtectPage, productCardText },
  cardBanner{ productCardBanner, textColor, backgroundColor }`;
const PRODUCT_CARD = `{ ${PRODUCT_CARD_FIELDS} }`;

const ACCORDION = `{ _key, title, key, "text": text${RICH_TEXT} }`;

const COLLECTION_SUMMARY_FIELDS = `_type, "slug": slug.current, title, "heroImage": heroImage${IMAGE}`;
const COLLECTION_SUMMARY = `{ ${COLLECTION_SUMMARY_FIELDS} }`;

/** Spec §3/§4: the latest updated settings document, with an `id` (no id = error marker). */
export const SITE_SETTINGS_QUERY = `*[_type == "siteSettings"] | order(_updatedAt desc)[0]{
  "id": _id, siteUrl, siteTitle, pickupAddress, keywords,
  "imageIcon": imageIcon${IMAGE}, "favicon": favicon${IMAGE}, ${SEO},
  footer{ "text": text${RICH_TEXT}, attributionText, footerMenu{ title, "links": links[]${LINK} } },
  pdpSettings{ ..., "defaultPDPAccordionItems": defaultPDPAccordionItems[]${ACCORDION} },
  header{
    announcementBarSettings{ enabled, text },
    "headerMenu": headerMenu[]${LINK},
    "headerMegaMenu": headerMegaMenu.navItems[]{ _key, "link": link${LINK}, "products": products[]->${PRODUCT_CARD} },
    "rightHeaderMenu": rightHeaderMenu[]${LINK},
    "primaryHeaderLink": primaryHeaderLink${LINK},
    "primaryLinkProducts": primaryLinkProducts[]->${PRODUCT_CARD},
    "viewAllButton": viewAllButton${LINK}
  },
  cartData,
  newsletter{ ..., "newsletterPhoto": newsletterPhoto${IMAGE}, newsletterPopup{ ..., "image": image${IMAGE} } },
  page404{ page404Title, text },
  cookiePolicy{ title, text, acceptButton, rejectButton },
  alerts{ floatingAlertButton{ enabled, "link": link${LINK} } }
}`;

export const HOMEPAGE_QUERY = `*[_type == "homepage"] | order(_updatedAt desc)[0]{
  title, ${SEO},
  modules[]{ _key, _type, title, text, attribution, imageSide,
    "image": image${IMAGE}, "link": link${LINK}, "body": body${RICH_TEXT},
    "products": products[]->${PRODUCT_CARD},
    "collections": collections[]->${COLLECTION_SUMMARY} }
}`;

/** Active product cards, in title order (the products page and price-less lookups). */
export const PRODUCT_CARDS_QUERY = `*[_type == "productCard" && coalesce(status, "active") == "active"] | order(title asc)${PRODUCT_CARD}`;

/** params: { handle } */
export const PRODUCT_CARD_BY_HANDLE_QUERY = `*[_type == "productCard" && slug.current == $handle][0]{
  ${PRODUCT_CARD_FIELDS}, "accordionItems": accordionItems[]${ACCORDION} }`;

/** params: { slug } */
export const COLLECTION_QUERY = `*[_type == "collection" && slug.current == $slug][0]{
  ${COLLECTION_SUMMARY_FIELDS}, "description": description${RICH_TEXT}, ${SEO},
  "products": products[]->${PRODUCT_CARD} }`;

export const COLLECTIONS_PAGE_QUERY = `{
  "page": *[_type == "collectionsListPage"] | order(_updatedAt desc)[0]{ title, ${SEO},
    "collections": collections[]->${COLLECTION_SUMMARY} },
  "all": *[_type == "collection"] | order(title asc)${COLLECTION_SUMMARY}
}`;

/**
 * A page-like document: the shared fields plus the extras of the fixed pages (FORMAT.md:
 * contact details, retail partners, membership tiers), null on the types that lack them.
 */
const PAGE = `{ _type, "slug": slug.current, title, ${SEO}, "heroImage": heroImage${IMAGE}, "body": body${RICH_TEXT},
  email, phone, address, hours,
  "partners": partners[]{ _key, name, neighborhood, url },
  "tiers": tiers[]{ _key, name, price, cadence, perks } }`;

/** params: { types: string[], slug }: a page-like document of one of `types` with that slug. */
export const PAGE_QUERY = `*[_type in $types && slug.current == $slug] | order(_updatedAt desc)[0]${PAGE}`;

/** Single-document page types looked up by type alone (their path is fixed, spec §2). params: { type } */
export const PAGE_BY_TYPE_QUERY = `*[_type == $type] | order(_updatedAt desc)[0]${PAGE}`;

// --- Editorial: journal, works, photo stream (spec §2) -----------------------------------

/** Items of a stream in display order: newest first, `_id` breaking ties so pages never overlap. */
const STREAM_ORDER = `order(date desc, _id asc)`;

/** An editorial item as a list card (journal entry, work or photo-stream item). */
const EDITORIAL_CARD = `{ _id, _type, "slug": slug.current, title, date, author, client, excerpt, caption,
  "image": select(defined(mainImage) => mainImage${IMAGE}, image${IMAGE}) }`;

/**
 * One page of a paginated editorial list. params: { listType, itemType, start, end } where
 * `start` is inclusive and `end` exclusive (0-based item indexes). `page` is the list page
 * document (its body is the intro), `total` the number of items of `itemType` with a slug.
 */
export const EDITORIAL_LIST_QUERY = `{
  "page": *[_type == $listType] | order(_updatedAt desc)[0]{ title, ${SEO}, "body": body${RICH_TEXT} },
  "total": count(*[_type == $itemType && defined(slug.current)]),
  "items": *[_type == $itemType && defined(slug.current)] | ${STREAM_ORDER} [$start...$end]${EDITORIAL_CARD}
}`;

/** params: { slug } */
export const JOURNAL_ENTRY_QUERY = `*[_type == "journalEntry" && slug.current == $slug][0]{
  "slug": slug.current, title, date, author, excerpt, _updatedAt, ${SEO},
  "mainImage": mainImage${IMAGE}, "body": body${RICH_TEXT} }`;

/** params: { slug } */
export const WORK_QUERY = `*[_type == "work" && slug.current == $slug][0]{
  "slug": slug.current, title, client, date, _updatedAt, ${SEO},
  "mainImage": mainImage${IMAGE}, "gallery": gallery[]${IMAGE}, "body": body${RICH_TEXT} }`;

/**
 * params: { slug }: the item and the slugs of its neighbours in stream order (`newer` is the one
 * shown before it, `older` after it), for next/previous links inside the photo stream.
 */
export const PHOTO_STREAM_ITEM_QUERY = `*[_type == "photoStreamItem" && slug.current == $slug][0]{
  "slug": slug.current, title, caption, date, _updatedAt, "image": image${IMAGE},
  "newer": *[_type == "photoStreamItem" && defined(slug.current) && (date > ^.date || (date == ^.date && _id < ^._id))]
    | order(date asc, _id desc)[0].slug.current,
  "older": *[_type == "photoStreamItem" && defined(slug.current) && (date < ^.date || (date == ^.date && _id > ^._id))]
    | ${STREAM_ORDER}[0].slug.current }`;
