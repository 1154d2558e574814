/**
 * Builds the Sanity documents of `dataset.ndjson` (see content/FORMAT.md): a product card per
 * catalog product (and a private password document per protected card) and a collection
 * document per catalog collection (so the two sources always agree), the site settings, pages and editorial from `data/`, and the image assets
 * they reference. Documents are sorted by `_id` for stable output.
 */
import { AssetRegistry, CREATED_AT, type SanityImage } from './assets';
import { imageFor, type ArtSpec, type ImageJob } from './catalog';
import { CARD_OVERRIDES, CARD_PASSWORDS } from './data/cards';
import { editorialDocuments } from './data/editorial';
import { redirectDocuments } from './data/redirects';
import { siteDocuments } from './data/site';
import { portableText, type Block } from './portable-text';
import { stableKey } from './keys';

type Catalog = {
  products: { handle: string; title: string; images: { file: string; altText: string }[] }[];
  collections: { handle: string; title: string; descriptionHtml: string; image: { file: string; altText: string }; products: string[] }[];
};

type SystemFields = { _id: string; _type: string; _createdAt: string; _updatedAt: string; _rev: string };
type Framing = Pick<SanityImage, 'crop' | 'hotspot'>;
export type Reference = { _type: 'reference'; _ref: string; _key?: string };
export type Link = { _type: 'link'; _key: string; title: string; isExternal: boolean; url?: string; page?: Reference };

/** Helpers handed to the data modules, so they stay plain data. */
export type DatasetContext = {
  /** System fields (`_id`, `_type`, timestamps, `_rev`); `updatedAt` defaults to the seed date. */
  system(id: string, type: string, updatedAt?: string): SystemFields;
  /** An image field for existing artwork (a product or collection image file). */
  image(file: string, alt: string, framing?: Framing): SanityImage;
  /** Draw new artwork named `file` and return its image field. */
  art(file: string, alt: string, spec: ArtSpec, size: { width: number; height: number }, framing?: Framing): SanityImage;
  /** Portable Text from the markup of portable-text.ts. */
  text(scope: string, paragraphs: string[]): Block[];
  ref(id: string, key?: string): Reference;
  /** A menu link: `target` is an absolute or root-relative url, or a document id. */
  link(title: string, target: string): Link;
  slug(current: string): { _type: 'slug'; current: string };
};

/** Every document of the dataset; `draw` renders extra (editorial) artwork into `svgs`. */
export async function buildDataset(catalog: Catalog, svgs: Map<string, string>, draw: (job: ImageJob) => void): Promise<object[]> {
  const assets = new AssetRegistry(svgs);
  const ctx: DatasetContext = {
    system: (id, type, updatedAt = CREATED_AT) => ({
      _id: id,
      _type: type,
      _createdAt: CREATED_AT,
      _updatedAt: updatedAt,
      _rev: `r${stableKey(`${id}@${updatedAt}`)}`,
    }),
    image: (file, alt, framing) => assets.image(file, alt, framing),
    art: (file, alt, spec, size, framing) => {
      if (!svgs.has(file)) draw(imageFor(file, { alt, art: spec }, size).job);
      return assets.image(file, alt, framing);
    },
    text: (scope, paragraphs) => portableText(scope, paragraphs, (file, alt) => assets.image(file, alt)),
    ref: (id, key) => ({ _type: 'reference', _ref: id, ...(key ? { _key: key } : {}) }),
    link: (title, target) => {
      const base = { _type: 'link' as const, _key: stableKey(`link/${title}/${target}`), title };
      if (/^https?:\/\//.test(target)) return { ...base, isExternal: true, url: target };
      if (target.startsWith('/')) return { ...base, isExternal: false, url: target };
      return { ...base, isExternal: false, page: ctx.ref(target) };
    },
    slug: (current) => ({ _type: 'slug', current }),
  };

  const cards = catalog.products.map((p) => {
    const [first, second = first] = p.images;
    const { accordionItems = [], ...override } = CARD_OVERRIDES[p.handle] ?? {};
    return {
      ...ctx.system(`productCard-${p.handle}`, 'productCard'),
      slug: ctx.slug(p.handle),
      title: p.title,
      status: 'active',
      thumbnailImage: ctx.image(first.file, first.altText, { hotspot: { x: 0.5, y: 0.4, width: 0.8, height: 0.7 } }),
      hoverImage: ctx.image(second.file, second.altText),
      isSoldOut: false,
      customSoldOutText: null,
      disableProductInteraction: false,
      ...override,
      accordionItems: accordionItems.map((item) => ({
        _key: stableKey(`${p.handle}/${item.key}`),
        title: item.title,
        key: item.key,
        text: ctx.text(`${p.handle}/${item.key}`, item.text),
      })),
    };
  });
  // Private (an id with a path): anonymous queries of a public dataset never see a password.
  const cardPasswords = Object.entries(CARD_PASSWORDS).map(([handle, password]) => ({
    ...ctx.system(`secrets.productCardPassword.${handle}`, 'productCardPassword'),
    card: ctx.ref(`productCard-${handle}`),
    password,
  }));
  const collections = catalog.collections.map((c) => ({
    ...ctx.system(`collection-${c.handle}`, 'collection'),
    slug: ctx.slug(c.handle),
    title: c.title,
    description: ctx.text(`collection-${c.handle}`, [c.descriptionHtml.replace(/<[^>]+>/g, '')]),
    heroImage: ctx.image(c.image.file, c.image.altText, {
      crop: { top: 0.05, bottom: 0.05, left: 0, right: 0 },
      hotspot: { x: 0.5, y: 0.5, width: 0.6, height: 0.6 },
    }),
    products: c.products.map((handle) => ctx.ref(`productCard-${handle}`, stableKey(`${c.handle}/${handle}`))),
    seo: { title: c.title, description: c.descriptionHtml.replace(/<[^>]+>/g, '') },
  }));

  const documents = [...cards, ...cardPasswords, ...collections, ...siteDocuments(ctx), ...editorialDocuments(ctx), ...redirectDocuments(ctx)];
  const all = [...documents, ...(await assets.documents())] as { _id: string }[];
  return all.sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
}
