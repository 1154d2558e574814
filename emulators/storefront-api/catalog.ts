/**
 * The catalog seed (`{contentDir}/catalog.json`, format in content/FORMAT.md): validated with
 * zod at start, then turned into linked, read-only models (products ↔ variants ↔ collections)
 * that the resolvers serve. Money stays a decimal string ("85.00"); ids become GIDs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { gid } from './ids';
import { toCents } from './money';

const amount = z.string().regex(/^\d+(\.\d{1,2})?$/, 'a decimal string like "85.00"');
const imageSeed = z.object({
  file: z.string().regex(/^[A-Za-z0-9_-]+$/),
  altText: z.string().nullish(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
/** Video container formats the CDN stand-in serves, with their MIME types. */
export const VIDEO_MIME_TYPES = { mp4: 'video/mp4', webm: 'video/webm' } as const;
export type VideoFormat = keyof typeof VIDEO_MIME_TYPES;
const videoSeed = z.object({
  file: z.string().regex(/^[A-Za-z0-9_-]+$/),
  altText: z.string().nullish(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Index into the product's images: the video's poster (Video.previewImage). */
  previewImage: z.number().int().min(0).nullish(),
  formats: z.array(z.enum(['mp4', 'webm'])).min(1),
});
const priceAdjustmentSeed = z.union([z.object({ percentage: z.number().min(0).max(100) }), z.object({ amount }), z.object({ price: amount })]);
const catalogSeed = z.object({
  shop: z.object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullish(),
    currencyCode: z.literal('USD'),
    primaryDomain: z.url(),
    moneyFormat: z.string().optional(),
  }),
  collections: z.array(
    z.object({
      id: z.number().int(),
      handle: z.string(),
      title: z.string(),
      descriptionHtml: z.string().default(''),
      image: imageSeed.nullish(),
      products: z.array(z.string()),
      updatedAt: z.string().optional(),
    }),
  ),
  products: z.array(
    z.object({
      id: z.number().int(),
      handle: z.string(),
      title: z.string(),
      descriptionHtml: z.string().default(''),
      vendor: z.string(),
      productType: z.string().default(''),
      tags: z.array(z.string()).default([]),
      createdAt: z.string(),
      updatedAt: z.string().optional(),
      options: z
        .array(z.object({ name: z.string(), values: z.array(z.string()).min(1) }))
        .min(1)
        .max(3),
      images: z.array(imageSeed).default([]),
      /** Video media, after the images in `media` (files `{contentDir}/videos/{file}.{format}`). */
      videos: z.array(videoSeed).default([]),
      variants: z
        .array(
          z.object({
            id: z.number().int(),
            sku: z.string().nullish(),
            options: z.record(z.string(), z.string()),
            price: amount,
            compareAtPrice: amount.nullish(),
            quantityAvailable: z.number().int().min(0),
            image: z.number().int().min(0).nullish(),
          }),
        )
        .min(1),
      sellingPlanGroups: z
        .array(
          z.object({
            name: z.string(),
            appName: z.string().nullish(),
            options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
            sellingPlans: z
              .array(
                z.object({
                  id: z.number().int(),
                  name: z.string(),
                  description: z.string().nullish(),
                  options: z.array(z.object({ name: z.string(), value: z.string() })),
                  priceAdjustment: priceAdjustmentSeed.nullish(),
                  recurringDeliveries: z.boolean().default(true),
                }),
              )
              .min(1),
          }),
        )
        .default([]),
    }),
  ),
});

export type CatalogSeed = z.infer<typeof catalogSeed>;
export type PriceAdjustment = z.infer<typeof priceAdjustmentSeed>;

export type ImageModel = { id: string; file: string; altText: string | null; width: number; height: number };

/** A product video: one file per format, all `width`×`height`; `previewImage` is its poster. */
export type VideoModel = {
  id: string;
  file: string;
  altText: string | null;
  width: number;
  height: number;
  formats: VideoFormat[];
  previewImage: ImageModel | null;
};

export type SellingPlanModel = {
  numericId: number;
  id: string;
  name: string;
  description: string | null;
  options: { name: string; value: string }[];
  priceAdjustment: PriceAdjustment | null;
  recurringDeliveries: boolean;
  group: SellingPlanGroupModel;
};

export type SellingPlanGroupModel = {
  name: string;
  appName: string | null;
  options: { name: string; values: string[] }[];
  sellingPlans: SellingPlanModel[];
  product: ProductModel;
};

export type VariantModel = {
  __typename: 'ProductVariant';
  numericId: number;
  id: string;
  sku: string | null;
  title: string;
  selectedOptions: { name: string; value: string }[];
  price: string;
  compareAtPrice: string | null;
  /** Seeded stock; what is available is this minus what orders took (see inventory.ts). */
  seededQuantity: number;
  image: ImageModel | null;
  product: ProductModel;
};

export type ProductModel = {
  __typename: 'Product';
  numericId: number;
  id: string;
  handle: string;
  title: string;
  descriptionHtml: string;
  vendor: string;
  productType: string;
  tags: string[];
  createdAt: string;
  updatedAt: string;
  options: { id: string; name: string; values: string[] }[];
  images: ImageModel[];
  videos: VideoModel[];
  variants: VariantModel[];
  sellingPlanGroups: SellingPlanGroupModel[];
  collections: CollectionModel[];
};

export type CollectionModel = {
  __typename: 'Collection';
  numericId: number;
  id: string;
  handle: string;
  title: string;
  descriptionHtml: string;
  image: ImageModel | null;
  updatedAt: string;
  products: ProductModel[];
};

