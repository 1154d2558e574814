/**
 * When the browser starts the app: after the server-rendered page, its LCP image included, has
 * been painted (ADR-0022). Evaluating the app and hydrating are long tasks; run before
 * the first paint they hold the page's pixels back (on a slow phone, by hundreds of
 * milliseconds), while the shopper can already read, scroll and follow links in the server's HTML.
 */

/** How long the app waits for the LCP image before starting anyway (slow networks), in ms. */
export const LCP_IMAGE_WAIT_MS = 1500;

/** The page's priority image (`img[fetchpriority=high]`, the LCP image the server preloads), if any. */
export function priorityImage(): HTMLImageElement | null {
  return document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
}

/**
 * After the next two frames, or `fallbackMs` when frames do not run (a background tab). Two: the
 * frame that draws what is ready now, and the one after it, by when that frame has been presented
 * (the moment the browser records as the paint, e.g. the LCP's render time).
 */
function nextPaint(fallbackMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, fallbackMs);
    requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        setTimeout(() => {
          clearTimeout(timer);
          resolve();
        }, 0),
      ),
    );
  });
}

/**
 * Resolves once `image` (the page's priority image) has loaded and been decoded (or failed), or
 * after `waitMs` ms, and it has been painted after that: its load event comes before the decode
 * and the paint, and a script that starts then still runs in front of the LCP. Without an image,
 * after the next paint only.
 */
export function afterFirstPaint(image: HTMLImageElement | null, waitMs = LCP_IMAGE_WAIT_MS): Promise<void> {
  const loaded =
    !image || image.complete
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          image.addEventListener('load', () => resolve(), { once: true });
          image.addEventListener('error', () => resolve(), { once: true });
          setTimeout(resolve, waitMs);
        });
  // Not past the wait: an image still loading would hold decode() until it has.
  const decoded = loaded.then(() => (image?.complete ? image.decode().catch(() => undefined) : undefined));
  return decoded.then(() => nextPaint());
}
