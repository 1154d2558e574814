/**
 * schema.org JSON-LD for editorial pages (spec §2 structured data), emitted through Seo.jsonLd:
 * an Article for journal entries and works, a BreadcrumbList for every editorial detail page.
 * URLs are absolute (site URL + path); dates are ISO 8601.
 */

/** One step of a breadcrumb trail; `path` is root-relative. */
export type Crumb = { name: string; path: string };

/** Absolute URL of a root-relative `path` on `siteUrl` (a trailing slash on the site URL is ignored). */
export const absoluteUrl = (siteUrl: string, path: string) => siteUrl.replace(/\/+$/, '') + path;

/** schema.org BreadcrumbList (https://schema.org/BreadcrumbList), positions from 1. */
export function breadcrumbJsonLd(siteUrl: string, crumbs: Crumb[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: absoluteUrl(siteUrl, crumb.path) })),
  };
}

/**
 * schema.org Article (https://schema.org/Article).
 * @param a.published ISO date of publication (the document's `date`), optional
 * @param a.modified  ISO timestamp of the last edit (the document's `_updatedAt`), optional
 * @param a.image     absolute social image URL (1200 wide, spec §9), optional
 */
export function articleJsonLd(
  siteUrl: string,
  publisher: string,
  a: {
    path: string;
    headline: string;
    description?: string | null;
    author?: string | null;
    published?: string | null;
    modified?: string | null;
    image?: string | null;
  },
): object {
  const url = absoluteUrl(siteUrl, a.path);
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: a.headline,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    ...(a.description ? { description: a.description } : {}),
    ...(a.image ? { image: [a.image] } : {}),
    ...(a.published ? { datePublished: a.published } : {}),
    ...(a.modified || a.published ? { dateModified: a.modified ?? a.published } : {}),
    author: a.author ? { '@type': 'Person', name: a.author } : { '@type': 'Organization', name: publisher, url: absoluteUrl(siteUrl, '/') },
    publisher: { '@type': 'Organization', name: publisher, url: absoluteUrl(siteUrl, '/') },
  };
}