export type ShopModel = CatalogSeed['shop'] & { __typename: 'Shop' };

export type Catalog = {
  shop: ShopModel;
  products: ProductModel[];
  collections: CollectionModel[];
  productByHandle: Map<string, ProductModel>;
  productById: Map<number, ProductModel>;
  variantById: Map<number, VariantModel>;
  sellingPlanById: Map<number, SellingPlanModel>;
  collectionByHandle: Map<string, CollectionModel>;
  collectionById: Map<number, CollectionModel>;
};

function image(seed: z.infer<typeof imageSeed>, type: string, id: number): ImageModel {
  return { id: gid(type, id), file: seed.file, altText: seed.altText ?? null, width: seed.width, height: seed.height };
}

/** Link a validated seed into models. @throws when references (handles, image indexes, option values) dangle. */
export function buildCatalog(seed: CatalogSeed): Catalog {
  const products = seed.products.map((p): ProductModel => {
    const product = {
      __typename: 'Product',
      numericId: p.id,
      id: gid('Product', p.id),
      handle: p.handle,
      title: p.title,
      descriptionHtml: p.descriptionHtml,
      vendor: p.vendor,
      productType: p.productType,
      tags: p.tags,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt ?? p.createdAt,
      options: p.options.map((o, i) => ({ id: gid('ProductOption', p.id * 10 + i + 1), name: o.name, values: o.values })),
      images: p.images.map((img, i) => image(img, 'ProductImage', p.id * 100 + i + 1)),
      videos: [],
      variants: [],
      sellingPlanGroups: [],
      collections: [],
    } as ProductModel;
    product.videos = p.videos.map((v, i): VideoModel => {
      if (v.previewImage != null && !product.images[v.previewImage]) {
        throw new Error(`catalog: video ${v.file} of ${p.handle} previewImage index ${v.previewImage} out of range`);
      }
      return {
        id: gid('Video', p.id * 100 + i + 1),
        file: v.file,
        altText: v.altText ?? null,
        width: v.width,
        height: v.height,
        formats: v.formats,
        previewImage: v.previewImage != null ? product.images[v.previewImage] : null,
      };
    });
    product.variants = p.variants.map((v): VariantModel => {
      const selectedOptions = p.options.map((o) => {
        const value = v.options[o.name];
        if (!value || !o.values.includes(value)) throw new Error(`catalog: variant ${v.id} of ${p.handle} has no valid ${o.name}`);
        return { name: o.name, value };
      });
      if (v.image != null && !product.images[v.image]) throw new Error(`catalog: variant ${v.id} image index ${v.image} out of range`);
      toCents(v.price);
      return {
        __typename: 'ProductVariant',
        numericId: v.id,
        id: gid('ProductVariant', v.id),
        sku: v.sku ?? null,
        title: selectedOptions.map((o) => o.value).join(' / '),
        selectedOptions,
        price: v.price,
        compareAtPrice: v.compareAtPrice ?? null,
        seededQuantity: v.quantityAvailable,
        image: v.image != null ? product.images[v.image] : null,
        product,
      };
    });
    product.sellingPlanGroups = p.sellingPlanGroups.map((g) => {
      const group = { name: g.name, appName: g.appName ?? null, options: g.options, sellingPlans: [], product } as SellingPlanGroupModel;
      group.sellingPlans = g.sellingPlans.map((sp) => ({
        numericId: sp.id,
        id: gid('SellingPlan', sp.id),
        name: sp.name,
        description: sp.description ?? null,
        options: sp.options,
        priceAdjustment: sp.priceAdjustment ?? null,
        recurringDeliveries: sp.recurringDeliveries,
        group,
      }));
      return group;
    });
    return product;
  });

  const productByHandle = new Map(products.map((p) => [p.handle, p]));
  const collections = seed.collections.map((c): CollectionModel => ({
    __typename: 'Collection',
    numericId: c.id,
    id: gid('Collection', c.id),
    handle: c.handle,
    title: c.title,
    descriptionHtml: c.descriptionHtml,
    image: c.image ? image(c.image, 'CollectionImage', c.id) : null,
    updatedAt: c.updatedAt ?? seed.products.reduce((max, p) => (p.createdAt > max ? p.createdAt : max), '1970-01-01T00:00:00Z'),
    products: c.products.map((handle) => {
      const product = productByHandle.get(handle);
      if (!product) throw new Error(`catalog: collection ${c.handle} lists unknown product ${handle}`);
      return product;
    }),
  }));
  for (const collection of collections) for (const product of collection.products) product.collections.push(collection);

  const variants = products.flatMap((p) => p.variants);
  const plans = products.flatMap((p) => p.sellingPlanGroups.flatMap((g) => g.sellingPlans));
  return {
    shop: { ...seed.shop, __typename: 'Shop' },
    products,
    collections,
    productByHandle,
    productById: new Map(products.map((p) => [p.numericId, p])),
    variantById: new Map(variants.map((v) => [v.numericId, v])),
    sellingPlanById: new Map(plans.map((sp) => [sp.numericId, sp])),
    collectionByHandle: new Map(collections.map((c) => [c.handle, c])),
    collectionById: new Map(collections.map((c) => [c.numericId, c])),
  };
}

/** Read and validate `{contentDir}/catalog.json`. @throws with zod's path-by-path message when invalid. */
export function loadCatalog(contentDir: string): Catalog {
  const file = path.join(contentDir, 'catalog.json');
  const parsed = catalogSeed.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is invalid:\n${z.prettifyError(parsed.error)}`);
  return buildCatalog(parsed.data);
}
