/**
 * Sanity image assets for the generated SVGs: `sanity.imageAsset` documents whose id embeds
 * the sha1 of the file's bytes and its dimensions (`image-{sha1}-{w}x{h}-svg`), with an LQIP
 * (20 px wide JPEG data URL) rendered by sharp, and the image fields that reference them.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';

export const PROJECT_ID = 'gramercy';
export const DATASET = 'production';

/** Fixed timestamps keep the output byte-identical. */
export const CREATED_AT = '2026-01-04T09:00:00Z';

export type SanityImage = {
  _type: 'image';
  asset: { _type: 'reference'; _ref: string };
  alt: string;
  crop?: { top: number; bottom: number; left: number; right: number };
  hotspot?: { x: number; y: number; width: number; height: number };
};

/** Width and height declared on an SVG's root element. */
export function svgSize(svg: string): { width: number; height: number } {
  const match = /^<svg[^>]*\swidth="(\d+)"\sheight="(\d+)"/.exec(svg);
  if (!match) throw new Error('SVG without width/height');
  return { width: Number(match[1]), height: Number(match[2]) };
}

/** The asset id Sanity would give this SVG. */
export function assetId(svg: string): string {
  const { width, height } = svgSize(svg);
  return `image-${createHash('sha1').update(svg).digest('hex')}-${width}x${height}-svg`;
}

/** Tiny blurred preview, as Sanity stores in `metadata.lqip`. */
async function lqip(svg: string): Promise<string> {
  const jpeg = await sharp(Buffer.from(svg)).resize({ width: 20 }).flatten({ background: '#ffffff' }).jpeg({ quality: 60 }).toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/** Collects the assets referenced by image fields, then emits their documents. */
export class AssetRegistry {
  private used = new Map<string, string>();
  constructor(private readonly svgs: Map<string, string>) {}

  /** An image field for `file` (an SVG in content/images, without extension). */
  image(file: string, alt: string, framing: Pick<SanityImage, 'crop' | 'hotspot'> = {}): SanityImage {
    const svg = this.svgs.get(file);
    if (!svg) throw new Error(`No artwork named ${file}`);
    const ref = assetId(svg);
    this.used.set(ref, file);
    return { _type: 'image', asset: { _type: 'reference', _ref: ref }, alt, ...framing };
  }

  /** One `sanity.imageAsset` document per referenced file, in first-use order. */
  async documents(): Promise<object[]> {
    const docs: object[] = [];
    for (const [id, file] of this.used) {
      const svg = this.svgs.get(file)!;
      const { width, height } = svgSize(svg);
      const sha1 = id.split('-')[1];
      docs.push({
        _id: id,
        _type: 'sanity.imageAsset',
        _createdAt: CREATED_AT,
        _updatedAt: CREATED_AT,
        _rev: `rev-${sha1.slice(0, 10)}`,
        assetId: sha1,
        extension: 'svg',
        mimeType: 'image/svg+xml',
        originalFilename: `${file}.svg`,
        size: Buffer.byteLength(svg),
        sha1hash: sha1,
        path: `images/${PROJECT_ID}/${DATASET}/${sha1}-${width}x${height}.svg`,
        url: `https://cdn.sanity.io/images/${PROJECT_ID}/${DATASET}/${sha1}-${width}x${height}.svg`,
        metadata: {
          _type: 'sanity.imageMetadata',
          dimensions: { _type: 'sanity.imageDimensions', width, height, aspectRatio: Math.round((width / height) * 1e6) / 1e6 },
          lqip: await lqip(svg),
          hasAlpha: false,
          isOpaque: true,
        },
      });
    }
    return docs;
  }
}
