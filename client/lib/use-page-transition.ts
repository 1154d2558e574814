/**
 * The page transition (spec §2): name "page", mode out-in. While a navigation to another path
 * loads, the page fades out; once the new page is in place it fades in from nothing, so the
 * old page has left before the new one enters. Under `prefers-reduced-motion: reduce` nothing
 * animates. Web Animations on the page slot (not CSS classes) so an animation can be cancelled
 * when a navigation ends on the same page, and tests can see it (`getAnimations()`, ids below).
 */
import { useContext, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { matchRoutes, UNSAFE_DataRouterContext, useMatches, useNavigation } from 'react-router';

export const PAGE_TRANSITION = { name: 'page', mode: 'out-in' } as const;
/** Animation ids, `${name}-out` and `${name}-in`. */
export const PAGE_OUT_ID = `${PAGE_TRANSITION.name}-out`;
export const PAGE_IN_ID = `${PAGE_TRANSITION.name}-in`;
const OUT_MS = 150;
const IN_MS = 250;

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

// The layout effect only runs in the browser; on the server it would only warn.
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Which page fills the slot: the route right under the page layout ('pages') and its path. A
 * nested route (a photo-stream item over its grid) or a query change (`?variant=`) keeps the
 * page; another route or other params (product A → product B) is a new page.
 */
export function pageKeyOf(matches: { id: string; pathname: string }[]): string {
  const index = matches.findIndex((m) => m.id === 'pages');
  const page = matches[index + 1] ?? matches[matches.length - 1];
  return page ? `${page.id}:${page.pathname}` : '';
}

/** Animate `slot` between pages (see `pageKeyOf`). */
export function usePageTransition(slot: RefObject<HTMLElement | null>): void {
  const navigation = useNavigation();
  const pageKey = pageKeyOf(useMatches());
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const out = useRef<Animation | null>(null);
  const shownKey = useRef(pageKey);
  // The page a loading navigation is heading for: only a different page fades this one out.
  const target = navigation.state === 'loading' && router ? matchRoutes(router.routes, navigation.location) : null;
  const leaving = target !== null && pageKeyOf(target.map((m) => ({ id: m.route.id ?? '', pathname: m.pathname }))) !== pageKey;

  useEffect(() => {
    const el = slot.current;
    if (!leaving || !el || reducedMotion() || typeof el.animate !== 'function') return;
    out.current = el.animate([{ opacity: 1 }, { opacity: 0 }], { id: PAGE_OUT_ID, duration: OUT_MS, easing: 'ease-in', fill: 'forwards' });
  }, [leaving, slot]);

  // Before paint, so the new page never flashes at full opacity.
  useBrowserLayoutEffect(() => {
    const el = slot.current;
    const changed = shownKey.current !== pageKey;
    shownKey.current = pageKey;
    // A navigation that ended (or was cancelled) on the same page brings the page back.
    if (leaving) return;
    out.current?.cancel();
    out.current = null;
    if (!changed || !el || reducedMotion() || typeof el.animate !== 'function') return;
    el.animate([{ opacity: 0 }, { opacity: 1 }], { id: PAGE_IN_ID, duration: IN_MS, easing: 'ease-out' });
  }, [pageKey, leaving, slot]);
}
