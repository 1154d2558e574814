/**
 * The page's main content, `<main id="main" tabIndex={-1}>` (client/components/Shell.tsx), the
 * skip link's target: where focus goes when what held it closes (the cookie banner, a header
 * dropdown after a navigation from it), so the next Tab starts in the page.
 */
export const MAIN_CONTENT_ID = 'main';

/** Focus the main content without scrolling to it. */
export function focusMainContent(): void {
  document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
}
