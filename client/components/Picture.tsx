/**
 * A responsive <img> (srcSet/sizes, width/height so the layout never jumps) with blur-up: the tiny
 * placeholder sits blurred behind the image until its load event (not behind the page's LCP image,
 * which loads first). The placeholder is an <img> of its own, lazy and `fetchpriority="low"` like a
 * secondary image: as a CSS background it was fetched for every picture on the page, below the fold
 * too, and at high priority inside the viewport, beside the LCP image (docs/architecture.md §4.3).
 * Without JS the image simply paints over the placeholder, so it is always visible. The srcSet
 * (WebP, the default widths, or densities 1 and 2 for a fixed `sizes` like "80px") and the 10x10
 * placeholder are built from `picture.src` (shared/images.ts), identically on both sides.
 */
import { useEffect, useRef, useState } from 'react';
import { placeholderUrl, responsiveImage } from '../../shared/images';
import type { Picture as PictureData } from '../../shared/types';
import { FULL_WIDTH_SIZES } from '../lib/image-sizes';

type Props = {
  picture: PictureData;
  /** CSS `sizes`; default full width (spec §9). */
  sizes?: string;
  /** Above the fold: load eagerly; otherwise lazily. */
  eager?: boolean;
  /**
   * The page's LCP image: eager with `fetchpriority="high"` (home, collection and product pages
   * also preload it from the head, server/render/lcp.ts, with the same srcset and sizes).
   */
  priority?: boolean;
  /**
   * Secondary (a gallery's thumbnails, cards below a hero): `fetchpriority="low"`, so it never
   * competes with the LCP image, even inside the viewport (where the browser would raise it).
   */
  lowPriority?: boolean;
  /**
   * Blur-up placeholder while the image loads (default on). Off for thumbnails: at 80 px the
   * image itself is a few KB, and its placeholder would be one more request beside the LCP image.
   */
  blurUp?: boolean;
  /** Fill a box of this aspect ratio (width / height), cropping with object-fit. */
  ratio?: number;
  className?: string;
  alt?: string;
};

export function Picture({
  picture,
  sizes = FULL_WIDTH_SIZES,
  eager = false,
  priority = false,
  lowPriority = false,
  blurUp = true,
  ratio,
  className,
  alt,
}: Props) {
  const img = useRef<HTMLImageElement>(null);
  const [loaded, setLoaded] = useState(false);
  // An image that finished before hydration fired its load event before React listened.
  useEffect(() => {
    if (img.current?.complete) setLoaded(true);
  }, [picture.src]);

  const image = responsiveImage(picture.src, sizes);
  // The LCP image has none: it is preloaded at high priority, and its placeholder would be one
  // more request in front of it on the page's first round trips.
  const placeholder = loaded || priority || !blurUp ? null : placeholderUrl(picture.src);
  return (
    <span
      className={`picture${ratio ? ' picture--fill' : ''}${className ? ` ${className}` : ''}`}
      style={ratio ? { aspectRatio: String(ratio) } : undefined}
    >
      {placeholder && <img className="picture__placeholder" src={placeholder} alt="" loading="lazy" fetchPriority="low" decoding="async" />}
      <img
        ref={img}
        src={image.src}
        srcSet={image.srcSet}
        sizes={image.sizes}
        width={picture.width}
        height={picture.height}
        alt={alt ?? picture.alt}
        loading={eager || priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : lowPriority ? 'low' : undefined}
        decoding={priority ? undefined : 'async'}
        onLoad={() => setLoaded(true)}
      />
    </span>
  );
}
