/**
 * The document's <head> as HTML (spec §2): lang en, title, description, keywords, canonical
 * and Open Graph tags, favicon, the bundle's CSS, JSON-LD and the JSON state block. Only data
 * blocks appear as inline scripts, never executable code (docs/architecture.md §4.1).
 */
import type { HeadData } from '../../client/lib/seo';
import { STATE_ELEMENT_ID, type AppState } from '../../client/lib/hydration';
import type { ClientManifest } from './manifest';
import { escapeHtml, serializeForScript } from './serialize';

/** Spec §9: social images are 1200 wide. */
const SOCIAL_IMAGE_WIDTH = 1200;

export function renderHead(
  head: HeadData,
  opts: { manifest: ClientManifest; favicon: string | null; ogType: string; state: AppState | null },
): string {
  const meta = (attr: 'name' | 'property', key: string, value: string | null | undefined) =>
    value ? `<meta ${attr}="${key}" content="${escapeHtml(value)}">` : '';
  return [
    '<!doctype html><html lang="en"><head>',
    '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description ?? '')}">`,
    meta('name', 'keywords', head.keywords.join(', ')),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    meta('property', 'og:type', opts.ogType),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:title', head.title),
    `<meta property="og:description" content="${escapeHtml(head.description ?? '')}">`,
    meta('property', 'og:image', head.image),
    head.image ? meta('property', 'og:image:width', String(SOCIAL_IMAGE_WIDTH)) : '',
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    `<link rel="icon" href="${escapeHtml(opts.favicon ?? 'data:,')}">`,
    ...opts.manifest.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...head.jsonLd.map((item) => `<script type="application/ld+json">${serializeForScript(item)}</script>`),
    opts.state ? `<script type="application/json" id="${STATE_ELEMENT_ID}">${serializeForScript(opts.state)}</script>` : '',
    '</head>',
  ].join('');
}
