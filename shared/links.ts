/**
 * Route resolution for content links (spec §2), used by the server's reshape layer and by the
 * client: a linked document's type (and slug) decides its path.
 */
import type { NavLink } from './types';

/** Page types that live at a fixed path (spec §2 "By page type"). */
const PAGE_TYPE_ROUTES: Record<string, string> = {
  homepage: '/',
  contactPage: '/pages/contact',
  aboutPage: '/about',
  retailPartners: '/pages/retail-partners',
  journalListPage: '/journal',
  worksListPage: '/works',
  membershipPage: '/membership',
  collectionsListPage: '/collections',
  photoStream: '/photo-stream',
};

/** Document types whose path is a prefix plus their slug (spec §2 "By document type plus slug"). */
const SLUG_ROUTES: Record<string, (slug: string) => string> = {
  collection: (s) => `/collections/${s}`,
  productCollection: (s) => `/collections/${s}`,
  product: (s) => `/products/${s}`,
  productCard: (s) => `/products/${s}`,
  journalEntry: (s) => `/journal/${s}`,
  work: (s) => `/works/${s}`,
  photoStreamItem: (s) => `/photo-stream/${s}`,
  page: (s) => `/${s}`,
};

/** The page type served at a fixed single path (e.g. "/about" → aboutPage), or null. */
export function pageTypeForPath(path: string): string | null {
  return Object.entries(PAGE_TYPE_ROUTES).find(([, route]) => route === path)?.[0] ?? null;
}

/** A linked document as the content queries project it: `page->{ _type, "slug": slug.current }`. */
export type LinkedPage = { _type?: string | null; type?: string | null; slug?: string | null };

/**
 * The path for a linked document, or null when its type is unknown or it needs a slug it lacks.
 * Slugs are URI-encoded segment by segment.
 */
export function resolveRoute(page: LinkedPage | null | undefined): string | null {
  const type = page?._type ?? page?.type;
  if (!type) return null;
  if (type in PAGE_TYPE_ROUTES) return PAGE_TYPE_ROUTES[type];
  const bySlug = SLUG_ROUTES[type];
  if (!bySlug || !page?.slug) return null;
  return bySlug(page.slug.split('/').map(encodeURIComponent).join('/'));
}

/**
 * The detail path of a product card's catalog handle (spec §2: product → /products/{handle}),
 * for the product cards and quick-shop cards, so every card links through the same resolution.
 */
export function productPath(handle: string): string {
  return resolveRoute({ _type: 'product', slug: handle }) ?? '/products';
}

/** A `link` object as stored (FORMAT.md), with its page reference already dereferenced. */
export type ContentLink = {
  _key?: string | null;
  key?: string | null;
  title?: string | null;
  isExternal?: boolean | null;
  url?: string | null;
  page?: LinkedPage | null;
};

/**
 * Whether `href` leaves the shop: an absolute or protocol-relative URL, `mailto:` or `tel:`.
 * A root-relative path (`/products`) is in the shop; so is anything else without a scheme.
 */
export function isExternalHref(href: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(href);
}

/**
 * A content link as a NavLink (spec §2): an explicit url opens in a new tab; otherwise the page
 * reference is resolved and stays in the tab. A root-relative url stored with `isExternal: false`
 * (FORMAT.md: a shop route with no document, such as `/products`) is internal too, so no
 * internal page ever opens a new tab. Null when neither gives a destination (a dangling
 * reference), and for a url that is neither root-relative nor http(s) (`javascript:`…).
 */
export function toNavLink(link: ContentLink | null | undefined, fallbackKey = ''): NavLink | null {
  if (!link) return null;
  const key = link._key ?? link.key ?? fallbackKey;
  const title = link.title ?? '';
  if (link.url) {
    if (/^\/(?!\/)/.test(link.url)) return { key, title, href: link.url, external: link.isExternal === true };
    return /^https?:\/\//i.test(link.url) ? { key, title, href: link.url, external: true } : null;
  }
  const href = resolveRoute(link.page);
  return href ? { key, title, href, external: false } : null;
}
