/**
 * Variant pickers against the Storefront API emulator as Shopify documents them (2026-04 schema
 * descriptions of Product.encodedVariantExistence / encodedVariantAvailability, adjacentVariants,
 * selectedOrFirstAvailableVariant): the emulator's encodings are decoded with hydrogen-react's
 * own `decodeEncodedVariant` back to the seed's variants, and hydrogen-react's `getProductOptions`
 * builds a picker whose exists / available flags and option links match the seed.
 *
 * The catalog is the test fixture plus one product with the schema's own example: options
 * Size × Color × Material and the eight variants of its example, two of them sold out.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeEncodedVariant, getProductOptions } from '@shopify/hydrogen-react';
import { FIXTURE_DIR, startHarness, type Harness } from '../support/storefront-harness';

const OPTIONS = [
  { name: 'Size', values: ['Small', 'Medium', 'Large'] },
  { name: 'Color', values: ['Red', 'Blue'] },
  { name: 'Material', values: ['Cotton', 'Wool'] },
];
// The schema's example combinations, in a shuffled seed order; [1,0,1] and [2,1,0] are sold out.
const COMBINATIONS = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 0, 1],
  [0, 1, 0],
  [1, 0, 1],
  [0, 1, 1],
  [2, 1, 0],
  [1, 0, 0],
];
const SOLD_OUT = new Set(['1,0,1', '2,1,0']);
const VARIANTS = COMBINATIONS.map((c, i) => ({
  id: 99101 + i,
  sku: `T-${c.join('')}`,
  options: Object.fromEntries(OPTIONS.map((o, k) => [o.name, o.values[c[k]]])),
  price: '10.00',
  quantityAvailable: SOLD_OUT.has(c.join(',')) ? 0 : 5,
}));
const namesOf = (c: number[]) => OPTIONS.map((o, k) => o.values[c[k]]);
const key = (names: string[]) => names.join(' / ');

type Variant = {
  id: string;
  title: string;
  availableForSale: boolean;
  selectedOptions: { name: string; value: string }[];
  product: { handle: string };
};
const VARIANT = 'id title availableForSale selectedOptions { name value } product { handle }';
const PICKER = `query P($h: String!, $selected: [SelectedOptionInput!]) {
  product(handle: $h) {
    handle encodedVariantExistence encodedVariantAvailability
    options { name optionValues { name firstSelectableVariant { ${VARIANT} } } }
    selectedOrFirstAvailableVariant(selectedOptions: $selected, ignoreUnknownOptions: true, caseInsensitiveMatch: true) { ${VARIANT} }
    adjacentVariants(selectedOptions: $selected, ignoreUnknownOptions: true, caseInsensitiveMatch: true) { ${VARIANT} }
  }
}`;
type PickerAnswer = {
  product: {
    handle: string;
    encodedVariantExistence: string;
    encodedVariantAvailability: string;
    options: { name: string; optionValues: { name: string; firstSelectableVariant: Variant | null }[] }[];
    selectedOrFirstAvailableVariant: Variant;
    adjacentVariants: Variant[];
  };
};

let sf: Harness;
let contentDir: string;
beforeAll(async () => {
  contentDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-variants-'));
  const catalog = JSON.parse(readFileSync(path.join(FIXTURE_DIR, 'catalog.json'), 'utf8')) as { products: unknown[] };
  catalog.products.push({
    id: 99100,
    handle: 'tee',
    title: 'Example Tee',
    vendor: 'Example',
    createdAt: '2026-01-01T00:00:00Z',
    options: OPTIONS,
    variants: VARIANTS,
  });
  writeFileSync(path.join(contentDir, 'catalog.json'), JSON.stringify(catalog));
  copyFileSync(path.join(FIXTURE_DIR, 'customers.json'), path.join(contentDir, 'customers.json'));
  sf = await startHarness({ contentDir });
});
afterAll(async () => {
  await sf.stop();
  rmSync(contentDir, { recursive: true, force: true });
});

async function picker(handle: string, selected?: { name: string; value: string }[]) {
  const res = await sf.gql<PickerAnswer>(PICKER, { h: handle, selected });
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.product;
}

describe('encodedVariantExistence / encodedVariantAvailability', () => {
  it('encode the schema’s documented example exactly', async () => {
    const product = await picker('tee');
    expect(product.encodedVariantExistence).toBe('v1_0:0:0,1:0-1,,1:0:0-1,1:1,,2:0:1,1:0,,');
  });

  it('decode with hydrogen-react back to the seed’s variants, and to the ones in stock', async () => {
    const product = await picker('tee');
    const decode = (encoded: string) =>
      decodeEncodedVariant(encoded)
        .map((c) => key(namesOf(c)))
        .sort();
    expect(decode(product.encodedVariantExistence)).toEqual(COMBINATIONS.map((c) => key(namesOf(c))).sort());
    expect(decode(product.encodedVariantAvailability)).toEqual(
      COMBINATIONS.filter((c) => !SOLD_OUT.has(c.join(',')))
        .map((c) => key(namesOf(c)))
        .sort(),
    );
  });

  it('decode for single-option fixture products, with gaps where sizes are sold out', async () => {
    const classic = await picker('classic-gramercy-bouquet');
    expect(decodeEncodedVariant(classic.encodedVariantExistence)).toEqual([[0], [1], [2]]);
    expect(decodeEncodedVariant(classic.encodedVariantAvailability)).toEqual([[0], [1]]);
    const peony = await picker('peony-cloud');
    expect(decodeEncodedVariant(peony.encodedVariantAvailability)).toEqual([]);
  });
});

describe('selectedOrFirstAvailableVariant and adjacentVariants', () => {
  it('without a selection: the first available variant and the variants one option away from it, by id', async () => {
    const product = await picker('tee');
    // The first seeded variant (Medium / Blue / Wool) is in stock, so it is the one.
    expect(product.selectedOrFirstAvailableVariant.title).toBe('Medium / Blue / Wool');
    const expected = COMBINATIONS.map((c, i) => ({ c, id: 99101 + i }))
      .filter(({ c }) => c.filter((v, k) => v !== [1, 1, 1][k]).length === 1)
      .map(({ id }) => `gid://shopify/ProductVariant/${id}`);
    expect(product.adjacentVariants.map((v) => v.id)).toEqual(expected);
  });

  it('with a selection: that variant, and the variants differing from the selection in one option', async () => {
    const selected = [
      { name: 'size', value: 'small' },
      { name: 'Color', value: 'Blue' },
      { name: 'Material', value: 'Cotton' },
      { name: 'Fit', value: 'Slim' },
    ];
    const product = await picker('tee', selected);
    expect(product.selectedOrFirstAvailableVariant.title).toBe('Small / Blue / Cotton');
    expect(product.adjacentVariants.map((v) => v.title).sort()).toEqual(['Large / Blue / Cotton', 'Small / Blue / Wool', 'Small / Red / Cotton']);
  });

  it('a selection naming only unknown options, or some of them, never lists the selected variant itself', async () => {
    const unknownOnly = await picker('tee', [{ name: 'utm_source', value: 'newsletter' }]);
    const none = await picker('tee');
    expect(unknownOnly.selectedOrFirstAvailableVariant.title).toBe('Medium / Blue / Wool');
    expect(unknownOnly.adjacentVariants.map((v) => v.id)).toEqual(none.adjacentVariants.map((v) => v.id));
    expect(unknownOnly.adjacentVariants.map((v) => v.id)).not.toContain(unknownOnly.selectedOrFirstAvailableVariant.id);
    const sizeOnly = await picker('tee', [{ name: 'Size', value: 'Small' }]);
    expect(sizeOnly.adjacentVariants.map((v) => v.id)).not.toContain(sizeOnly.selectedOrFirstAvailableVariant.id);
    expect(sizeOnly.adjacentVariants.length).toBeGreaterThan(0);
  });

  it('falls back to the first available variant for an impossible selection, and to the first variant when none is available', async () => {
    const product = await picker('tee', [
      { name: 'Size', value: 'Large' },
      { name: 'Color', value: 'Red' },
      { name: 'Material', value: 'Cotton' },
    ]);
    expect(product.selectedOrFirstAvailableVariant.title).toBe('Medium / Blue / Wool');
    const peony = await picker('peony-cloud');
    expect(peony.selectedOrFirstAvailableVariant.availableForSale).toBe(false);
  });
});

describe('hydrogen-react getProductOptions over the emulator', () => {
  it('marks exists / available like the seed and links each value to the right variant', async () => {
    const product = await picker('tee', [
      { name: 'Size', value: 'Small' },
      { name: 'Color', value: 'Blue' },
      { name: 'Material', value: 'Cotton' },
    ]);
    const options = getProductOptions(product);
    const exists = new Set(COMBINATIONS.map((c) => key(namesOf(c))));
    const inStock = new Set(COMBINATIONS.filter((c) => !SOLD_OUT.has(c.join(','))).map((c) => key(namesOf(c))));
    const selected = ['Small', 'Blue', 'Cotton'];
    for (const [k, option] of options.entries()) {
      for (const value of option.optionValues) {
        // getProductOptions checks the combination top-down: the selected values of the options before this one, then this value.
        const prefix = [...selected.slice(0, k), value.name];
        const some = (set: Set<string>) =>
          [...set].some(
            (v) =>
              v
                .split(' / ')
                .slice(0, k + 1)
                .join() === prefix.join(),
          );
        expect({ option: option.name, value: value.name, exists: value.exists, available: value.available }).toEqual({
          option: option.name,
          value: value.name,
          exists: some(exists),
          available: some(inStock),
        });
        const target = [...selected];
        target[k] = value.name;
        if (exists.has(key(target))) expect(value.variant?.title).toBe(key(target));
        expect(value.selected).toBe(selected[k] === value.name);
      }
    }
  });
});
