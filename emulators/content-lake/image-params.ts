/**
 * Sanity image URL parameters (https://www.sanity.io/docs/image-urls) → an ImageTransform.
 * Supported: `w`, `h`, `q` (0–100, default 75), `fm` (webp | jpg | pjpg | png), `auto=format`
 * (→ webp), `fit` (clip default | crop | fill | fillmax | max | min | scale), `crop`
 * (top | bottom | left | right | center | focalpoint | entropy, comma-combined), `fp-x`/`fp-y`
 * (0–1), `rect=left,top,width,height` (source pixels, clamped to the image), `dpr` (1–3, scales
 * w and h), `blur` (0–2000). Other Sanity parameters (`bg`, `flip`, `sat`, `sharp`, `or`…) are
 * accepted and ignored.
 */
import { MAX_IMAGE_EDGE, type ImageFit, type ImageFormat, type ImageTransform } from '../shared/images';

/** A parameter Sanity would reject: the endpoint answers 400 with `message`. */
export class ImageParamError extends Error {}

const FITS: readonly ImageFit[] = ['clip', 'crop', 'fill', 'fillmax', 'max', 'min', 'scale'];
const FORMATS: Record<string, ImageFormat> = { webp: 'webp', jpg: 'jpg', pjpg: 'jpg', png: 'png' };
const CROP_MODES = new Set(['top', 'bottom', 'left', 'right', 'center', 'focalpoint', 'entropy']);
const DEFAULT_QUALITY = 75;

/**
 * The transform for `params` on a `sourceWidth`×`sourceHeight` asset whose own format is
 * `originalFormat` (undefined for SVG), or `null` when the original is to be served as-is:
 * an SVG asset without `fm`/`auto=format`, whatever else the URL says (as Sanity does).
 * @throws ImageParamError for a malformed or out-of-range value.
 */
export function parseImageParams(
  params: URLSearchParams,
  sourceWidth: number,
  sourceHeight: number,
  originalFormat?: ImageFormat,
): ImageTransform | null {
  const auto = params.get('auto');
  if (auto !== null && auto !== 'format') throw new ImageParamError(`Invalid value for auto: "${auto}"`);
  const fm = params.get('fm');
  if (fm !== null && !Object.hasOwn(FORMATS, fm)) throw new ImageParamError(`Unsupported value for fm: "${fm}"`);
  const format = auto === 'format' ? 'webp' : fm === null ? originalFormat : FORMATS[fm];
  if (!format) return null;

  const dpr = number(params, 'dpr', 1, 3) ?? 1;
  const scaled = (name: string) => {
    const value = number(params, name, 1, MAX_IMAGE_EDGE);
    return value === undefined ? undefined : Math.min(Math.round(value * dpr), MAX_IMAGE_EDGE);
  };
  const fit = params.get('fit') ?? 'clip';
  if (!FITS.includes(fit as ImageFit)) throw new ImageParamError(`Invalid value for fit: "${fit}"`);

  return {
    width: scaled('w'),
    height: scaled('h'),
    quality: Math.round(number(params, 'q', 0, 100) ?? DEFAULT_QUALITY),
    format,
    fit: fit as ImageFit,
    rect: rect(params.get('rect'), sourceWidth, sourceHeight),
    focalPoint: focalPoint(params),
    blur: number(params, 'blur', 0, 2000),
  };
}

/** A numeric parameter within [min, max], undefined when absent. */
function number(params: URLSearchParams, name: string, min: number, max: number): number | undefined {
  const raw = params.get(name);
  if (raw === null) return undefined;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value < min || value > max) {
    throw new ImageParamError(`Invalid value for ${name}: "${raw}" (expected ${min}–${max})`);
  }
  return value;
}

/** `rect=left,top,width,height` in source pixels, clamped to the image as Sanity does. */
function rect(raw: string | null, sourceWidth: number, sourceHeight: number): ImageTransform['rect'] {
  if (raw === null) return undefined;
  const parts = raw.split(',').map(Number);
  if (parts.length !== 4 || !parts.every((n) => Number.isInteger(n) && n >= 0)) {
    throw new ImageParamError(`Invalid value for rect: "${raw}" (expected left,top,width,height)`);
  }
  const [left, top] = parts;
  const width = Math.min(parts[2], sourceWidth - left);
  const height = Math.min(parts[3], sourceHeight - top);
  if (width <= 0 || height <= 0) throw new ImageParamError(`rect "${raw}" lies outside the ${sourceWidth}x${sourceHeight} image`);
  return [left, top, width, height];
}

/**
 * The point `fit=crop` keeps: `fp-x`/`fp-y` (used with `crop=focalpoint`, or alone), else the
 * edges named by `crop` (`top,left` → 0,0), else undefined (centre). `entropy` is treated as
 * centre: the emulator does not analyse image content.
 */
function focalPoint(params: URLSearchParams): ImageTransform['focalPoint'] {
  const modes = (params.get('crop') ?? '').split(',').filter(Boolean);
  const unknown = modes.find((mode) => !CROP_MODES.has(mode));
  if (unknown) throw new ImageParamError(`Invalid value for crop: "${unknown}"`);
  const fpX = number(params, 'fp-x', 0, 1);
  const fpY = number(params, 'fp-y', 0, 1);
  if (fpX !== undefined || fpY !== undefined) return { x: fpX ?? 0.5, y: fpY ?? 0.5 };
  if (!modes.length) return undefined;
  const edge = (low: string, high: string) => (modes.includes(low) ? 0 : modes.includes(high) ? 1 : 0.5);
  return { x: edge('left', 'right'), y: edge('top', 'bottom') };
}

/** The raster format of an asset file extension (`jpg`, `png`, `webp`), undefined for SVG and others. */
export function imageFormatOf(extension: string): ImageFormat | undefined {
  return extension === 'pjpg' || !Object.hasOwn(FORMATS, extension) ? undefined : FORMATS[extension];
}
