import { DatabaseSync } from 'node:sqlite';
import { storefrontDatabaseFile } from '../../emulators/storefront-api';
import { startHarness, type Harness } from '../support/storefront-harness';

const CART = `fragment C on Cart {
  id checkoutUrl createdAt updatedAt note totalQuantity
  attributes { key value }
  buyerIdentity { countryCode email }
  cost { subtotalAmount { amount currencyCode } totalAmount { amount } checkoutChargeAmount { amount } totalTaxAmount { amount }
         subtotalAmountEstimated totalAmountEstimated totalTaxAmountEstimated }
  lines(first: 150) { nodes { id quantity
    attributes { key value }
    cost { amountPerQuantity { amount } compareAtAmountPerQuantity { amount } subtotalAmount { amount } totalAmount { amount } }
    merchandise { ... on ProductVariant { id sku title quantityAvailable product { handle } } }
    sellingPlanAllocation { sellingPlan { id name } priceAdjustments { price { amount } compareAtPrice { amount } } } } } }`;
const RESULT = 'cart { ...C } userErrors { code field message } warnings { code message target }';
const CREATE = `mutation Create($input: CartInput) @inContext(country: CA) { cartCreate(input: $input) { ${RESULT} } } ${CART}`;
const ADD = `mutation Add($cartId: ID!, $lines: [CartLineInput!]!) { cartLinesAdd(cartId: $cartId, lines: $lines) { ${RESULT} } } ${CART}`;
const UPDATE = `mutation Update($cartId: ID!, $lines: [CartLineUpdateInput!]!) { cartLinesUpdate(cartId: $cartId, lines: $lines) { ${RESULT} } } ${CART}`;
const REMOVE = `mutation Remove($cartId: ID!, $lineIds: [ID!]!) { cartLinesRemove(cartId: $cartId, lineIds: $lineIds) { ${RESULT} } } ${CART}`;
const GET = `query Get($id: ID!) { cart(id: $id) { ...C } } ${CART}`;

/** What fragment C selects. */
type Amount = { amount: string };
type CartLineFields = {
  id: string;
  quantity: number;
  attributes: { key: string; value: string | null }[];
  cost: { amountPerQuantity: Amount; compareAtAmountPerQuantity: Amount | null; subtotalAmount: Amount; totalAmount: Amount };
  merchandise: { id: string; sku: string | null; title: string; quantityAvailable: number | null; product: { handle: string } };
  sellingPlanAllocation: {
    sellingPlan: { id: string; name: string };
    priceAdjustments: { price: Amount; compareAtPrice: Amount | null }[];
  } | null;
};
type CartFields = {
  id: string;
  checkoutUrl: string;
  createdAt: string;
  updatedAt: string;
  note: string | null;
  totalQuantity: number;
  attributes: { key: string; value: string | null }[];
  buyerIdentity: { countryCode: string | null; email: string | null };
  cost: {
    subtotalAmount: Amount & { currencyCode: string };
    totalAmount: Amount;
    checkoutChargeAmount: Amount;
    totalTaxAmount: Amount | null;
    subtotalAmountEstimated: boolean;
    totalAmountEstimated: boolean;
    totalTaxAmountEstimated: boolean;
  };
  lines: { nodes: CartLineFields[] };
};
/** What RESULT selects: the cart (null when the change was refused), user errors and warnings. */
type CartPayload = {
  cart: CartFields | null;
  userErrors: { code: string | null; field: string[] | null; message: string }[];
  warnings: { code: string; message: string; target: string }[];
};

const variant = (n: number) => `gid://shopify/ProductVariant/${n}`;

let sf: Harness;
beforeEach(async () => {
  sf = await startHarness();
});
afterEach(() => sf.stop());

async function createCart(input: Record<string, unknown> = {}) {
  const { body } = await sf.gql<{ cartCreate: CartPayload }>(CREATE, { input });
  expect(body.errors).toBeUndefined();
  return body.data!.cartCreate;
}

