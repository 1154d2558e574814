/**
 * Builds `catalog.json` (the Storefront API emulator's seed, see content/FORMAT.md) from the
 * readable product and collection data in `data/`. Variant ids are derived from the product
 * id (`{productId}{nn}`), so adding a product never renumbers another one.
 */
import type { Artwork, BloomSpec, FoliageSpec, Vessel } from './artwork';
import { PALETTES, type PaletteName } from './data/palettes';

/** How one image is drawn; width/height/seed are filled in by the generator. */
export type ArtSpec = {
  palette: PaletteName;
  scene: Artwork['scene'];
  vessel?: Vessel;
  blooms: BloomSpec[];
  foliage?: FoliageSpec[];
  scale?: number;
};

/** A product image: artwork plus its alt text. Portrait 1600x2000 unless stated. */
export type ImageData = { alt: string; art: ArtSpec; width?: number; height?: number };

export type VariantData = {
  sku: string;
  options: Record<string, string>;
  price: string;
  compareAtPrice?: string;
  quantity: number;
  /** Index into the product's images. */
  image: number;
};

/**
 * A product video: a short silent film cross-fading between some of the product's images
 * (`frames`, indexes into its images), drawn by `content/scripts/video.ts` into
 * `content/videos/{handle}-film.{mp4,webm}`. `previewImage` (an image index) is its poster.
 */
export type VideoData = { alt: string; frames: number[]; previewImage: number };

/** Every video is this size (CSS pixels, the products' 4:5 portrait) and comes in these formats. */
export const VIDEO_SIZE = { width: 480, height: 600 } as const;
export const VIDEO_FORMATS = ['mp4', 'webm'] as const;

/** The catalog entry of a product video (content/FORMAT.md). */
export type CatalogVideo = { file: string; altText: string; width: number; height: number; previewImage: number; formats: string[] };

/** A product's videos as catalog entries: files `{handle}-film`, `{handle}-film-2`, … */
export function catalogVideos(p: Pick<ProductData, 'handle' | 'videos'>): CatalogVideo[] {
  return (p.videos ?? []).map((v, i) => ({
    file: `${p.handle}-film${i ? `-${i + 1}` : ''}`,
    altText: v.alt,
    ...VIDEO_SIZE,
    previewImage: v.previewImage,
    formats: [...VIDEO_FORMATS],
  }));
}

export type SellingPlanGroupData = {
  name: string;
  optionName: string;
  plans: { id: number; name: string; description: string; value: string; percentage: number }[];
};

export type ProductData = {
  id: number;
  handle: string;
  title: string;
  productType: string;
  tags: string[];
  createdAt: string;
  /** Paragraphs of the description (plain text, HTML-escaped on output). */
  description: string[];
  care: string[];
  /** Product options; omitted for single-variant products ("Default Title"). */
  options?: { name: string; values: string[] }[];
  variants: VariantData[];
  images: ImageData[];
  /** Product media after the images (spec §3 media: images and videos). */
  videos?: VideoData[];
  sellingPlanGroups?: SellingPlanGroupData[];
};

export type CollectionData = {
  id: number;
  handle: string;
  title: string;
  description: string;
  image: ImageData;
  products: string[];
};

export type CatalogImage = { file: string; altText: string; width: number; height: number };

/** An image file to draw: file name (no extension) and the full artwork description. */
export type ImageJob = { file: string; art: Artwork };

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Description paragraphs plus a care list, as the shop's rich-text HTML. */
function descriptionHtml(p: ProductData): string {
  const paragraphs = p.description.map((t) => `<p>${escapeHtml(t)}</p>`).join('');
  return `${paragraphs}<h3>Care</h3><ul>${p.care.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>`;
}

/** The catalog image entry and its drawing job; `file` names the SVG in content/images. */
export function imageFor(file: string, image: ImageData, defaults: { width: number; height: number }): { entry: CatalogImage; job: ImageJob } {
  const width = image.width ?? defaults.width;
  const height = image.height ?? defaults.height;
  const { palette, ...rest } = image.art;
  return {
    entry: { file, altText: image.alt, width, height },
    job: { file, art: { ...rest, palette: PALETTES[palette], width, height, seed: file } },
  };
}

/** Catalog JSON plus the list of images it references. */
export function buildCatalog(shop: object, products: ProductData[], collections: CollectionData[]) {
  const jobs: ImageJob[] = [];
  const catalogProducts = products.map((p) => {
    const images = p.images.map((img, i) => {
      const { entry, job } = imageFor(`${p.handle}-${i + 1}`, img, { width: 1600, height: 2000 });
      jobs.push(job);
      return entry;
    });
    const options = p.options ?? [{ name: 'Title', values: ['Default Title'] }];
    return {
      id: p.id,
      handle: p.handle,
      title: p.title,
      descriptionHtml: descriptionHtml(p),
      vendor: 'Gramercy Stems',
      productType: p.productType,
      tags: p.tags,
      createdAt: p.createdAt,
      options,
      images,
      ...(p.videos?.length ? { videos: catalogVideos(p) } : {}),
      variants: p.variants.map((v, i) => ({
        id: p.id * 100 + i + 1,
        sku: v.sku,
        options: p.options ? v.options : { Title: 'Default Title' },
        price: v.price,
        compareAtPrice: v.compareAtPrice ?? null,
        quantityAvailable: v.quantity,
        image: v.image,
      })),
      sellingPlanGroups: (p.sellingPlanGroups ?? []).map((g) => ({
        name: g.name,
        options: [{ name: g.optionName, values: g.plans.map((plan) => plan.value) }],
        sellingPlans: g.plans.map((plan) => ({
          id: plan.id,
          name: plan.name,
          description: plan.description,
          options: [{ name: g.optionName, value: plan.value }],
          priceAdjustment: { percentage: plan.percentage },
        })),
      })),
    };
  });
  const catalogCollections = collections.map((c) => {
    const { entry, job } = imageFor(`collection-${c.handle}`, c.image, { width: 1600, height: 1200 });
    jobs.push(job);
    return { id: c.id, handle: c.handle, title: c.title, descriptionHtml: `<p>${escapeHtml(c.description)}</p>`, image: entry, products: c.products };
  });
  return { catalog: { shop, collections: catalogCollections, products: catalogProducts }, jobs };
}
