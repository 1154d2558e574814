/** Smoke test over the real seed (content/catalog.json, content/customers.json and content/images). */
import path from 'node:path';
import sharp from 'sharp';
import { listOrders } from '../../emulators/storefront-api';
import { startHarness, type Harness } from '../support/storefront-harness';

const CONTENT_DIR = path.resolve(__dirname, '../../content');

type SeedProduct = {
  handle: string;
  featuredImage: { url: string } | null;
  variants: { nodes: { id: string; price: { amount: string }; selectedOptions: { name: string; value: string }[] }[] };
};

let sf: Harness;
beforeAll(async () => {
  sf = await startHarness({ contentDir: CONTENT_DIR });
});
afterAll(() => sf.stop());

describe('storefront API emulator over the seeded catalog', () => {
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

describe('seeded customers (content/customers.json, passwords documented in emulators/storefront-api/README.md)', () => {
  type SeededCustomer = {
    customer: {
      displayName: string;
      numberOfOrders: string;
      defaultAddress: { formatted: string[] } | null;
      orders: {
        nodes: {
          name: string;
          processedAt: string;
          totalPrice: { amount: string };
          lineItems: { nodes: { title: string; variant: { id: string } | null }[] };
        }[];
      };
    } | null;
  };
  const ACCOUNTS = [
    { email: 'ada@example.com', password: 'flowers-ada-1815', name: 'Ada Lovelace', orders: ['#1001', '#1003'] },
    { email: 'grace@example.com', password: 'flowers-grace-1906', name: 'Grace Hopper', orders: ['#1002', '#1004'] },
  ];

  async function seeded(email: string, password: string) {
    const created = await sf.gql<{ customerAccessTokenCreate: { customerAccessToken: { accessToken: string } | null } }>(
      `mutation($input: CustomerAccessTokenCreateInput!) { customerAccessTokenCreate(input: $input) { customerAccessToken { accessToken } } }`,
      { input: { email, password } },
    );
    const token = created.body.data!.customerAccessTokenCreate.customerAccessToken!.accessToken;
    const { body } = await sf.gql<SeededCustomer>(
      `query($t: String!) { customer(customerAccessToken: $t) { displayName numberOfOrders defaultAddress { formatted }
        orders(first: 250, sortKey: PROCESSED_AT) { nodes { name processedAt totalPrice { amount } lineItems(first: 250) { nodes { title variant { id } } } } } } }`,
      { t: token },
    );
    return body.data!.customer!;
  }

  it('signs in both seeded customers, with New York addresses and two past 2026 orders each', async () => {
    for (const account of ACCOUNTS) {
      const customer = await seeded(account.email, account.password);
      expect(customer.displayName).toBe(account.name);
      expect(customer.numberOfOrders).toBe('2');
      expect(customer.defaultAddress?.formatted.join(', ')).toMatch(/New York NY 100\d\d, United States$/);
      expect(customer.orders.nodes.map((o) => o.name)).toEqual(account.orders);
      for (const order of customer.orders.nodes) {
        expect(order.processedAt.startsWith('2026-')).toBe(true);
        expect(Date.parse(order.processedAt)).toBeLessThan(Date.parse('2026-11-24T00:00:00Z'));
        expect(Number(order.totalPrice.amount)).toBeGreaterThan(0);
        // Every line is a real catalog variant.
        for (const line of order.lineItems.nodes)
          expect([line.title, line.variant]).toEqual([line.title, { id: expect.stringMatching(/ProductVariant/) }]);
      }
    }
  });

  it('leaves today’s stock alone (Coral Charm Tulips: 2 left, although Ada bought 2 in September)', async () => {
    const { body } = await sf.gql<{ product: { variants: { nodes: { quantityAvailable: number }[] } } }>(
      `{ product(handle: "coral-charm-tulips") { variants(first: 1) { nodes { quantityAvailable } } } }`,
    );
    expect(body.data!.product.variants.nodes[0].quantityAvailable).toBe(2);
  });

  it('keeps the seeded data dir across a restart without seeding it again', async () => {
    await sf.stop(true);
    const before = listOrders(sf.dataDir).map((o) => o.name);
    expect(before).toEqual(['#1001', '#1002', '#1003', '#1004']);
    sf = await startHarness({ contentDir: CONTENT_DIR, dataDir: sf.dataDir });
    expect((await seeded(ACCOUNTS[0].email, ACCOUNTS[0].password)).numberOfOrders).toBe('2');
    await sf.stop(true);
    expect(listOrders(sf.dataDir).map((o) => o.name)).toEqual(before);
    sf = await startHarness({ contentDir: CONTENT_DIR, dataDir: sf.dataDir });
  });
});
