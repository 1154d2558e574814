/**
 * `GET /cdn/shop/files/{file}.{jpg|jpeg|png|webp}`, the stand-in for cdn.shopify.com: renders
 * `{contentDir}/images/{file}.svg` with the CDN's parameters `width`, `height` (px),
 * `crop` (center | top | bottom | left | right; needs both sizes) and `format` (webp | jpg | png).
 * Without `format`, as Shopify's CDN does, a browser whose `Accept` names `image/webp` gets WebP
 * whatever the suffix (`Vary: Accept`), anyone else the suffix's format. Without `crop` the image is fitted inside the box and never enlarged;
 * with it, the box is filled exactly from the named region. Unknown files → 404; bad parameters
 * or a name over MAX_IMAGE_NAME_LENGTH → 400 with a short message, never a file path.
 */
import path from 'node:path';
import type { Request, Response } from 'express';
import sharp from 'sharp';
import { imageNameProblem, positiveInt, renderImage, type ImageFormat, type ImageTransform } from '../shared/images';

const SUFFIX_FORMAT: Record<string, ImageFormat> = { jpg: 'jpg', jpeg: 'jpg', png: 'png', webp: 'webp' };
const CROPS = ['center', 'top', 'bottom', 'left', 'right'] as const;
type Crop = (typeof CROPS)[number];

/** Whether an `Accept` header names WebP (or AVIF, which a browser accepting it also takes WebP for) with a non-zero q. */
function acceptsWebp(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((part) => {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (type === 'image/webp' || type === 'image/avif') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

const sourceSizes = new Map<string, { width: number; height: number }>();

async function sourceSize(file: string) {
  let size = sourceSizes.get(file);
  if (!size) {
    const meta = await sharp(file).metadata();
    size = { width: meta.width ?? 1, height: meta.height ?? 1 };
    sourceSizes.set(file, size);
  }
  return size;
}

/** The source rectangle of the target's aspect ratio, aligned to `crop`. */
function cropRect(source: { width: number; height: number }, width: number, height: number, crop: Crop): [number, number, number, number] {
  const aspect = width / height;
  if (source.width / source.height > aspect) {
    const w = Math.max(1, Math.round(source.height * aspect));
    const left = crop === 'left' ? 0 : crop === 'right' ? source.width - w : Math.floor((source.width - w) / 2);
    return [left, 0, w, source.height];
  }
  const h = Math.max(1, Math.round(source.width / aspect));
  const top = crop === 'top' ? 0 : crop === 'bottom' ? source.height - h : Math.floor((source.height - h) / 2);
  return [0, top, source.width, h];
}

function parameter(req: Request, name: string): string | undefined {
  const value = req.query[name];
  return typeof value === 'string' ? value : undefined;
}

/** Express handler; `imagesDir` is `{contentDir}/images`. */
export function imageHandler(imagesDir: string) {
  return async (req: Request, res: Response) => {
    const tooLong = imageNameProblem(String(req.params.file));
    if (tooLong) {
      res.status(400).type('text/plain').send(tooLong);
      return;
    }
    const match = /^([A-Za-z0-9_-]+)\.(jpg|jpeg|png|webp)$/.exec(String(req.params.file));
    if (!match) {
      res.status(404).type('text/plain').send('Not Found');
      return;
    }
    const [, stem, suffix] = match;
    const errors: string[] = [];
    const size = (name: string) => {
      const raw = parameter(req, name);
      const value = positiveInt(raw);
      if (raw !== undefined && value === undefined) errors.push(`${name} must be a positive integer`);
      return value;
    };
    const width = size('width');
    const height = size('height');
    const asked = parameter(req, 'format');
    // The CDN negotiates only when the URL leaves the format open; AVIF is not rendered here, WebP stands in.
    const format = asked ?? (acceptsWebp(req.get('accept')) ? 'webp' : suffix);
    // Own keys only: `?format=constructor` must not find Object.prototype's function.
    if (!Object.hasOwn(SUFFIX_FORMAT, format)) errors.push('format must be webp, jpg or png');
    const crop = parameter(req, 'crop');
    if (crop !== undefined && !(CROPS as readonly string[]).includes(crop)) errors.push(`crop must be one of ${CROPS.join(', ')}`);
    if (errors.length) {
      res.status(400).type('text/plain').send(errors.join('\n'));
      return;
    }
    const file = path.join(imagesDir, `${stem}.svg`);
    try {
      const transform: ImageTransform = { format: SUFFIX_FORMAT[format], width, height, fit: 'max' };
      if (crop && width && height) {
        transform.rect = cropRect(await sourceSize(file), width, height, crop as Crop);
        transform.fit = 'scale';
      }
      const image = await renderImage(file, transform);
      res.set('Cache-Control', 'public, max-age=31536000, immutable');
      if (asked === undefined) res.vary('Accept');
      res.type(image.contentType).send(image.body);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || /missing|no such file/i.test(String(error))) {
        res.status(404).type('text/plain').send('Not Found');
        return;
      }
      throw error;
    }
  };
}
