/**
 * Picture building shared by both image sources (spec §9): `src` at the default width 1000; the
 * srcset and the 10x10 placeholder are derived from it where the picture is rendered
 * (shared/images.ts), so they never travel in the page state.
 */
import { DEFAULT_IMAGE_WIDTH } from '../../shared/images';
import type { Picture } from '../../shared/types';

export { DEFAULT_IMAGE_WIDTH };
/** Social sharing image width (spec §9). */
export const SOCIAL_IMAGE_WIDTH = 1200;

/**
 * @param urlAt     URL of the image at a given width in CSS px (its host's width parameter set)
 * @param intrinsic the source's width and height (px) — the Picture keeps its aspect ratio
 */
export function buildPicture(urlAt: (width: number) => string, intrinsic: { width: number; height: number }, alt: string): Picture {
  return { src: urlAt(DEFAULT_IMAGE_WIDTH), width: intrinsic.width, height: intrinsic.height, alt };
}
