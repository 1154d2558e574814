/**
 * The document's <head> as HTML (spec §2): lang en, title, the page's managed tags
 * (description, keywords, canonical, Open Graph, JSON-LD: client/lib/seo.ts `headTags`, the
 * same list the browser writes on client navigation), favicon, preconnects to the image origins
 * and the LCP image's preload (./lcp.ts, when `url` is given), the bundle's CSS, the list of
 * the page's JavaScript modules (`modules`, a JSON data block the entry preloads after the first
 * paint: client/lib/app-modules.ts) and the JSON state block. Only data blocks appear as inline scripts, never executable code
 * (docs/architecture.md §4.1).
 */
import { headTags, type HeadData, type HeadTag } from '../../client/lib/seo';
import { MODULES_ELEMENT_ID } from '../../client/lib/app-modules';
import { STATE_ELEMENT_ID, type AppState } from '../../client/lib/hydration';
import { imageHints } from './lcp';
import type { ClientManifest } from './manifest';
import { escapeHtml, serializeForScript } from './serialize';

function tagHtml(tag: HeadTag): string {
  switch (tag.tag) {
    case 'meta':
      return `<meta ${tag.attr}="${escapeHtml(tag.key)}" content="${escapeHtml(tag.content)}">`;
    case 'link':
      return `<link rel="${tag.rel}" href="${escapeHtml(tag.href)}">`;
    case 'jsonld':
      return `<script type="application/ld+json">${serializeForScript(tag.json)}</script>`;
  }
}

export function renderHead(
  head: HeadData,
  opts: { manifest: ClientManifest; favicon: string | null; ogType: string; state: AppState | null; url?: URL; modules?: string[] },
): string {
  const tags = headTags(head, opts.ogType);
  // JSON-LD after the stylesheets, as before: the CSS is discovered first.
  const jsonLd = tags.filter((t) => t.tag === 'jsonld');
  return [
    '<!doctype html><html lang="en"><head>',
    '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(head.title)}</title>`,
    ...tags.filter((t) => t.tag !== 'jsonld').map(tagHtml),
    `<link rel="icon" href="${escapeHtml(opts.favicon ?? 'data:,')}">`,
    ...(opts.state && opts.url ? imageHints(opts.state.router.loaderData, opts.url) : []),
    ...opts.manifest.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    opts.modules?.length ? `<script type="application/json" id="${MODULES_ELEMENT_ID}">${serializeForScript(opts.modules)}</script>` : '',
    ...jsonLd.map(tagHtml),
    opts.state ? `<script type="application/json" id="${STATE_ELEMENT_ID}">${serializeForScript(opts.state)}</script>` : '',
    '</head>',
  ].join('');
}
