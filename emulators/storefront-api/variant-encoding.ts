/**
 * Shopify's option-value encodings and variant neighbourhoods (Product.encodedVariantExistence,
 * Product.encodedVariantAvailability, Product.adjacentVariants; field descriptions in the
 * 2026-04 schema). The reference decoder is hydrogen-react's `decodeEncodedVariant`.
 *
 * Encoding "v1_": each variant is the tuple of its option values' positions (option order, value
 * order of the product's options). The sorted tuples form a trie written depth-first: `i:` opens
 * value i of the next option, the last option's values are listed with `-` for runs of two or
 * more and ` ` between runs, and `,` closes each level below the root.
 * Example (schema): [[0,0,0],[0,1,0],[0,1,1],[1,0,0],[1,0,1],[1,1,1],[2,0,1],[2,1,0]]
 * → "v1_0:0:0,1:0-1,,1:0:0-1,1:1,,2:0:1,1:0,,".
 */
import type { ProductModel, VariantModel } from './catalog';

type Trie = Map<number, Trie>;

/** The positions of a variant's option values, e.g. [1, 0] for (Blush, 12) of Color × Stems. */
export function optionIndexes(product: ProductModel, variant: VariantModel): number[] {
  return product.options.map((o) => o.values.indexOf(variant.selectedOptions.find((s) => s.name === o.name)?.value ?? ''));
}

/** [0,1,2,4] → "0-2 4". */
function leafList(values: number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < values.length;) {
    let j = i;
    while (j + 1 < values.length && values[j + 1] === values[j] + 1) j++;
    runs.push(j > i ? `${values[i]}-${values[j]}` : String(values[i]));
    i = j + 1;
  }
  return runs.join(' ');
}

function encodeLevel(trie: Trie, depth: number, last: number): string {
  const keys = [...trie.keys()].sort((a, b) => a - b);
  if (depth === last) return leafList(keys);
  return keys.map((k) => `${k}:${encodeLevel(trie.get(k)!, depth + 1, last)},`).join('');
}

/** Encode option-value tuples (all the same length) as Shopify's "v1_" string; "" when there are none. */
export function encodeVariants(tuples: number[][]): string {
  if (!tuples.length) return '';
  const root: Trie = new Map();
  for (const tuple of tuples) {
    let node = root;
    for (const index of tuple) {
      if (!node.has(index)) node.set(index, new Map());
      node = node.get(index)!;
    }
  }
  return `v1_${encodeLevel(root, 0, tuples[0].length - 1)}`;
}

/**
 * Variants whose option values differ from `target` (positions as from `optionIndexes`, -1 for
 * an option not selected) in exactly one option, ordered by variant id.
 */
export function adjacentVariants(product: ProductModel, target: number[]): VariantModel[] {
  return product.variants
    .filter((v) => optionIndexes(product, v).filter((index, i) => index !== target[i]).length === 1)
    .sort((a, b) => a.numericId - b.numericId);
}
