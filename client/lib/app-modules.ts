/**
 * The page's app modules: the server lists them in a JSON data block
 * (`<script type="application/json" id="__MODULES__">`, server/render/head.ts) instead of
 * `<link rel="modulepreload">`, so nothing but the stylesheet and the LCP image competes for the
 * first paint's bandwidth; the entry links them for preloading when it starts the app
 * (client/entry.tsx, ADR-0022).
 */

export const MODULES_ELEMENT_ID = '__MODULES__';

/**
 * Adds a `<link rel="modulepreload">` to <head> for each URL of the data block (the start chunk,
 * its imports and the matched pages' chunks), so importing the start chunk fetches them all in
 * parallel instead of as a waterfall of imports. A missing or malformed block adds nothing.
 */
export function preloadAppModules(): void {
  let list: unknown;
  try {
    list = JSON.parse(document.getElementById(MODULES_ELEMENT_ID)?.textContent || '[]');
  } catch {
    return;
  }
  if (!Array.isArray(list)) return;
  for (const href of list) {
    if (typeof href !== 'string') continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}
