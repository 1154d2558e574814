/**
 * Responsive image URLs (spec §9), built the same way on the server and in the browser from a
 * Picture's `src` alone, so the page state carries one URL per image and hydration matches.
 *
 * `src` is the image at the default width (1000) on its image host; the host's own width
 * parameter is what varies:
 * - the shop's image host (Shopify CDN): `width`, plus `format=webp` (spec §5, §9);
 * - Sanity's image pipeline: `w`, with `auto=format` (WebP) already set by @sanity/image-url.
 * A URL with neither parameter is used as it is (no srcset).
 */

/** Spec §9: default widths, default width, densities, placeholder. */
export const IMAGE_WIDTHS = [250, 375, 500, 750, 1000, 1400, 2000, 3000] as const;
export const DEFAULT_IMAGE_WIDTH = 1000;
export const IMAGE_DENSITIES = [1, 2] as const;
export const PLACEHOLDER = { width: 10, height: 10, quality: 50, blur: 3 } as const;

type Host = 'shop' | 'sanity' | null;

/** Which image host's width parameter `src` carries (its query is kept as written otherwise). */
function hostOf(src: string): Host {
  return /[?&]width=\d/.test(src) ? 'shop' : /[?&]w=\d/.test(src) ? 'sanity' : null;
}

/** One compiled pattern per parameter name (a handful of fixed names), not one per call. */
const PARAM_PATTERNS = new Map<string, RegExp>();
function paramPattern(name: string): RegExp {
  let re = PARAM_PATTERNS.get(name);
  if (!re) PARAM_PATTERNS.set(name, (re = new RegExp(`([?&])${name}=[^&]*`)));
  return re;
}

/** `url` with query parameters set: replaced in place when present, else appended. */
function withParams(url: string, params: Record<string, string | number>): string {
  const hash = url.indexOf('#');
  let base = hash < 0 ? url : url.slice(0, hash);
  for (const [name, value] of Object.entries(params)) {
    const re = paramPattern(name);
    base = re.test(base) ? base.replace(re, `$1${name}=${value}`) : `${base}${base.includes('?') ? '&' : '?'}${name}=${value}`;
  }
  return hash < 0 ? base : base + url.slice(hash);
}

/** `src` at `width` CSS px (WebP), or `src` unchanged when its host is not known. */
export function imageUrlAt(src: string, width: number): string {
  const host = hostOf(src);
  if (host === 'shop') return withParams(src, { width, format: 'webp' });
  if (host === 'sanity') return withParams(src, { w: width });
  return src;
}

/**
 * The tiny blurred stand-in shown until the image loads (spec §4, §9: 10x10, quality 50, blur 3).
 * Sanity applies quality and blur; the shop CDN has neither, so the CSS blur does the rest.
 */
export function placeholderUrl(src: string): string | null {
  const { width, height, quality, blur } = PLACEHOLDER;
  const host = hostOf(src);
  if (host === 'shop') return withParams(src, { width, height, crop: 'center', format: 'webp' });
  if (host === 'sanity') return withParams(src, { w: width, h: height, fit: 'crop', q: quality, blur });
  return null;
}

/** A fixed rendered width (`sizes` like "80px"), in CSS px; null for fluid sizes. */
export function fixedWidth(sizes: string): number | null {
  const m = /^\s*(\d+)px\s*$/.exec(sizes);
  return m ? Number(m[1]) : null;
}

/**
 * The widest the image can be shown, in CSS px, for a `sizes` list of `(min-width: Npx) L`
 * entries in descending order and a final default, each L in px or vw; null when unbounded
 * (a vw length with no upper viewport bound, like the default 100vw) or not of that form.
 */
export function maxSlotWidth(sizes: string): number | null {
  let upper = Infinity;
  let max = 0;
  for (const entry of sizes.split(',')) {
    const m = /^\s*(?:\(min-width:\s*(\d+)px\)\s+)?(\d+(?:\.\d+)?)(px|vw)\s*$/.exec(entry);
    if (!m) return null;
    const [, minWidth, value, unit] = m;
    const width = unit === 'px' ? Number(value) : (Number(value) / 100) * upper;
    if (!Number.isFinite(width)) return null;
    max = Math.max(max, width);
    if (minWidth === undefined) return max;
    if (Number(minWidth) >= upper) return null;
    upper = Number(minWidth);
  }
  return null;
}

/**
 * The default widths a slot can use: all of them, or for a bounded slot those up to the first
 * that covers its widest size at the largest density (smaller pages, same images chosen).
 */
export function slotWidths(sizes: string): number[] {
  const max = maxSlotWidth(sizes);
  if (max === null) return [...IMAGE_WIDTHS];
  const needed = max * IMAGE_DENSITIES[IMAGE_DENSITIES.length - 1];
  const cover = IMAGE_WIDTHS.findIndex((w) => w >= needed);
  return cover < 0 ? [...IMAGE_WIDTHS] : IMAGE_WIDTHS.slice(0, cover + 1);
}

export type ResponsiveImage = Readonly<{ src: string; srcSet?: string; sizes?: string }>;

/**
 * Most (src, sizes) pairs remembered by responsiveImage: a shop has a few hundred images, each
 * shown at one or two sizes; the oldest pair is forgotten first.
 */
export const RESPONSIVE_MEMO_MAX = 2000;
const responsiveMemo = new Map<string, ResponsiveImage>();

/**
 * `src`, `srcSet` and `sizes` for an <img> (or a preload link) of `src` shown at `sizes`:
 * a fixed width gets density descriptors (2x; `src` is 1x) and no `sizes`; a fluid one the default
 * widths it can use (slotWidths) with `sizes`.
 *
 * A pure function of its two strings, so its answer is remembered (bounded, oldest first out):
 * every render of every page shows the same pictures, and building a srcset of eight URLs per
 * image on each request was a measurable part of the server's render time. The result is frozen,
 * as it is shared.
 */
export function responsiveImage(src: string, sizes: string): ResponsiveImage {
  const key = `${sizes}\n${src}`;
  let image = responsiveMemo.get(key);
  if (!image) {
    image = Object.freeze(buildResponsiveImage(src, sizes));
    if (responsiveMemo.size >= RESPONSIVE_MEMO_MAX) responsiveMemo.delete(responsiveMemo.keys().next().value as string);
    responsiveMemo.set(key, image);
  }
  return image;
}

function buildResponsiveImage(src: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  if (!hostOf(src)) return { src };
  const fixed = fixedWidth(sizes);
  if (fixed) {
    // `src` is the 1x candidate (HTML's srcset rules add it when no 1x is listed), so the
    // srcset lists only the higher densities: one URL less per fixed-size image.
    return {
      src: imageUrlAt(src, fixed),
      srcSet: IMAGE_DENSITIES.filter((d) => d !== 1)
        .map((d) => `${imageUrlAt(src, fixed * d)} ${d}x`)
        .join(', '),
    };
  }
  return {
    src: imageUrlAt(src, DEFAULT_IMAGE_WIDTH),
    srcSet: slotWidths(sizes)
      .map((w) => `${imageUrlAt(src, w)} ${w}w`)
      .join(', '),
    sizes,
  };
}
