import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startHarness, TOKEN, type Harness } from '../support/storefront-harness';

/** A connection's `nodes`, as the queries below select them. */
type Nodes<T> = { nodes: T[] };
type ProductsPage = {
  products: {
    edges: { cursor: string; node: { handle: string } }[];
    pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  };
};

let sf: Harness;
beforeAll(async () => {
  sf = await startHarness();
});
afterAll(() => sf.stop());

describe('storefront API emulator: transport', () => {
  it('ships a byte-identical copy of hydrogen-react’s Storefront 2026-04 schema', () => {
    const root = path.resolve(__dirname, '../..');
    const copy = readFileSync(path.join(root, 'emulators/storefront-api/storefront.schema.json'));
    const original = readFileSync(path.join(root, 'node_modules/@shopify/hydrogen-react/storefront.schema.json'));
    expect(copy.equals(original)).toBe(true);
  });

  it('answers 401 with Shopify’s JSON error when the token is missing or wrong', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { 'X-Shopify-Storefront-Access-Token': 'nope' },
      { 'Shopify-Storefront-Private-Token': 'nope' },
    ]) {
      const res = await sf.gql('{ shop { name } }', undefined, headers);
      expect(res.status).toBe(401);
      expect(res.body.errors?.[0]).toMatchObject({ extensions: { code: 'UNAUTHORIZED' } });
      expect(res.body.data).toBeUndefined();
    }
  });

  it('accepts the private token header', async () => {
    const res = await sf.gql<{ shop: { name: string } }>('{ shop { name } }', undefined, {
      'Shopify-Storefront-Private-Token': 'local-private-token',
    });
    expect(res.status).toBe(200);
    expect(res.body.data!.shop.name).toBe('Gramercy Stems (fixture)');
  });

  it('answers syntax errors and unknown fields with 200 and graphql-js errors', async () => {
    const syntax = await sf.gql('{ shop { name ');
    expect(syntax.status).toBe(200);
    expect(syntax.body.errors?.[0].message).toMatch(/^Syntax Error/);
    const unknown = await sf.gql('{ shop { nmae } }');
    expect(unknown.status).toBe(200);
    expect(unknown.body.errors?.[0].message).toBe('Cannot query field "nmae" on type "Shop". Did you mean "name"?');
    const badVariable = await sf.gql('query P($h: String!) { product(handle: $h) { id } }', { h: 5 });
    expect(badVariable.body.errors?.[0].message).toMatch(/Variable "\$h" got invalid value 5/);
  });

  it("fault switch: 5xx or 429 in Shopify's shape for the next requests (nothing written), then answers again", async () => {
    const fault = (body: unknown) =>
      fetch(`${sf.emulator.url}/__emulator/faults`, {
        method: 'POST',
        headers: { 'x-emulator-token': sf.emulator.debugToken },
        body: JSON.stringify(body),
      });
    const carts = async () =>
      (
        (await (await fetch(`${sf.emulator.url}/__emulator/carts`, { headers: { 'x-emulator-token': sf.emulator.debugToken } })).json()) as {
          count: number;
        }
      ).count;
    const before = await carts();
    expect((await fault({ mode: 'error', status: 502, count: 1 })).status).toBe(200);
    const failed = await sf.gql('mutation { cartCreate(input: {}) { cart { id } } }');
    expect(failed.status).toBe(502);
    expect(failed.body.errors?.[0]).toMatchObject({ extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(await carts()).toBe(before);
    // The count ran out: answered again.
    expect((await sf.gql('{ shop { name } }')).status).toBe(200);

    await fault({ mode: 'rate-limit', retryAfterSeconds: 7 });
    const throttled = await fetch(`${sf.emulator.url}/api/2026-04/graphql.json`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Shopify-Storefront-Access-Token': TOKEN },
      body: JSON.stringify({ query: '{ shop { name } }' }),
    });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('7');
    expect(
      await (await fetch(`${sf.emulator.url}/__emulator/faults`, { headers: { 'x-emulator-token': sf.emulator.debugToken } })).json(),
    ).toMatchObject({
      mode: 'rate-limit',
      remaining: null,
    });
    expect((await fault({ mode: 'sometimes' })).status).toBe(400);
    await fault({ mode: 'none' });
    expect((await sf.gql('{ shop { name } }')).status).toBe(200);
  });

  it('rejects malformed JSON with 400 and unknown API versions with 404', async () => {
    const bad = await fetch(`${sf.emulator.url}/api/2026-04/graphql.json`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Shopify-Storefront-Access-Token': '6a7e1f0c2b9d4e83a5f6071829ab3cde' },
      body: '{',
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].message).toMatch(/Invalid JSON/);
    const version = await fetch(`${sf.emulator.url}/api/v1/graphql.json`, {
      method: 'POST',
      headers: { 'X-Shopify-Storefront-Access-Token': '6a7e1f0c2b9d4e83a5f6071829ab3cde' },
    });
    expect(version.status).toBe(404);
  });
});

