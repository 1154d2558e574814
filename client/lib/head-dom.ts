/**
 * Writes the managed head tags into the live document (browser only): the title, then every
 * tag `headTags` lists, replacing all of the previous page's, so nothing of it (JSON-LD,
 * og:type, share image) survives a client navigation. Tags go where the server puts them:
 * meta and canonical before the favicon, JSON-LD before the state block. A chunk of its own,
 * with ./seo.ts: loaded on the first client navigation (client/components/HeadSync.tsx).
 */
import type { SiteSettings } from '../../shared/types';
import { STATE_ELEMENT_ID } from './hydration';
import { findSeo, headData, headTags, ogTypeFor, type HeadTag } from './seo';

/** Every element `headTags` can produce, as the server writes them. */
export const MANAGED_HEAD_SELECTOR = [
  'meta[name="description"]',
  'meta[name="keywords"]',
  'meta[property^="og:"]',
  'meta[name^="twitter:"]',
  'link[rel="canonical"]',
  'link[rel="prev"]',
  'link[rel="next"]',
  'script[type="application/ld+json"]',
].join(', ');

function element(tag: HeadTag): HTMLElement {
  switch (tag.tag) {
    case 'meta': {
      const el = document.createElement('meta');
      el.setAttribute(tag.attr, tag.key);
      el.setAttribute('content', tag.content);
      return el;
    }
    case 'link': {
      const el = document.createElement('link');
      el.rel = tag.rel;
      el.href = tag.href;
      return el;
    }
    case 'jsonld': {
      const el = document.createElement('script');
      el.type = 'application/ld+json';
      el.textContent = JSON.stringify(tag.json);
      return el;
    }
  }
}

/** The anchor to insert before, when it sits directly in <head> (else append). */
function inHead(el: Element | null): Element | null {
  return el && el.parentNode === document.head ? el : null;
}

function replaceHead(title: string, tags: HeadTag[]): void {
  const head = document.head;
  if (document.title !== title) document.title = title;
  const metaAnchor = inHead(head.querySelector('link[rel="icon"]'));
  const jsonLdAnchor = inHead(document.getElementById(STATE_ELEMENT_ID));
  for (const el of head.querySelectorAll(MANAGED_HEAD_SELECTOR)) el.remove();
  for (const tag of tags) head.insertBefore(element(tag), tag.tag === 'jsonld' ? jsonLdAnchor : metaAnchor);
}

/**
 * A page's head as the server would write it (client/lib/seo.ts): `routeIds` and `loaderData`
 * of the matched routes; `title`, an error page's (with `status`, the route's fixed one, else
 * 500), else the page's SEO decides; `path`, the canonical path and query.
 */
export type PageHead = {
  settings: SiteSettings | null;
  siteUrl: string;
  routeIds: string[];
  loaderData: Record<string, unknown>;
  path: string;
  title?: string;
  status?: number;
};

/** Writes `page`'s head into the document. */
export function writePageHead({ settings, siteUrl, routeIds, loaderData, path, title, status }: PageHead): void {
  const seo = title ? null : findSeo(routeIds, loaderData);
  const head = headData(settings, seo, siteUrl, path, title);
  // Error pages are never products (the server's rule: any status but 200 is a website).
  replaceHead(head.title, headTags(head, ogTypeFor(routeIds, title ? (status ?? 500) : 200)));
}
