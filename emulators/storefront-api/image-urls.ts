/**
 * Product and collection image URLs on the emulator's CDN stand-in:
 * `{origin}/cdn/shop/files/{file}.jpg?v=1`, with Image.url(transform:) expressed as the same
 * query parameters cdn.shopify.com takes (`width`, `height`, `crop`, `format`); product videos
 * at `{origin}/cdn/shop/videos/{file}.{mp4|webm}?v=1` on the same host (as Shopify serves both
 * from cdn.shopify.com).
 */
import { GraphQLError } from 'graphql';
import type { ImageModel, VideoFormat, VideoModel } from './catalog';

/** The URL of `video` in `format` (one of its `formats`). */
export function videoUrl(origin: string, video: VideoModel, format: VideoFormat): string {
  const url = new URL(`${origin}/cdn/shop/videos/${video.file}.${format}`);
  url.searchParams.set('v', '1');
  return url.toString();
}

/** Shopify rejects transforms outside 1…5760 px. */
export const MAX_TRANSFORM_EDGE = 5760;

export type ImageTransformInput = {
  maxWidth?: number | null;
  maxHeight?: number | null;
  crop?: 'CENTER' | 'TOP' | 'BOTTOM' | 'LEFT' | 'RIGHT' | null;
  preferredContentType?: 'JPG' | 'PNG' | 'WEBP' | null;
  scale?: number | null;
};

function edge(name: string, value: number | null | undefined, scale: number): number | undefined {
  if (value == null) return undefined;
  if (value < 1 || value > MAX_TRANSFORM_EDGE) {
    throw new GraphQLError(`Invalid ${name}: must be between 1 and ${MAX_TRANSFORM_EDGE}`);
  }
  return Math.min(value * scale, MAX_TRANSFORM_EDGE);
}

/** The image's URL, honouring `transform`. @throws GraphQLError for out-of-range sizes or scale. */
export function imageUrl(origin: string, image: ImageModel, transform?: ImageTransformInput | null): string {
  const url = new URL(`${origin}/cdn/shop/files/${image.file}.jpg`);
  url.searchParams.set('v', '1');
  if (!transform) return url.toString();
  const scale = transform.scale ?? 1;
  if (scale < 1 || scale > 3) throw new GraphQLError('Invalid scale: must be 1, 2 or 3');
  const width = edge('maxWidth', transform.maxWidth, scale);
  const height = edge('maxHeight', transform.maxHeight, scale);
  if (width) url.searchParams.set('width', String(width));
  if (height) url.searchParams.set('height', String(height));
  if (transform.crop) url.searchParams.set('crop', transform.crop.toLowerCase());
  if (transform.preferredContentType) {
    url.searchParams.set('format', transform.preferredContentType === 'JPG' ? 'jpg' : transform.preferredContentType.toLowerCase());
  }
  return url.toString();
}
