/**
 * Links prefetch their route payload when they become visible (spec §2): every same-origin
 * `<a href>` in the document (react-router's `<Link>`, LinkTo, plain anchors alike) is watched
 * with an IntersectionObserver; when one scrolls into view, the `/__payload/…` URLs its route's
 * loaders will ask for are fetched ahead (client/runtime/payload-prefetch.ts), each URL once
 * per page life, at most MAX_PARALLEL_PRELOADS (4, spec §9) in flight, the rest queued in the
 * order they became visible.
 *
 * Not on a save-data connection nor on an effective type of 2g or slow-2g (spec §2,
 * `navigator.connection`; browsers without the Network Information API prefetch). Personal
 * routes (cart, accounts) are never prefetched: their answers depend on the session.
 */
import { matchRoutes, type RouteObject } from 'react-router';
import { PERSONAL_ROUTES, type RouteId } from '../../shared/route-data';
import { payloadUrl } from '../data-source';
import { MAX_PARALLEL_PRELOADS } from './timing';

/** The Network Information API's part we read (not in TypeScript's DOM lib). */
export type ConnectionInfo = { saveData?: boolean; effectiveType?: string };

/** Spec §2: no prefetch on save-data or 2g connections. */
export function prefetchAllowed(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return connection.effectiveType !== '2g' && connection.effectiveType !== 'slow-2g';
}

/** Routes whose loaders never run for a navigation (root) or must not run ahead (personal, no data). */
const NOT_PREFETCHED = new Set<string>(['root', 'catch-all', ...PERSONAL_ROUTES]);

/** Routes whose loader also takes `?page=` (client/routes.tsx `list` and the photo stream). */
const PAGED = new Set<string>(['journal', 'works', 'photoStream'] satisfies RouteId[]);

/** The payload URLs a navigation to `url` would load, as client/routes.tsx's loaders build them. */
export function payloadUrlsFor(routes: RouteObject[], url: URL): string[] {
  const matches = matchRoutes(routes, url.pathname) ?? [];
  return matches.flatMap(({ route, params }) => {
    if (!route.loader || !route.id || NOT_PREFETCHED.has(route.id)) return [];
    const page = PAGED.has(route.id) ? (url.searchParams.get('page') ?? undefined) : undefined;
    return [payloadUrl(route.id as RouteId, { ...params, page })];
  });
}

/** The link's same-origin page URL, or null for links that leave the app or are not pages. */
function internalUrl(anchor: HTMLAnchorElement): URL | null {
  if (anchor.target === '_blank' || anchor.hasAttribute('download') || !anchor.getAttribute('href')) return null;
  let url: URL;
  try {
    url = new URL(anchor.href, location.href);
  } catch {
    return null;
  }
  if (url.origin !== location.origin || /^\/(api|assets|__)/.test(url.pathname)) return null;
  // The page shown already has its data.
  if (url.pathname === location.pathname && url.search === location.search) return null;
  return url;
}

export type LinkPrefetchOptions = {
  /** The router's route table (`router.routes`). */
  routes: RouteObject[];
  /** Fetch one payload URL; the promise settles when it is done (default payload-prefetch.ts). */
  prefetch: (url: string) => Promise<void>;
  /** In flight at once (default MAX_PARALLEL_PRELOADS). */
  maxParallel?: number;
  root?: ParentNode & Node;
};

/** Watch the document's links and prefetch as they show; returns a function that stops it. */
export function startLinkPrefetch(options: LinkPrefetchOptions): () => void {
  const { routes, prefetch, maxParallel = MAX_PARALLEL_PRELOADS, root = document.body } = options;
  const seen = new Set<string>();
  const queue: string[] = [];
  let inFlight = 0;

  const pump = () => {
    while (inFlight < maxParallel && queue.length > 0) {
      const url = queue.shift()!;
      inFlight++;
      void prefetch(url)
        .catch(() => undefined)
        .finally(() => {
          inFlight--;
          pump();
        });
    }
  };

  const visible = new IntersectionObserver((records) => {
    for (const record of records) {
      if (!record.isIntersecting) continue;
      const anchor = record.target as HTMLAnchorElement;
      visible.unobserve(anchor);
      const url = internalUrl(anchor);
      if (!url) continue;
      for (const payload of payloadUrlsFor(routes, url)) {
        if (seen.has(payload)) continue;
        seen.add(payload);
        queue.push(payload);
      }
    }
    pump();
  });

  const watch = (node: Node) => {
    if (!(node instanceof Element)) return;
    if (node instanceof HTMLAnchorElement) visible.observe(node);
    for (const anchor of node.querySelectorAll('a[href]')) visible.observe(anchor);
  };
  // Links rendered later (client navigation) or given a new href are watched too.
  const added = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') watch(record.target);
      else record.addedNodes.forEach(watch);
    }
  });
  watch(root);
  added.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['href'] });

  return () => {
    added.disconnect();
    visible.disconnect();
    queue.length = 0;
  };
}
