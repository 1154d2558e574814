/**
 * Document head data (spec §2): title `{siteTitle} | {page title}`, description, keywords,
 * canonical/og:url = site url + `path` (the path and the query parameters the page reads,
 * shared/route-query.ts `pagePath`), a 1200-wide social image, and JSON-LD for the
 * organization, the website and the florist (plus the page's own, e.g. a Product).
 * Used by the server to write <head> and by the browser to keep it in step on navigation.
 */
import type { Seo, SiteSettings } from '../../shared/types';

/** Spec §2 default keywords. */
export const DEFAULT_KEYWORDS = ['flowers', 'bouquets', 'floral design', 'floral arrangements', 'NYC', 'New York City'];

/** The shop's fixed business details for structured data (spec §2: a fixed business phone), as in the footer. */
export const BUSINESS = {
  phone: '+1-212-555-0142',
  address: { streetAddress: '142 East 20th Street', addressLocality: 'New York', addressRegion: 'NY', postalCode: '10003', addressCountry: 'US' },
};

export type HeadData = {
  title: string;
  description: string | null;
  keywords: string[];
  canonical: string;
  image: string | null;
  jsonLd: object[];
  /** A paginated list's `<link rel="prev|next">` (absolute URLs, from the page's Seo). */
  links: NonNullable<Seo['links']>;
};

/** Resolve the head for a page; `seo` is the page's own (null for error pages, which pass `fallbackTitle`). */
export function headData(settings: SiteSettings | null, seo: Seo | null, siteUrl: string, path: string, fallbackTitle = ''): HeadData {
  const siteTitle = settings?.siteTitle ?? 'Gramercy Stems';
  const pageTitle = seo?.title || fallbackTitle || settings?.seo.title || '';
  const base = siteUrl.replace(/\/+$/, '');
  const keywords = seo?.keywords?.length ? seo.keywords : settings?.keywords?.length ? settings.keywords : DEFAULT_KEYWORDS;
  return {
    title: pageTitle ? `${siteTitle} | ${pageTitle}` : siteTitle,
    description: seo?.description ?? settings?.seo.description ?? null,
    keywords,
    canonical: base + path,
    image: seo?.image ?? settings?.seo.image ?? null,
    jsonLd: [...siteJsonLd(siteTitle, base, settings), ...(seo?.jsonLd ?? [])],
    links: seo?.links ?? [],
  };
}

function siteJsonLd(name: string, url: string, settings: SiteSettings | null): object[] {
  const logo = settings?.imageIcon?.src;
  const address = { '@type': 'PostalAddress', ...BUSINESS.address };
  return [
    { '@context': 'https://schema.org', '@type': 'Organization', name, url, ...(logo ? { logo } : {}), telephone: BUSINESS.phone },
    { '@context': 'https://schema.org', '@type': 'WebSite', name, url },
    {
      '@context': 'https://schema.org',
      '@type': 'Florist',
      name,
      url,
      telephone: BUSINESS.phone,
      address,
      ...(settings?.seo.image ? { image: settings.seo.image } : {}),
      priceRange: '$$',
    },
  ];
}

/** Spec §9: social images are 1200 wide. */
export const SOCIAL_IMAGE_WIDTH = 1200;

/** og:type: a product page is a `product`, everything else (errors included) a `website`. */
export function ogTypeFor(routeIds: string[], status: number): string {
  return routeIds.includes('product') && status === 200 ? 'product' : 'website';
}

/**
 * One tag of the managed head: everything the page decides, i.e. all but the charset,
 * viewport, favicon, stylesheets and the state block. The server writes these as HTML
 * (server/render/head.ts) and the browser replaces them all on client navigation
 * (HeadSync), so after a navigation the head is the one the server would have written.
 */
export type HeadTag =
  | { tag: 'meta'; attr: 'name' | 'property'; key: string; content: string }
  | { tag: 'link'; rel: 'canonical' | 'prev' | 'next'; href: string }
  | { tag: 'jsonld'; json: object };

/** The managed tags for `head`, in document order. */
export function headTags(head: HeadData, ogType: string): HeadTag[] {
  const tags: HeadTag[] = [];
  // Description tags are written even when empty, so a page without one clears the last page's.
  const meta = (attr: 'name' | 'property', key: string, content: string | null | undefined, always = false) => {
    if (content || always) tags.push({ tag: 'meta', attr, key, content: content ?? '' });
  };
  meta('name', 'description', head.description, true);
  meta('name', 'keywords', head.keywords.join(', '));
  tags.push({ tag: 'link', rel: 'canonical', href: head.canonical });
  for (const link of head.links) tags.push({ tag: 'link', rel: link.rel, href: link.href });
  meta('property', 'og:type', ogType);
  meta('property', 'og:url', head.canonical);
  meta('property', 'og:title', head.title);
  meta('property', 'og:description', head.description, true);
  meta('property', 'og:image', head.image);
  if (head.image) meta('property', 'og:image:width', String(SOCIAL_IMAGE_WIDTH));
  meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary');
  for (const json of head.jsonLd) tags.push({ tag: 'jsonld', json });
  return tags;
}

/** The deepest matched route's `seo` (route ids root → leaf, loader data by route id). */
export function findSeo(routeIds: string[], loaderData: Record<string, unknown>): Seo | null {
  for (const id of [...routeIds].reverse()) {
    const data = loaderData[id] as { seo?: Seo } | undefined;
    if (data?.seo) return data.seo;
  }
  return null;
}
