/**
 * The header's scroll state (spec §2): `scrolled` once the page is scrolled past 32px (the
 * header shrinks and its logo narrows), `hidden` while the shopper scrolls down (back on
 * scrolling up).
 *
 * Calm by construction: a state change must never move the scroll position back across its
 * own threshold, or the header toggles on its own (it did, 81 times in 6 s at 40px). So
 * - shrinking uses a band: shrink past SHRINK_AFTER_PX, grow again only below GROW_BELOW_PX;
 * - direction changes count only after DIRECTION_TOLERANCE_PX of travel, so scroll anchoring
 *   or a bounce of a few pixels neither hides nor shows the header;
 * - and the shell's CSS keeps the header's layout height constant while it shrinks (shell.css).
 */
import { useEffect, useState } from 'react';

/** Spec §2/§9: the header shrinks after scrolling past 32px. */
export const SHRINK_AFTER_PX = 32;
/** The lower edge of the hysteresis band: above it a shrunk header stays shrunk. */
export const GROW_BELOW_PX = 8;
/** Hidden only further down than the header's default height (spec §9: 125), so the top of the page keeps it. */
export const HIDE_AFTER_PX = 125;
/** Travel needed before a change of direction hides or shows the header. */
export const DIRECTION_TOLERANCE_PX = 8;

export type HeaderScrollState = { scrolled: boolean; hidden: boolean };

/** The next state for scroll position `y`; `anchorY` is where the current direction began. */
export function nextHeaderScroll(prev: HeaderScrollState, y: number, anchorY: number): HeaderScrollState {
  const scrolled = prev.scrolled ? y >= GROW_BELOW_PX : y > SHRINK_AFTER_PX;
  let hidden = prev.hidden;
  if (y <= HIDE_AFTER_PX) hidden = false;
  else if (y - anchorY > DIRECTION_TOLERANCE_PX) hidden = true;
  else if (anchorY - y > DIRECTION_TOLERANCE_PX) hidden = false;
  return scrolled === prev.scrolled && hidden === prev.hidden ? prev : { scrolled, hidden };
}

export function useHeaderScroll(): HeaderScrollState {
  const [state, setState] = useState<HeaderScrollState>({ scrolled: false, hidden: false });
  useEffect(() => {
    let current: HeaderScrollState = { scrolled: false, hidden: false };
    // Where the current scroll direction began, and the last position seen.
    let anchorY = window.scrollY;
    let lastY = anchorY;
    let frame = 0;
    const update = () => {
      frame = 0;
      // A locked page (drawer or menu open) does not scroll: keep the header as it is.
      if (document.documentElement.classList.contains('scroll-locked')) return;
      const y = Math.max(0, window.scrollY);
      // A turn (down→up or up→down) starts a new stretch of travel.
      if ((y > lastY && lastY < anchorY) || (y < lastY && lastY > anchorY)) anchorY = lastY;
      lastY = y;
      const next = nextHeaderScroll(current, y, anchorY);
      // Once the header changed, travel is measured afresh from here.
      if (next.hidden !== current.hidden) anchorY = y;
      if (next !== current) {
        current = next;
        setState(next);
      }
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  return state;
}
