/**
 * Picture building shared by both image sources (spec §9): `src` at the default width 1000,
 * `srcSet` over the default widths 250…3000, and a placeholder (10 px, or Sanity's lqip).
 */
import type { Picture } from '../../shared/types';

export const IMAGE_WIDTHS = [250, 375, 500, 750, 1000, 1400, 2000, 3000] as const;
export const DEFAULT_IMAGE_WIDTH = 1000;
export const PLACEHOLDER_WIDTH = 10;
/** Social sharing image width (spec §9). */
export const SOCIAL_IMAGE_WIDTH = 1200;

/**
 * @param urlAt     URL of the image at a given width in CSS px
 * @param intrinsic the source's width and height (px) — the Picture keeps its aspect ratio
 */
export function buildPicture(
  urlAt: (width: number) => string,
  intrinsic: { width: number; height: number },
  alt: string,
  placeholder: string | null,
): Picture {
  return {
    src: urlAt(DEFAULT_IMAGE_WIDTH),
    srcSet: IMAGE_WIDTHS.map((w) => `${urlAt(w)} ${w}w`).join(', '),
    width: intrinsic.width,
    height: intrinsic.height,
    alt,
    placeholder,
  };
}