describe('storefront API emulator: catalog', () => {
  it('serves the shop', async () => {
    const { body } = await sf.gql<{ shop: unknown }>('{ shop { id name description moneyFormat primaryDomain { host url sslEnabled } } }');
    expect(body.data!.shop).toEqual({
      id: 'gid://shopify/Shop/1',
      name: 'Gramercy Stems (fixture)',
      description: 'A test florist.',
      moneyFormat: '${{amount}}',
      primaryDomain: { host: 'www.gramercystems.com', url: 'https://www.gramercystems.com', sslEnabled: true },
    });
  });

  it('answers paymentSettings at the root as on the shop, and the API versions it serves', async () => {
    const settings =
      'paymentSettings { countryCode currencyCode acceptedCardBrands supportedDigitalWallets enabledPresentmentCurrencies shopifyPaymentsAccountId }';
    const { body } = await sf.gql<{ paymentSettings: unknown; shop: { paymentSettings: unknown }; publicApiVersions: unknown }>(
      `{ ${settings} shop { ${settings} } publicApiVersions { handle displayName supported } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data!.paymentSettings).toEqual({
      countryCode: 'US',
      currencyCode: 'USD',
      acceptedCardBrands: ['VISA', 'MASTERCARD', 'AMERICAN_EXPRESS'],
      supportedDigitalWallets: [],
      enabledPresentmentCurrencies: ['USD'],
      shopifyPaymentsAccountId: null,
    });
    expect(body.data!.shop.paymentSettings).toEqual(body.data!.paymentSettings);
    expect(body.data!.publicApiVersions).toEqual([
      { handle: '2026-04', displayName: '2026-04 (Latest)', supported: true },
      { handle: 'unstable', displayName: 'unstable', supported: false },
    ]);
  });

  it('pages products with opaque cursors and pageInfo, forwards and backwards', async () => {
    const q = `query P($first: Int, $after: String, $last: Int, $before: String) {
      products(first: $first, after: $after, last: $last, before: $before) {
        edges { cursor node { handle } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`;
    const page1 = (await sf.gql<ProductsPage>(q, { first: 3 })).body.data!.products;
    expect(page1.edges.map((e) => e.node.handle)).toEqual(['classic-gramercy-bouquet', 'bodega-bunch', 'peony-cloud']);
    expect(page1.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const page2 = (await sf.gql<ProductsPage>(q, { first: 3, after: page1.pageInfo.endCursor })).body.data!.products;
    expect(page2.edges.map((e) => e.node.handle)).toEqual(['weekly-flower-subscription']);
    expect(page2.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const back = (await sf.gql<ProductsPage>(q, { last: 2, before: page2.pageInfo.startCursor })).body.data!.products;
    expect(back.edges.map((e) => e.node.handle)).toEqual(['bodega-bunch', 'peony-cloud']);
    expect(back.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
  });

  it('enforces Shopify’s pagination rules', async () => {
    const over = await sf.gql('{ products(first: 251) { nodes { id } } }');
    expect(over.body.errors?.[0].message).toMatch(/first.*250/);
    const none = await sf.gql('{ products { nodes { id } } }');
    expect(none.body.errors?.[0].message).toBe('you must provide one of first or last');
    const badCursor = await sf.gql('{ products(first: 1, after: "bogus") { nodes { id } } }');
    expect(badCursor.body.errors?.[0].message).toMatch(/Invalid cursor/);
  });

  it('filters and sorts products', async () => {
    const { body } = await sf.gql<{ tagged: Nodes<{ handle: string }>; cheapest: Nodes<{ handle: string }>; words: Nodes<{ handle: string }> }>(`{
      tagged: products(first: 10, query: "tag:bouquet available_for_sale:true") { nodes { handle } }
      cheapest: products(first: 1, sortKey: PRICE) { nodes { handle } }
      words: products(first: 10, query: "subscription") { nodes { handle } } }`);
    expect(body.data!.tagged.nodes.map((n) => n.handle)).toEqual(['classic-gramercy-bouquet', 'bodega-bunch']);
    expect(body.data!.cheapest.nodes[0].handle).toBe('bodega-bunch');
    expect(body.data!.words.nodes.map((n) => n.handle)).toEqual(['weekly-flower-subscription']);
  });

  it('resolves product(handle:) with options, variants, images, media and Decimal prices', async () => {
    const { body } = await sf.gql<{ product: { images: Nodes<{ url: string }>; variants: Nodes<unknown> } }>(
      `query P($handle: String!) @inContext(country: US, language: EN) {
      product(handle: $handle) {
        id title handle description descriptionHtml tags productType vendor availableForSale totalInventory createdAt
        options { name values optionValues { name firstSelectableVariant { sku } } }
        featuredImage { url altText width height }
        images(first: 10) { nodes { url(transform: { maxWidth: 400, maxHeight: 300, crop: CENTER, preferredContentType: WEBP }) } }
        media(first: 10) { nodes { __typename mediaContentType ... on MediaImage { image { altText } } } }
        priceRange { minVariantPrice { amount currencyCode } maxVariantPrice { amount } }
        compareAtPriceRange { maxVariantPrice { amount } }
        variants(first: 250) { nodes { id sku title availableForSale quantityAvailable currentlyNotInStock
          selectedOptions { name value } price { amount currencyCode } compareAtPrice { amount } image { altText } product { handle } } }
        variantBySelectedOptions(selectedOptions: [{ name: "Size", value: "Classic" }]) { sku }
        collections(first: 1) { nodes { handle title } }
      } }`,
      { handle: 'classic-gramercy-bouquet' },
    );
    expect(body.errors).toBeUndefined();
    const p = body.data!.product;
    expect(p).toMatchObject({
      id: 'gid://shopify/Product/8001',
      title: 'Classic Gramercy Bouquet',
      description: 'Garden roses & ranunculus. Hand-tied.',
      tags: ['bouquet', 'local-delivery-only'],
      productType: 'Bouquet',
      vendor: 'Gramercy Stems',
      availableForSale: true,
      totalInventory: 15,
      createdAt: '2026-03-02T14:00:00Z',
      options: [
        {
          name: 'Size',
          values: ['Petite', 'Classic', 'Grand'],
          optionValues: [
            { name: 'Petite', firstSelectableVariant: { sku: 'CGB-P' } },
            { name: 'Classic', firstSelectableVariant: { sku: 'CGB-C' } },
            { name: 'Grand', firstSelectableVariant: { sku: 'CGB-G' } },
          ],
        },
      ],
      featuredImage: { url: `${sf.emulator.url}/cdn/shop/files/classic-1.jpg?v=1`, altText: 'Classic bouquet, front', width: 800, height: 1000 },
      media: { nodes: [{ __typename: 'MediaImage', mediaContentType: 'IMAGE', image: { altText: 'Classic bouquet, front' } }, expect.anything()] },
      priceRange: { minVariantPrice: { amount: '65.0', currencyCode: 'USD' }, maxVariantPrice: { amount: '125.5' } },
      compareAtPriceRange: { maxVariantPrice: { amount: '140.0' } },
      variantBySelectedOptions: { sku: 'CGB-C' },
      collections: { nodes: [{ handle: 'bouquets', title: 'Bouquets' }] },
    });
    expect(p.images.nodes[0].url).toBe(`${sf.emulator.url}/cdn/shop/files/classic-1.jpg?v=1&width=400&height=300&crop=center&format=webp`);
    expect(p.variants.nodes[2]).toEqual({
      id: 'gid://shopify/ProductVariant/9003',
      sku: 'CGB-G',
      title: 'Grand',
      availableForSale: false,
      quantityAvailable: 0,
      currentlyNotInStock: false,
      selectedOptions: [{ name: 'Size', value: 'Grand' }],
      price: { amount: '125.5', currencyCode: 'USD' },
      compareAtPrice: { amount: '140.0' },
      image: { altText: 'Classic bouquet, detail' },
      product: { handle: 'classic-gramercy-bouquet' },
    });
  });

  it('serves selling plan groups, the deprecated productByHandle and unknown handles as null', async () => {
    const { body } = await sf.gql<{
      productByHandle: { sellingPlanGroups: Nodes<{ sellingPlans: Nodes<unknown> }>; variants: Nodes<{ sellingPlanAllocations: Nodes<unknown> }> };
      missing: unknown;
    }>(`{
      productByHandle(handle: "weekly-flower-subscription") {
        sellingPlanGroups(first: 10) { nodes { name options { name values } sellingPlans(first: 10) { nodes {
          id name description recurringDeliveries options { name value }
          priceAdjustments { adjustmentValue { __typename ... on SellingPlanPercentagePriceAdjustment { adjustmentPercentage } } } } } } }
        variants(first: 1) { nodes { sellingPlanAllocations(first: 5) { nodes { sellingPlan { name } priceAdjustments { price { amount } compareAtPrice { amount } } } } } }
      }
      missing: product(handle: "no-such-thing") { id } }`);
    expect(body.errors).toBeUndefined();
    const group = body.data!.productByHandle.sellingPlanGroups.nodes[0];
    expect(group).toMatchObject({ name: 'Flower subscription', options: [{ name: 'Deliver every', values: ['Week', '2 Weeks'] }] });
    expect(group.sellingPlans.nodes[0]).toEqual({
      id: 'gid://shopify/SellingPlan/7001',
      name: 'Delivered weekly',
      description: 'A fresh bouquet every week.',
      recurringDeliveries: true,
      options: [{ name: 'Deliver every', value: 'Week' }],
      priceAdjustments: [{ adjustmentValue: { __typename: 'SellingPlanPercentagePriceAdjustment', adjustmentPercentage: 10 } }],
    });
    expect(body.data!.productByHandle.variants.nodes[0].sellingPlanAllocations.nodes[0]).toEqual({
      sellingPlan: { name: 'Delivered weekly' },
      priceAdjustments: [{ price: { amount: '54.0' }, compareAtPrice: { amount: '60.0' } }],
    });
    expect(body.data!.missing).toBeNull();
  });

  it('serves collections, their products, recommendations and node lookups', async () => {
    const { body } = await sf.gql<{
      collection: unknown;
      collections: Nodes<{ handle: string }>;
      productRecommendations: unknown;
      node: unknown;
      nodes: unknown;
    }>(`{
      collection(handle: "bouquets") { id title description image { url } products(first: 2, sortKey: TITLE) { nodes { handle } } }
      collections(first: 10) { nodes { handle } }
      productRecommendations(productId: "gid://shopify/Product/8002", intent: RELATED) { handle availableForSale }
      node(id: "gid://shopify/ProductVariant/9101") { __typename ... on ProductVariant { sku } }
      nodes(ids: ["gid://shopify/Collection/4002", "gid://shopify/Product/1"]) { id } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data!.collection).toMatchObject({
      id: 'gid://shopify/Collection/4001',
      title: 'Bouquets',
      description: 'Hand-tied bouquets.',
      products: { nodes: [{ handle: 'bodega-bunch' }, { handle: 'classic-gramercy-bouquet' }] },
    });
    expect(body.data!.collections.nodes.map((n) => n.handle)).toEqual(['bouquets', 'subscriptions']);
    expect(body.data!.productRecommendations).toEqual([
      { handle: 'classic-gramercy-bouquet', availableForSale: true },
      { handle: 'peony-cloud', availableForSale: false },
    ]);
    expect(body.data!.node).toEqual({ __typename: 'ProductVariant', sku: 'BB' });
    expect(body.data!.nodes).toEqual([{ id: 'gid://shopify/Collection/4002' }, null]);
  });
});
