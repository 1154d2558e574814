/**
 * Whether the device has a pointer that hovers (`(hover: hover)`): false on the server and while
 * hydrating (so the first browser render matches the server's HTML), then the media query's
 * answer, kept up to date. For content only a hovering pointer reveals, such as a product card's
 * second image, which phones then never download and the page's HTML does not carry.
 */
import { useSyncExternalStore } from 'react';

const QUERY = '(hover: hover)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

export function useCanHover(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
