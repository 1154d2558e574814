/**
 * Sitemap XML (sitemaps.org protocol 0.9): the index and one `urlset`. Pure string building;
 * every text node is XML-escaped, and URLs are absolute (site URL + URI-encoded path).
 */
import type { SitemapUrl } from './entries';

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** `text` safe as XML character data or an attribute value. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** One `<loc>` + optional `<lastmod>` entry inside `tag`. */
const entry = (tag: 'url' | 'sitemap', loc: string, lastmod: string | null) =>
  `<${tag}><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</${tag}>`;

/** `<sitemapindex>` of `sitemaps` (absolute URLs, lastmod ISO 8601 or null). */
export function sitemapIndexXml(sitemaps: { loc: string; lastmod: string | null }[]): string {
  return `${DECLARATION}\n<sitemapindex xmlns="${XMLNS}">\n${sitemaps.map((s) => entry('sitemap', s.loc, s.lastmod)).join('\n')}\n</sitemapindex>\n`;
}

/** `<urlset>` of `urls`, each made absolute against `siteUrl` (an origin, no trailing slash). */
export function urlsetXml(siteUrl: string, urls: SitemapUrl[]): string {
  return `${DECLARATION}\n<urlset xmlns="${XMLNS}">\n${urls.map((u) => entry('url', siteUrl + u.path, u.lastmod)).join('\n')}\n</urlset>\n`;
}
