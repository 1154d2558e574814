/**
 * Deterministic generator of the seeded dataset: writes `catalog.json`, `online-store.json`,
 * `delivery.json`, `checkout.json`, `dataset.ndjson` and `images/*.svg` (see content/FORMAT.md).
 * Same bytes on every run.
 *
 *   npx tsx content/scripts/generate.ts [outDir]     (default: the content/ folder)
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { renderArtwork } from './artwork';
import { buildCatalog, type ImageJob } from './catalog';
import { CHECKOUT } from './data/checkout';
import { COLLECTIONS, SHOP } from './data/collections';
import { DELIVERY } from './data/delivery';
import { ONLINE_STORE } from './data/online-store';
import { PRODUCTS } from './data/products';
import { buildDataset } from './dataset';

/** Generate everything into `outDir`; stale SVGs there are removed. */
export async function generate(outDir: string): Promise<void> {
  const imagesDir = join(outDir, 'images');
  mkdirSync(imagesDir, { recursive: true });
  for (const file of readdirSync(imagesDir)) if (file.endsWith('.svg')) rmSync(join(imagesDir, file));

  const { catalog, jobs } = buildCatalog(SHOP, PRODUCTS, COLLECTIONS);
  const svgs = new Map<string, string>();
  const draw = (job: ImageJob) => {
    if (svgs.has(job.file)) throw new Error(`Duplicate image file ${job.file}`);
    svgs.set(job.file, renderArtwork(job.art));
  };
  jobs.forEach(draw);
  const documents = await buildDataset(catalog, svgs, draw);
  for (const [file, svg] of svgs) writeFileSync(join(imagesDir, `${file}.svg`), svg);
  writeFileSync(join(outDir, 'catalog.json'), `${JSON.stringify(catalog, null, 2)}\n`);
  writeFileSync(join(outDir, 'online-store.json'), `${JSON.stringify(ONLINE_STORE, null, 2)}\n`);
  writeFileSync(join(outDir, 'delivery.json'), `${JSON.stringify(DELIVERY, null, 2)}\n`);
  writeFileSync(join(outDir, 'checkout.json'), `${JSON.stringify(CHECKOUT, null, 2)}\n`);
  writeFileSync(join(outDir, 'dataset.ndjson'), documents.map((d) => JSON.stringify(d)).join('\n') + '\n');
}

if (require.main === module) {
  const outDir = resolve(process.argv[2] ?? join(__dirname, '..'));
  generate(outDir).then(
    () => console.log(`Generated dataset in ${outDir}`),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
