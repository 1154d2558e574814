/**
 * Content images → Pictures through Sanity's image pipeline (@sanity/image-url): WebP by
 * `auto=format`, crop and hotspot honoured; the srcset and the 10x10 blurred placeholder are
 * derived from `src` where it is rendered (shared/images.ts, spec §9). The asset's lqip data URL
 * is not sent to the browser. In local mode the base URL is the content lake emulator.
 *
 * Building a URL through @sanity/image-url was the largest single cost of reshaping documents on
 * every request, so each URL is remembered by what determines it (the asset id, crop, hotspot and
 * width; an edited image has a new asset id or crop), in a bounded LRU: no invalidation needed.
 */
import { createImageUrlBuilder } from '@sanity/image-url';
import { LRUCache } from 'lru-cache';
import type { Picture } from '../../../shared/types';
import { buildPicture, SOCIAL_IMAGE_WIDTH } from '../picture';
import type { RawImage } from './schemas';

export type ContentImages = {
  /** A Picture, or null when the image or its asset is missing. */
  picture(image: RawImage, fallbackAlt?: string): Picture | null;
  /** Absolute JPEG URL 1200 wide for og:image (scrapers do not all read WebP), or null. */
  socialUrl(image: RawImage): string | null;
  /**
   * Absolute PNG URL FAVICON_WIDTH wide for `<link rel="icon">` (PNG keeps the icon's
   * transparency; browsers draw it at 16–48 px), or null.
   */
  iconUrl(image: RawImage): string | null;
};

/** The favicon's width in px: a 16 px tab icon on a 3x screen, a 32 px one on 2x. */
export const FAVICON_WIDTH = 64;

/** Most image URLs remembered (a shop has a few hundred images, each at one or two widths). */
export const IMAGE_URL_MEMO_MAX = 4000;

export function contentImages(opts: { projectId: string; dataset: string; imageOrigin: string }): ContentImages {
  const builder = createImageUrlBuilder({ projectId: opts.projectId, dataset: opts.dataset, baseUrl: opts.imageOrigin });
  const urls = new LRUCache<string, string>({ max: IMAGE_URL_MEMO_MAX });
  /** The pipeline URL of `src` at `width` (WebP by auto=format), built once per distinct input. */
  const urlAt = (src: ReturnType<typeof source>, width: number): string => {
    const key = JSON.stringify([src, width]);
    let url = urls.get(key);
    if (url === undefined) urls.set(key, (url = builder.image(src).width(width).auto('format').url()));
    return url;
  };
  const source = (image: NonNullable<RawImage> & { asset: { _id: string } }) => ({
    asset: { _ref: image.asset._id },
    crop: image.crop ?? undefined,
    hotspot: image.hotspot ?? undefined,
  });
  const hasAsset = (image: RawImage): image is NonNullable<RawImage> & { asset: { _id: string } } => Boolean(image?.asset?._id);

  return {
    picture(image, fallbackAlt = '') {
      if (!hasAsset(image)) return null;
      const crop = image.crop ?? { top: 0, bottom: 0, left: 0, right: 0 };
      // The delivered image is the cropped region, so its aspect ratio is the crop's.
      const width = Math.round((image.asset.width ?? 1000) * (1 - crop.left - crop.right));
      const height = Math.round((image.asset.height ?? 1000) * (1 - crop.top - crop.bottom));
      const src = source(image);
      return buildPicture((w) => urlAt(src, w), { width, height }, image.alt ?? fallbackAlt);
    },
    socialUrl(image) {
      return hasAsset(image) ? builder.image(source(image)).width(SOCIAL_IMAGE_WIDTH).format('jpg').url() : null;
    },
    iconUrl(image) {
      return hasAsset(image) ? builder.image(source(image)).width(FAVICON_WIDTH).format('png').url() : null;
    },
  };
}
