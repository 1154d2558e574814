/**
 * Image transformation shared by the emulators' image endpoints (Sanity's image pipeline and
 * Shopify's CDN stand-in). Sources are the SVG artwork files in `content/images/`; `sharp`
 * rasterises them at their intrinsic size and applies the requested transformation.
 *
 * Parameters follow Sanity's image URL API (https://www.sanity.io/docs/image-urls):
 * `w`/`h` in pixels, `q` quality 0–100, `fm` output format, `fit`
 * (clip | crop | fill | fillmax | max | min | scale), `rect=x,y,w,h` source crop in source pixels,
 * and a focal point (`fp-x`/`fp-y`, or `crop=top,left…`) that `crop`/`min` keep in view.
 * Results are memoised in a small LRU, since rasterising a 2000 px SVG takes tens of ms.
 */
import { readFile } from 'node:fs/promises';
import { LRUCache } from 'lru-cache';
import sharp, { type ResizeOptions, type Sharp } from 'sharp';

export type ImageFormat = 'webp' | 'jpg' | 'png';
export type ImageFit = 'clip' | 'crop' | 'fill' | 'fillmax' | 'max' | 'min' | 'scale';

export type ImageTransform = {
  width?: number;
  height?: number;
  quality?: number;
  format: ImageFormat;
  fit?: ImageFit;
  /** Source-pixel crop `[left, top, width, height]` applied before resizing. */
  rect?: [number, number, number, number];
  /**
   * For `fit` crop/min with both width and height: the point (fractions 0–1 of the source, or
   * of `rect`) to keep centred when cutting to the output's aspect ratio; default the centre.
   */
  focalPoint?: { x: number; y: number };
  /** Gaussian blur sigma-ish amount (Sanity `blur`, 1–2000), used for placeholders. */
  blur?: number;
};

export type RenderedImage = { body: Buffer; contentType: string };

/**
 * Longest image file name (or vanity name) the image routes accept; longer ones answer 400
 * before any file is looked at (a 3,000-character name used to fail in the file system, 500).
 */
export const MAX_IMAGE_NAME_LENGTH = 200;

/** The 400 message for a name longer than MAX_IMAGE_NAME_LENGTH, or null when it is short enough. */
export function imageNameProblem(name: string): string | null {
  return name.length > MAX_IMAGE_NAME_LENGTH ? `Image name too long (at most ${MAX_IMAGE_NAME_LENGTH} characters)` : null;
}

/** Largest edge we will produce, so a hostile `w=100000` cannot exhaust memory. */
export const MAX_IMAGE_EDGE = 4000;

const CONTENT_TYPES: Record<ImageFormat, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

const FIT_TO_SHARP: Record<ImageFit, { fit: NonNullable<ResizeOptions['fit']>; withoutEnlargement: boolean }> = {
  clip: { fit: 'inside', withoutEnlargement: false },
  max: { fit: 'inside', withoutEnlargement: true },
  crop: { fit: 'cover', withoutEnlargement: false },
  min: { fit: 'cover', withoutEnlargement: true },
  fill: { fit: 'contain', withoutEnlargement: false },
  fillmax: { fit: 'contain', withoutEnlargement: true },
  scale: { fit: 'fill', withoutEnlargement: false },
};

const cache = new LRUCache<string, RenderedImage>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (v) => v.body.length || 1,
});

/** Parse `q`, `w`, … query values: positive integers only, else undefined. */
export function positiveInt(value: unknown, max = MAX_IMAGE_EDGE): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,6}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? Math.min(n, max) : undefined;
}

type Rect = [left: number, top: number, width: number, height: number];

/**
 * The source pixels to use: `rect`, narrowed for a focal-point crop to the largest area with
 * the output's aspect ratio centred on the focal point and kept inside (how Sanity applies a
 * hotspot); the resize that follows then only scales. Undefined = the whole source.
 */
async function sourceRegion(pipeline: Sharp, transform: ImageTransform): Promise<Rect | undefined> {
  const { width, height, fit, focalPoint } = transform;
  if (!focalPoint || !width || !height || (fit !== 'crop' && fit !== 'min')) return transform.rect;
  let area = transform.rect;
  if (!area) {
    const meta = await pipeline.metadata();
    area = [0, 0, meta.width ?? width, meta.height ?? height];
  }
  const [areaLeft, areaTop, areaWidth, areaHeight] = area;
  const cutWidth = Math.min(areaWidth, Math.round((areaHeight * width) / height));
  const cutHeight = Math.min(areaHeight, Math.round((cutWidth * height) / width));
  const clamp = (value: number, max: number) => Math.min(Math.max(Math.round(value), 0), max);
  return [
    areaLeft + clamp(focalPoint.x * areaWidth - cutWidth / 2, areaWidth - cutWidth),
    areaTop + clamp(focalPoint.y * areaHeight - cutHeight / 2, areaHeight - cutHeight),
    cutWidth,
    cutHeight,
  ];
}

/**
 * Render `file` (an SVG path) with `transform`.
 * @throws ENOENT when the file does not exist (callers answer 404).
 */
export async function renderImage(file: string, transform: ImageTransform): Promise<RenderedImage> {
  const key = `${file}|${JSON.stringify(transform)}`;
  const hit = cache.get(key);
  if (hit) return hit;

  const source = await readFile(file);
  let pipeline = sharp(source, { limitInputPixels: MAX_IMAGE_EDGE * MAX_IMAGE_EDGE });
  const region = await sourceRegion(pipeline, transform);
  if (region) {
    const [left, top, width, height] = region;
    pipeline = pipeline.extract({ left, top, width, height });
  }
  if (transform.width || transform.height) {
    const { fit, withoutEnlargement } = FIT_TO_SHARP[transform.fit ?? 'clip'];
    pipeline = pipeline.resize({
      width: transform.width,
      height: transform.height,
      fit,
      withoutEnlargement,
      background: '#ffffff',
    });
  }
  if (transform.blur) pipeline = pipeline.blur(Math.min(Math.max(transform.blur / 10, 0.3), 100));
  const quality = transform.quality ?? 100;
  if (transform.format === 'webp') pipeline = pipeline.webp({ quality });
  else if (transform.format === 'jpg') pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true });
  else pipeline = pipeline.png();

  const rendered = { body: await pipeline.toBuffer(), contentType: CONTENT_TYPES[transform.format] };
  cache.set(key, rendered);
  return rendered;
}
