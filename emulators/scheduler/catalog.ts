/**
 * Product tags for the scheduler's tag lead times, read from the seed catalog
 * (`{contentDir}/catalog.json`, format in content/FORMAT.md: `products[]` with numeric `id`
 * and `tags`). The real Zapiet knows product date restrictions from the shop; the emulator
 * takes them from the same seed the Storefront API emulator serves.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** Product id → tags. A missing catalog gives an empty map (no tag lead times apply). */
export async function loadProductTags(contentDir: string): Promise<Map<number, string[]>> {
  let text: string;
  try {
    text = await readFile(path.join(contentDir, 'catalog.json'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw error;
  }
  const { products = [] } = JSON.parse(text) as { products?: { id: number; tags?: string[] }[] };
  return new Map(products.map((product) => [product.id, product.tags ?? []]));
}
