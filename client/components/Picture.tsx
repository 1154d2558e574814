/**
 * A responsive <img> (srcSet/sizes, width/height so the layout never jumps) with blur-up:
 * the tiny placeholder sits blurred behind the image until its load event. Without JS the
 * image simply paints over the placeholder, so it is always visible.
 */
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { Picture as PictureData } from '../../shared/types';

type Props = {
  picture: PictureData;
  /** CSS `sizes`; default full width (spec §9). */
  sizes?: string;
  /** Above the fold: load eagerly with high priority; otherwise lazily. */
  eager?: boolean;
  /** Fill a box of this aspect ratio (width / height), cropping with object-fit. */
  ratio?: number;
  className?: string;
  alt?: string;
};

export function Picture({ picture, sizes = '100vw', eager = false, ratio, className, alt }: Props) {
  const img = useRef<HTMLImageElement>(null);
  const [loaded, setLoaded] = useState(false);
  // An image that finished before hydration fired its load event before React listened.
  useEffect(() => {
    if (img.current?.complete) setLoaded(true);
  }, [picture.src]);

  const style = {
    ...(picture.placeholder && !loaded ? { '--placeholder': `url("${encodeURI(picture.placeholder)}")` } : {}),
    ...(ratio ? { aspectRatio: String(ratio) } : {}),
  } as CSSProperties;
  return (
    <span className={`picture${loaded ? ' is-loaded' : ''}${ratio ? ' picture--fill' : ''}${className ? ` ${className}` : ''}`} style={style}>
      <img
        ref={img}
        src={picture.src}
        srcSet={picture.srcSet || undefined}
        sizes={sizes}
        width={picture.width}
        height={picture.height}
        alt={alt ?? picture.alt}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
        onLoad={() => setLoaded(true)}
      />
    </span>
  );
}
