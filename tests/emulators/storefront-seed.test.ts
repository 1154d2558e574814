/** Smoke test over the real seed (content/catalogue.json and content/images). */
import path from 'node:path';
import sharp from 'sharp';
import { startHarness, type Harness } from '../fixtures/storefront/harness';

type SeedProduct = {
  handle: string;
  featuredImage: { url: string } | null;
  variants: { nodes: { id: string; price: { amount: string }; selectedOptions: { name: string; value: string }[] }[] };
};

let sf: Harness;
beforeAll(async () => {
  sf = await startHarness({ contentDir: path.resolve(__dirname, '../../content') });
});
afterAll(() => sf.stop());

describe('storefront API emulator over the seeded catalogue', () => {
  it('serves every product with a fetchable image and adds a Classic bouquet to a cart', async () => {
    const { body } = await sf.gql<{
      products: { nodes: SeedProduct[] };
    }>(`{ products(first: 250) { nodes { handle featuredImage { url(transform: { maxWidth: 64 }) }
      variants(first: 10) { nodes { id price { amount } selectedOptions { name value } } } } } }`);
    expect(body.errors).toBeUndefined();
    const products = body.data!.products.nodes;
    expect(products.map((p) => p.handle)).toEqual(
      expect.arrayContaining(['classic-gramercy-bouquet', 'bodega-bunch', 'weekly-flower-subscription', 'peony-cloud']),
    );
    for (const p of products.filter((x) => x.featuredImage)) {
      const res = await fetch(p.featuredImage!.url);
      expect([p.handle, res.status]).toEqual([p.handle, 200]);
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBeLessThanOrEqual(64);
    }
    const classic = products
      .find((p) => p.handle === 'classic-gramercy-bouquet')!
      .variants.nodes.find((v) => v.selectedOptions.some((o) => o.name === 'Size' && o.value === 'Classic'))!;
    const created = await sf.gql<{ cartCreate: unknown }>(`mutation { cartCreate(input: { lines: [{ merchandiseId: "${classic.id}" }] }) {
      cart { totalQuantity cost { totalAmount { amount } } } userErrors { message } } }`);
    expect(created.body.data!.cartCreate).toEqual({
      cart: { totalQuantity: 1, cost: { totalAmount: { amount: classic.price.amount } } },
      userErrors: [],
    });
  });
});
