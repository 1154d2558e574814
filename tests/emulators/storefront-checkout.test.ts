import { listOrders, type StoredOrder } from '../../emulators/storefront-api';
import { postForm as post, startHarness, type Harness } from '../support/storefront-harness';

/** The fixture's customers.json seeds four past orders; checkouts continue after them. */
const SEEDED_ORDERS = ['#1001', '#1002', '#1003', '#1004'];

let sf: Harness;
beforeEach(async () => {
  sf = await startHarness({ shopUrl: 'http://shop.test' });
});
afterEach(() => sf.stop());

async function cartWith(attributes: { key: string; value: string }[], note?: string) {
  const { body } = await sf.gql<{ cartCreate: { cart: { id: string; checkoutUrl: string }; userErrors: { message: string }[] } }>(
    `mutation C($input: CartInput) { cartCreate(input: $input) { cart { id checkoutUrl } userErrors { message } } }`,
    {
      input: {
        note,
        attributes,
        lines: [
          { merchandiseId: 'gid://shopify/ProductVariant/9002', quantity: 2 },
          { merchandiseId: 'gid://shopify/ProductVariant/9301', quantity: 1, sellingPlanId: 'gid://shopify/SellingPlan/7001' },
        ],
      },
    },
  );
  expect(body.data!.cartCreate.userErrors).toEqual([]);
  return body.data!.cartCreate.cart;
}

const ADDRESS = {
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  address1: '12 E 20th St',
  address2: 'Apt 3',
  city: 'New York',
  province: 'NY',
  zip: '10003',
};