describe('storefront API emulator: carts', () => {
  it('creates a cart, adds lines and reads it back with cost and totalQuantity', async () => {
    const created = await createCart();
    expect(created.userErrors).toEqual([]);
    const cart = created.cart!;
    expect(cart.id).toMatch(/^gid:\/\/shopify\/Cart\/[\w-]+\?key=[0-9a-f]+$/);
    const [token, key] = cart.id.replace('gid://shopify/Cart/', '').split('?key=');
    expect(cart.checkoutUrl).toBe(`${sf.emulator.url}/cart/c/${token}?key=${key}`);
    expect(cart.buyerIdentity.countryCode).toBe('CA'); // from @inContext
    expect(cart.totalQuantity).toBe(0);

    const added = (
      await sf.gql<{ cartLinesAdd: CartPayload }>(ADD, {
        cartId: cart.id,
        lines: [
          { merchandiseId: variant(9001), quantity: 1 },
          { merchandiseId: variant(9101), quantity: 2, attributes: [{ key: 'Purchased with', value: 'Vase' }] },
          { merchandiseId: variant(9001), quantity: 1 }, // same merchandise: merged into the first line
        ],
      })
    ).body.data!.cartLinesAdd;
    expect(added.userErrors).toEqual([]);
    expect(added.warnings).toEqual([]);

    const { body } = await sf.gql<{ cart: CartFields | null }>(GET, { id: cart.id });
    const read = body.data!.cart!;
    expect(read.totalQuantity).toBe(4);
    expect(read.lines.nodes.map((l) => [l.merchandise.sku, l.quantity])).toEqual([
      ['CGB-P', 2],
      ['BB', 2],
    ]);
    expect(read.lines.nodes[1].attributes).toEqual([{ key: 'Purchased with', value: 'Vase' }]);
    expect(read.lines.nodes[0].cost).toEqual({
      amountPerQuantity: { amount: '65.0' },
      compareAtAmountPerQuantity: null,
      subtotalAmount: { amount: '130.0' },
      totalAmount: { amount: '130.0' },
    });
    expect(read.cost).toEqual({
      subtotalAmount: { amount: '220.0', currencyCode: 'USD' },
      totalAmount: { amount: '220.0' },
      checkoutChargeAmount: { amount: '220.0' },
      // A Canadian buyer (@inContext(country: CA)): the US shop collects no sales tax there, an estimate of 0.
      totalTaxAmount: { amount: '0.0' },
      subtotalAmountEstimated: false,
      totalAmountEstimated: true,
      totalTaxAmountEstimated: true,
    });
    expect(Date.parse(read.updatedAt)).toBeGreaterThanOrEqual(Date.parse(read.createdAt));
  });

  it('adds what is available and warns when asking for more than stock', async () => {
    const cart = (await createCart({ lines: [{ merchandiseId: variant(9002), quantity: 2 }] })).cart!;
    const res = (await sf.gql<{ cartLinesAdd: CartPayload }>(ADD, { cartId: cart.id, lines: [{ merchandiseId: variant(9002), quantity: 5 }] })).body
      .data!.cartLinesAdd;
    expect(res.userErrors).toEqual([]);
    expect(res.cart!.lines.nodes[0].quantity).toBe(3);
    expect(res.warnings).toEqual([
      {
        code: 'MERCHANDISE_NOT_ENOUGH_STOCK',
        target: res.cart!.lines.nodes[0].id,
        message: 'Only 3 items were added to your cart due to availability.',
      },
    ]);

    const soldOut = (await sf.gql<{ cartLinesAdd: CartPayload }>(ADD, { cartId: cart.id, lines: [{ merchandiseId: variant(9201), quantity: 1 }] }))
      .body.data!.cartLinesAdd;
    expect(soldOut.cart!.lines.nodes).toHaveLength(1);
    expect(soldOut.warnings).toEqual([
      { code: 'MERCHANDISE_OUT_OF_STOCK', target: variant(9201), message: "The product 'Peony Cloud' is already sold out." },
    ]);
  });

  it('answers user errors for unknown merchandise, selling plans, lines and carts, changing nothing', async () => {
    const bad = await createCart({ lines: [{ merchandiseId: variant(1), quantity: 1 }] });
    expect(bad.cart).toBeNull();
    expect(bad.userErrors).toEqual([
      {
        code: 'INVALID',
        field: ['input', 'lines', '0', 'merchandiseId'],
        message: 'The merchandise with id gid://shopify/ProductVariant/1 does not exist.',
      },
    ]);

    const cart = (await createCart({ lines: [{ merchandiseId: variant(9101) }] })).cart!;
    const plan = (
      await sf.gql<{ cartLinesAdd: CartPayload }>(ADD, {
        cartId: cart.id,
        lines: [
          { merchandiseId: variant(9001), quantity: 1 },
          { merchandiseId: variant(9101), sellingPlanId: 'gid://shopify/SellingPlan/7001' },
        ],
      })
    ).body.data!.cartLinesAdd;
    expect(plan.userErrors).toEqual([
      {
        code: 'SELLING_PLAN_NOT_APPLICABLE',
        field: ['lines', '1', 'sellingPlanId'],
        message: `The selling plan with id gid://shopify/SellingPlan/7001 is not applicable to the merchandise ${variant(9101)}.`,
      },
    ]);
    expect(plan.cart!.totalQuantity).toBe(1); // the valid first line was not added either

    const line = (
      await sf.gql<{ cartLinesUpdate: CartPayload }>(UPDATE, { cartId: cart.id, lines: [{ id: 'gid://shopify/CartLine/nope', quantity: 2 }] })
    ).body.data!.cartLinesUpdate;
    expect(line.userErrors[0]).toMatchObject({ code: 'INVALID', field: ['lines', '0', 'id'] });

    const missing = 'gid://shopify/Cart/unknown?key=0000';
    for (const res of [
      (await sf.gql<{ cartLinesAdd: CartPayload }>(ADD, { cartId: missing, lines: [{ merchandiseId: variant(9101) }] })).body.data!.cartLinesAdd,
      (await sf.gql<{ cartLinesRemove: CartPayload }>(REMOVE, { cartId: missing, lineIds: [] })).body.data!.cartLinesRemove,
    ]) {
      expect(res).toEqual({
        cart: null,
        userErrors: [{ code: 'INVALID', field: ['cartId'], message: 'The specified cart does not exist.' }],
        warnings: [],
      });
    }
    const wrongKey = cart.id.replace(/key=\w+/, 'key=abc');
    expect((await sf.gql<{ cart: CartFields | null }>(GET, { id: wrongKey })).body.data!.cart).toBeNull();
  });

  it('updates and removes lines; quantity 0 removes', async () => {
    const cart = (
      await createCart({
        lines: [
          { merchandiseId: variant(9001), quantity: 1 },
          { merchandiseId: variant(9101), quantity: 1 },
        ],
      })
    ).cart!;
    const [first, second] = cart.lines.nodes;
    const updated = (
      await sf.gql<{ cartLinesUpdate: CartPayload }>(UPDATE, {
        cartId: cart.id,
        lines: [
          { id: first.id, quantity: 4 },
          { id: second.id, quantity: 0 },
        ],
      })
    ).body.data!.cartLinesUpdate;
    expect(updated.userErrors).toEqual([]);
    expect(updated.cart!.lines.nodes.map((l) => [l.merchandise.sku, l.quantity])).toEqual([['CGB-P', 4]]);
    expect(updated.cart!.cost.totalAmount.amount).toBe('260.0');

    const tooMany = (await sf.gql<{ cartLinesUpdate: CartPayload }>(UPDATE, { cartId: cart.id, lines: [{ id: first.id, quantity: 50 }] })).body.data!
      .cartLinesUpdate;
    expect(tooMany.cart!.lines.nodes[0].quantity).toBe(12);
    expect(tooMany.warnings[0].code).toBe('MERCHANDISE_NOT_ENOUGH_STOCK');

    const removed = (await sf.gql<{ cartLinesRemove: CartPayload }>(REMOVE, { cartId: cart.id, lineIds: [first.id] })).body.data!.cartLinesRemove;
    expect(removed.userErrors).toEqual([]);
    expect(removed.cart!.totalQuantity).toBe(0);
    expect(removed.cart!.cost.totalAmount.amount).toBe('0.0');
  });

  it('keeps sellingPlanAllocation on lines bought with a plan and prices them with its adjustment', async () => {
    const cart = (
      await createCart({
        lines: [
          { merchandiseId: variant(9301), quantity: 1, sellingPlanId: 'gid://shopify/SellingPlan/7001' },
          { merchandiseId: variant(9301), quantity: 1 },
        ],
      })
    ).cart!;
    const [planned, oneTime] = cart.lines.nodes;
    expect(cart.lines.nodes).toHaveLength(2); // same variant, different plan: separate lines
    expect(planned.sellingPlanAllocation).toEqual({
      sellingPlan: { id: 'gid://shopify/SellingPlan/7001', name: 'Delivered weekly' },
      priceAdjustments: [{ price: { amount: '54.0' }, compareAtPrice: { amount: '60.0' } }],
    });
    expect(planned.cost).toMatchObject({ amountPerQuantity: { amount: '54.0' }, compareAtAmountPerQuantity: { amount: '60.0' } });
    expect(oneTime.sellingPlanAllocation).toBeNull();
    expect(cart.cost.totalAmount.amount).toBe('114.0');
    const again = (await sf.gql<{ cart: CartFields | null }>(GET, { id: cart.id })).body.data!.cart!;
    expect(again.lines.nodes[0].sellingPlanAllocation!.sellingPlan.name).toBe('Delivered weekly');
  });

  it('updates attributes, note and buyer identity', async () => {
    const cart = (await createCart()).cart!;
    const { body } = await sf.gql<{ b: { cart: unknown } }>(
      `mutation M($id: ID!) {
      a: cartAttributesUpdate(cartId: $id, attributes: [{ key: "Checkout-Method", value: "pickup" }, { key: "Pickup-Date", value: "2026-05-01" }]) { userErrors { code } }
      n: cartNoteUpdate(cartId: $id, note: "For Mum") { userErrors { code } }
      b: cartBuyerIdentityUpdate(cartId: $id, buyerIdentity: { email: "ada@example.com", countryCode: US }) {
        cart { note attributes { key value } attribute(key: "Pickup-Date") { value } buyerIdentity { email countryCode } } userErrors { code } } }`,
      { id: cart.id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data!.b.cart).toEqual({
      note: 'For Mum',
      attributes: [
        { key: 'Checkout-Method', value: 'pickup' },
        { key: 'Pickup-Date', value: '2026-05-01' },
      ],
      attribute: { value: '2026-05-01' },
      buyerIdentity: { email: 'ada@example.com', countryCode: 'US' },
    });
  });

  it('keeps carts across a restart on the same dataDir', async () => {
    const cart = (await createCart({ note: 'persist me', lines: [{ merchandiseId: variant(9101), quantity: 2 }] })).cart!;
    const dataDir = sf.dataDir;
    await sf.stop(true);
    const db = new DatabaseSync(storefrontDatabaseFile(dataDir), { readOnly: true });
    expect(db.prepare('SELECT count(*) AS n FROM carts').get()).toEqual({ n: 1 });
    db.close();
    sf = await startHarness({ dataDir });
    const read = (await sf.gql<{ cart: CartFields | null }>(GET, { id: cart.id })).body.data!.cart!;
    expect(read).toMatchObject({ note: 'persist me', totalQuantity: 2, cost: { totalAmount: { amount: '90.0' } } });
    expect(read.checkoutUrl.startsWith(sf.emulator.url)).toBe(true);
  });
});
