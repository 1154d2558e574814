/**
 * Links prefetch their route payload when they are visible (spec §2): the `/__payload/…` URLs a
 * link's route loaders will ask for are fetched ahead (client/runtime/payload-prefetch.ts) for
 * every same-origin `<a href>` (react-router's `<Link>`, LinkTo, plain anchors alike) that is
 * - on screen (an IntersectionObserver) and shown: not in a closed header dropdown nor a hidden
 *   menu (`checkVisibility`: no `visibility: hidden`, no zero opacity, rendered), the main
 *   content's links before the header's and footer's, which are the same on every page; or
 * - under the pointer, or focused, for PREFETCH_INTENT_DELAY_MS (first in line).
 * Each URL once per page life, at most MAX_PARALLEL_PRELOADS (4, spec §9) in flight, and at most
 * PREFETCHES_PER_VIEW (4) per page view, so a view costs at most 5 requests against the pages
 * rate-limit tier (docs/architecture.md §8) however many links it has; links on screen take at
 * most ON_SCREEN_PREFETCHES_PER_VIEW of them, the rest is kept for the link pointed at.
 *
 * Not on a save-data connection nor on an effective type of 2g or slow-2g (spec §2,
 * `navigator.connection`; browsers without the Network Information API prefetch). Personal
 * routes (cart, accounts) are never prefetched: their answers depend on the session.
 */
import { matchRoutes, type RouteObject } from 'react-router';
import { PERSONAL_ROUTES, type RouteId } from '../../shared/route-data';
import { payloadUrl } from '../data-source';
import { MAX_PARALLEL_PRELOADS, ON_SCREEN_PREFETCHES_PER_VIEW, PREFETCHES_PER_VIEW, PREFETCH_INTENT_DELAY_MS } from './timing';

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

/** Shown to the shopper: rendered, not `visibility: hidden`, not inside something of zero opacity. */
function shown(anchor: Element): boolean {
  // Browsers without checkVisibility (before 2024) count every link on screen as shown.
  return typeof anchor.checkVisibility !== 'function' || anchor.checkVisibility({ opacityProperty: true, visibilityProperty: true });
}

/** Watch the document's links and prefetch as they show or are pointed at; returns a function that stops it. */
export function startLinkPrefetch(options: LinkPrefetchOptions): () => void {
  const { routes, prefetch, maxParallel = MAX_PARALLEL_PRELOADS, root = document.body } = options;
  /** Payload URLs fetched in this page life. */
  const seen = new Set<string>();
  /** Links in the viewport, in the order they came in. */
  const onScreen = new Set<HTMLAnchorElement>();
  /** The link pointed at or focused, until its payloads are on their way. */
  let intent: HTMLAnchorElement | null = null;
  let view = location.pathname;
  let spentInView = 0;
  let inFlight = 0;

  const unseen = (anchor: HTMLAnchorElement): string | undefined => {
    const url = internalUrl(anchor);
    return url ? payloadUrlsFor(routes, url).find((payload) => !seen.has(payload)) : undefined;
  };

  /** The next payload to fetch: the pointed-at link's, else (within its share) a shown link's on screen. */
  const next = (): string | undefined => {
    if (intent) {
      const payload = intent.isConnected ? unseen(intent) : undefined;
      if (payload) return payload;
      intent = null;
    }
    if (spentInView >= ON_SCREEN_PREFETCHES_PER_VIEW) return undefined;
    const links = [...onScreen];
    const inMain = (a: Element) => a.closest('main') !== null;
    for (const anchor of [...links.filter(inMain), ...links.filter((a) => !inMain(a))]) {
      if (!anchor.isConnected || !shown(anchor)) continue;
      const payload = unseen(anchor);
      if (payload) return payload;
      // Nothing left to fetch for it.
      onScreen.delete(anchor);
      visible.unobserve(anchor);
    }
    return undefined;
  };

  const pump = () => {
    // A client navigation to another path is a new page view with a budget of its own.
    if (location.pathname !== view) {
      view = location.pathname;
      spentInView = 0;
    }
    while (inFlight < maxParallel && spentInView < PREFETCHES_PER_VIEW) {
      const payload = next();
      if (!payload) return;
      seen.add(payload);
      spentInView++;
      inFlight++;
      void prefetch(payload)
        .catch(() => undefined)
        .finally(() => {
          inFlight--;
          pump();
        });
    }
  };

  const visible = new IntersectionObserver((records) => {
    for (const record of records) {
      const anchor = record.target as HTMLAnchorElement;
      if (record.isIntersecting) onScreen.add(anchor);
      else onScreen.delete(anchor);
    }
    pump();
  });

  // A pointer resting on a link, or focus staying on it: it goes first (a sweep across the
  // navigation spends nothing).
  let intentTimer: ReturnType<typeof setTimeout> | undefined;
  const onIntent = (event: Event) => {
    clearTimeout(intentTimer);
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(anchor instanceof HTMLAnchorElement)) return;
    intentTimer = setTimeout(() => {
      intent = anchor;
      pump();
    }, PREFETCH_INTENT_DELAY_MS);
  };
  root.addEventListener('pointerover', onIntent, { passive: true });
  root.addEventListener('focusin', onIntent);

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
    root.removeEventListener('pointerover', onIntent);
    root.removeEventListener('focusin', onIntent);
    clearTimeout(intentTimer);
    onScreen.clear();
    intent = null;
  };
}