describe('checkout stand-in', () => {
  it('shows lines, attributes and totals, without scripts', async () => {
    const cart = await cartWith([
      { key: 'Checkout-Method', value: 'delivery' },
      { key: 'Delivery-Date', value: '2026-05-08' },
      { key: 'Order is a gift?', value: 'Yes' },
      { key: 'Order Message', value: 'Happy <birthday>' },
      { key: 'Receiver Email', value: 'grace@example.com' },
      { key: 'Contains-Subscription', value: 'true' },
    ]);
    const res = await fetch(cart.checkoutUrl);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).not.toMatch(/<script/i);
    for (const text of [
      'Classic Gramercy Bouquet',
      'Classic',
      'Weekly Flower Subscription',
      'Subscription: Delivered weekly',
      '$170.00 USD',
      '$54.00 USD',
      '$224.00 USD',
      'Delivery-Date',
      '2026-05-08',
      'Order is a gift?',
      'Happy &lt;birthday&gt;',
      'grace@example.com',
      'Contains-Subscription',
      'Delivery address',
      '<label for="zip">ZIP code</label>',
    ]) {
      expect(page).toContain(text);
    }
  });

  it('re-renders the form with messages (400) when fields are missing or invalid', async () => {
    const cart = await cartWith([{ key: 'Checkout-Method', value: 'shipping' }]);
    const res = await post(cart.checkoutUrl, { email: 'not-an-email', name: '', address1: '9 Main St', city: '', province: 'NY', zip: '123' });
    expect(res.status).toBe(400);
    const page = await res.text();
    for (const text of [
      'role="alert"',
      'Enter a valid email',
      'Enter your name',
      'Enter a city',
      'Enter a valid ZIP code',
      'value="9 Main St"',
      'aria-describedby="zip-error"',
      'Shipping address',
    ]) {
      expect(page).toContain(text);
    }
    expect(listOrders(sf.dataDir).map((o) => o.name)).toEqual(SEEDED_ORDERS);
  });

  it('places an order: completes the cart, stores the order, decrements stock, confirms', async () => {
    const cart = await cartWith(
      [
        { key: 'Checkout-Method', value: 'delivery' },
        { key: 'Delivery-Date', value: '2026-05-08' },
      ],
      'Leave with doorman',
    );
    const res = await post(cart.checkoutUrl, ADDRESS);
    expect(res.status).toBe(303);
    const confirmation = await fetch(new URL(res.headers.get('location')!, sf.emulator.url));
    const page = await confirmation.text();
    for (const text of [
      'Thank you, Ada Lovelace!',
      '#1005',
      'Local delivery on 2026-05-08',
      'Classic Gramercy Bouquet',
      '$224.00 USD',
      'href="http://shop.test"',
    ]) {
      expect(page).toContain(text);
    }

    const { body } = await sf.gql(
      `query Q($id: ID!) { cart(id: $id) { id } productVariant: node(id: "gid://shopify/ProductVariant/9002") { ... on ProductVariant { quantityAvailable } } }`,
      { id: cart.id },
    );
    expect(body.data).toEqual({ cart: null, productVariant: { quantityAvailable: 1 } });
    expect((await fetch(cart.checkoutUrl)).status).toBe(410);

    await sf.stop(true); // orders are flushed on stop and read back from disk
    const orders = listOrders(sf.dataDir);
    expect(orders.map((o) => o.name)).toEqual([...SEEDED_ORDERS, '#1005']);
    const order = orders.at(-1)!;
    expect(order).toMatchObject({
      name: '#1005',
      orderNumber: 1005,
      customerId: null,
      email: 'ada@example.com',
      financialStatus: 'PAID',
      fulfillmentStatus: 'UNFULFILLED',
      checkoutMethod: 'delivery',
      note: 'Leave with doorman',
      subtotal: { amount: '224.00', currencyCode: 'USD' },
      // New York: 8.875 % sales tax on 224.00 (19.88) is added.
      totalTax: { amount: '19.88' },
      total: { amount: '243.88' },
      shippingAddress: { address1: '12 E 20th St', address2: 'Apt 3', city: 'New York', province: 'NY', zip: '10003', country: 'US' },
      attributes: [
        { key: 'Checkout-Method', value: 'delivery' },
        { key: 'Delivery-Date', value: '2026-05-08' },
      ],
      lines: [
        { title: 'Classic Gramercy Bouquet', quantity: 2, variant: { id: 'gid://shopify/ProductVariant/9002', title: 'Classic' }, sellingPlan: null },
        { title: 'Weekly Flower Subscription', quantity: 1, sellingPlan: { name: 'Delivered weekly' }, total: { amount: '54.00' } },
      ],
    });
    expect(Date.parse(order.processedAt)).not.toBeNaN();

    sf = await startHarness({ dataDir: sf.dataDir }); // stock stays decremented after a restart
    const again = await sf.gql<{ node: { quantityAvailable: number } }>(
      '{ node(id: "gid://shopify/ProductVariant/9002") { ... on ProductVariant { quantityAvailable } } }',
    );
    expect(again.body.data!.node.quantityAvailable).toBe(1);
  });

  it('needs no address for pickup, numbers orders in sequence and lists them over HTTP', async () => {
    const first = await cartWith([
      { key: 'Checkout-Method', value: 'pickup' },
      { key: 'Pickup-Date', value: '2026-05-09' },
    ]);
    const competing = await cartWith([{ key: 'Checkout-Method', value: 'pickup' }]);
    expect(await (await fetch(first.checkoutUrl)).text()).toContain('no address needed');
    expect((await post(first.checkoutUrl, { email: 'ada@example.com', name: 'Ada' })).status).toBe(303);
    // Only 1 Classic bouquet is left after the first order, and the competing cart wants 2.
    const res = await post(competing.checkoutUrl, { email: 'bob@example.com', name: 'Bob' });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('Only 1 left of Classic Gramercy Bouquet (Classic); you asked for 2.');
    const { body } = await sf.gql<{
      cartCreate: { cart: { checkoutUrl: string } };
    }>(`mutation { cartCreate(input: { attributes: [{ key: "Checkout-Method", value: "pickup" }],
      lines: [{ merchandiseId: "gid://shopify/ProductVariant/9101" }] }) { cart { checkoutUrl } } }`);
    expect((await post(body.data!.cartCreate.cart.checkoutUrl, { email: 'cy@example.com', name: 'Cy' })).status).toBe(303);

    const { orders } = (await (
      await fetch(`${sf.emulator.url}/__emulator/orders`, { headers: { 'x-emulator-token': sf.emulator.debugToken } })
    ).json()) as { orders: StoredOrder[] };
    expect(orders.slice(0, SEEDED_ORDERS.length).map((o) => o.name)).toEqual(SEEDED_ORDERS);
    expect(orders.slice(SEEDED_ORDERS.length).map((o) => [o.name, o.email, o.checkoutMethod, o.shippingAddress])).toEqual([
      ['#1005', 'ada@example.com', 'pickup', null],
      ['#1006', 'cy@example.com', 'pickup', null],
    ]);
  });

  it('shows a clear 404 for unknown checkouts', async () => {
    const res = await fetch(`${sf.emulator.url}/cart/c/nope?key=nope`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Checkout not found');
  });
});
