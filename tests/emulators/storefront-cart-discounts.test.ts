/**
 * Discount codes, gift cards and tax estimates on the Storefront API emulator's carts, over real
 * HTTP, with the fixture's checkout seed (tests/fixtures/storefront/checkout.json). Fixture prices:
 * Petite bouquet (9001) 65.00, Classic (9002) 85.00, Bodega Bunch (9101) 45.00, subscription
 * (9301) 60.00 or 54.00 with plan 7001. Every document sent is validated against the real schema.
 */
import { parse, validate } from 'graphql';
import { listOrders } from '../../emulators/storefront-api';
import { loadStorefrontSchema } from '../../emulators/storefront-api/schema';
import { NEW_YORK_ADDRESS, postForm, startHarness, type Harness } from '../support/storefront-harness';

/** The real Storefront API 2026-04 schema (hydrogen-react's copy), without the emulator's resolvers. */
const schema = loadStorefrontSchema();

const CART = `fragment C on Cart {
  id checkoutUrl
  discountCodes { code applicable }
  discountAllocations { discountedAmount { amount } targetType
    ... on CartCodeDiscountAllocation { code discountApplication { allocationMethod targetSelection targetType
      value { ... on PricingPercentageValue { percentage } ... on MoneyV2 { amount } } } } }
  appliedGiftCards { id lastCharacters amountUsed { amount } balance { amount } presentmentAmountUsed { amount } }
  cost { subtotalAmount { amount } totalAmount { amount } checkoutChargeAmount { amount } totalTaxAmount { amount } totalDutyAmount { amount }
         totalAmountEstimated totalTaxAmountEstimated totalDutyAmountEstimated }
  lines(first: 10) { nodes { merchandise { ... on ProductVariant { sku } }
    cost { subtotalAmount { amount } totalAmount { amount } }
    discountAllocations { discountedAmount { amount } ... on CartCodeDiscountAllocation { code } } } } }`;
const RESULT = 'cart { ...C } userErrors { code field message } warnings { code message target }';
const DOCS = {
  create: `mutation Create($input: CartInput) { cartCreate(input: $input) { ${RESULT} } } ${CART}`,
  add: `mutation Add($cartId: ID!, $lines: [CartLineInput!]!) { cartLinesAdd(cartId: $cartId, lines: $lines) { ${RESULT} } } ${CART}`,
  codes: `mutation Codes($cartId: ID!, $codes: [String!]!) { cartDiscountCodesUpdate(cartId: $cartId, discountCodes: $codes) { ${RESULT} } } ${CART}`,
  cards: `mutation Cards($cartId: ID!, $codes: [String!]!) { cartGiftCardCodesUpdate(cartId: $cartId, giftCardCodes: $codes) { ${RESULT} } } ${CART}`,
  addCards: `mutation AddCards($cartId: ID!, $codes: [String!]!) { cartGiftCardCodesAdd(cartId: $cartId, giftCardCodes: $codes) { ${RESULT} } } ${CART}`,
  removeCards: `mutation RemoveCards($cartId: ID!, $ids: [ID!]!) { cartGiftCardCodesRemove(cartId: $cartId, appliedGiftCardIds: $ids) { ${RESULT} } } ${CART}`,
  get: `query Get($id: ID!) { cart(id: $id) { ...C } } ${CART}`,
};

type Amount = { amount: string };
type Allocation = {
  discountedAmount: Amount;
  targetType?: string;
  code?: string;
  discountApplication?: { allocationMethod: string; targetSelection: string; targetType: string; value: { percentage?: number; amount?: string } };
};
type CartFields = {
  id: string;
  checkoutUrl: string;
  discountCodes: { code: string; applicable: boolean }[];
  discountAllocations: Allocation[];
  appliedGiftCards: { id: string; lastCharacters: string; amountUsed: Amount; balance: Amount; presentmentAmountUsed: Amount }[];
  cost: {
    subtotalAmount: Amount;
    totalAmount: Amount;
    checkoutChargeAmount: Amount;
    totalTaxAmount: Amount | null;
    totalDutyAmount: Amount | null;
    totalAmountEstimated: boolean;
    totalTaxAmountEstimated: boolean;
    totalDutyAmountEstimated: boolean;
  };
  lines: { nodes: { merchandise: { sku: string }; cost: { subtotalAmount: Amount; totalAmount: Amount }; discountAllocations: Allocation[] }[] };
};
type Payload = {
  cart: CartFields | null;
  userErrors: { code: string; field: string[]; message: string }[];
  warnings: { code: string; message: string; target: string }[];
};

const variant = (n: number) => `gid://shopify/ProductVariant/${n}`;
const line = (id: number, quantity = 1, plan?: number) => ({
  merchandiseId: variant(id),
  quantity,
  ...(plan ? { sellingPlanId: `gid://shopify/SellingPlan/${plan}` } : {}),
});
/** A US buyer with no address yet: no tax estimate (the state decides the rate). */
const US = { countryCode: 'US' };

let sf: Harness;
beforeEach(async () => {
  sf = await startHarness({ shopUrl: 'http://shop.test' });
});
afterEach(() => sf.stop());

/** Send one of DOCS (validated against the schema first) and answer its payload. */
async function send(doc: keyof typeof DOCS, variables: Record<string, unknown>): Promise<Payload> {
  expect(validate(schema, parse(DOCS[doc]))).toEqual([]);
  const { body } = await sf.gql<Record<string, Payload>>(DOCS[doc], variables);
  expect(body.errors).toBeUndefined();
  return Object.values(body.data!)[0];
}

async function read(id: string): Promise<CartFields> {
  expect(validate(schema, parse(DOCS.get))).toEqual([]);
  const { body } = await sf.gql<{ cart: CartFields }>(DOCS.get, { id });
  expect(body.errors).toBeUndefined();
  return body.data!.cart;
}

const create = async (input: Record<string, unknown>) => {
  const result = await send('create', { input: { buyerIdentity: US, ...input } });
  expect(result.userErrors).toEqual([]);
  return result;
};
const lineTotals = (cart: CartFields) => cart.lines.nodes.map((l) => [l.merchandise.sku, l.cost.subtotalAmount.amount, l.cost.totalAmount.amount]);
const reductionUrl = (checkoutUrl: string) => {
  const url = new URL(checkoutUrl);
  url.pathname += '/reductions';
  return url.toString();
};

describe('storefront API emulator: discount codes', () => {
  it('takes a percentage off each line (amount off products), rounded to the cent, whatever the case of the code', async () => {
    const { cart, warnings } = await create({ lines: [line(9002), line(9101)], discountCodes: ['third33'] });
    expect(warnings).toEqual([]);
    expect(cart!.discountCodes).toEqual([{ code: 'third33', applicable: true }]);
    // 33.33333 % of 85.00 = 28.3333305 → 28.33; of 45.00 = 14.9999985 → 15.00.
    expect(lineTotals(cart!)).toEqual([
      ['CGB-C', '85.0', '56.67'],
      ['BB', '45.0', '30.0'],
    ]);
    expect(cart!.lines.nodes.map((l) => l.discountAllocations)).toEqual([
      [{ code: 'third33', discountedAmount: { amount: '28.33' } }],
      [{ code: 'third33', discountedAmount: { amount: '15.0' } }],
    ]);
    expect(cart!.discountAllocations).toEqual([]);
    expect(cart!.cost).toMatchObject({
      subtotalAmount: { amount: '86.67' },
      totalAmount: { amount: '86.67' },
      checkoutChargeAmount: { amount: '86.67' },
    });
  });

  it('spreads a fixed amount off products across the lines in cents that sum exactly to it', async () => {
    const { cart } = await create({ lines: [line(9001), line(9101, 2)], discountCodes: ['STEMS20'] });
    // 20.00 over 65.00 and 90.00: 8.387… and 11.612… → 8.38 + 11.61, the cent left to the larger remainder (the first line).
    expect(cart!.lines.nodes.map((l) => l.discountAllocations[0].discountedAmount.amount)).toEqual(['8.39', '11.61']);
    expect(lineTotals(cart!)).toEqual([
      ['CGB-P', '65.0', '56.61'],
      ['BB', '90.0', '78.39'],
    ]);
    expect(cart!.cost.totalAmount).toEqual({ amount: '135.0' });
  });

  it('puts an amount off the order on the cart, not on its lines, and lowers the total but not the subtotal', async () => {
    const { cart } = await create({ lines: [line(9001, 2), line(9101)] });
    const { cart: updated, warnings, userErrors } = await send('codes', { cartId: cart!.id, codes: ['Welcome10'] });
    expect([userErrors, warnings]).toEqual([[], []]);
    expect(updated!.discountAllocations).toEqual([
      {
        code: 'Welcome10',
        discountedAmount: { amount: '17.5' },
        targetType: 'LINE_ITEM',
        discountApplication: { allocationMethod: 'ACROSS', targetSelection: 'ALL', targetType: 'LINE_ITEM', value: { percentage: 10 } },
      },
    ]);
    expect(updated!.lines.nodes.map((l) => l.discountAllocations)).toEqual([[], []]);
    expect(lineTotals(updated!)).toEqual([
      ['CGB-P', '130.0', '130.0'],
      ['BB', '45.0', '45.0'],
    ]);
    expect(updated!.cost).toMatchObject({
      subtotalAmount: { amount: '175.0' },
      totalAmount: { amount: '157.5' },
      checkoutChargeAmount: { amount: '175.0' },
    });

    const cleared = await send('codes', { cartId: cart!.id, codes: [] });
    expect(cleared.cart!.discountCodes).toEqual([]);
    expect(cleared.cart!.cost.totalAmount).toEqual({ amount: '175.0' });
  });

  it('keeps unknown, expired and unmet codes listed as not applicable, each with the warning saying why', async () => {
    const { cart } = await create({ lines: [line(9101)] });
    const res = await send('codes', { cartId: cart!.id, codes: ['NOPE', 'winter25', 'SAVE15', 'save15', ' ', 'BOUQUET14'] });
    expect(res.userErrors).toEqual([]);
    expect(res.cart!.discountCodes).toEqual([
      { code: 'NOPE', applicable: false },
      { code: 'winter25', applicable: false },
      { code: 'SAVE15', applicable: false },
      { code: 'BOUQUET14', applicable: true },
    ]);
    expect(res.warnings).toEqual([
      { code: 'DISCOUNT_NOT_FOUND', message: 'The discount code NOPE does not exist.', target: cart!.id },
      { code: 'DISCOUNT_CURRENTLY_INACTIVE', message: 'The discount code winter25 is not active.', target: cart!.id },
      { code: 'DISCOUNT_PURCHASE_NOT_IN_RANGE', message: 'The discount code SAVE15 needs a subtotal of at least $100.00.', target: cart!.id },
    ]);
    // 14.28 % of 45.00 = 6.426 → 6.43.
    expect(lineTotals(res.cart!)).toEqual([['BB', '45.0', '38.57']]);

    // Codes are re-checked as the cart changes: a subscription is not a bouquet, and another code cannot combine.
    const onlySubscription = await create({ lines: [line(9301)], discountCodes: ['BOUQUET14'] });
    expect(onlySubscription.warnings.map((w) => w.code)).toEqual(['DISCOUNT_NO_ENTITLED_LINE_ITEMS']);
    const both = await send('codes', { cartId: cart!.id, codes: ['SAVE15', 'WELCOME10'] });
    expect(both.cart!.discountCodes).toEqual([
      { code: 'SAVE15', applicable: false },
      { code: 'WELCOME10', applicable: true },
    ]);
    const added = await send('add', { cartId: cart!.id, lines: [line(9001)] });
    expect(added.cart!.discountCodes).toEqual([
      { code: 'SAVE15', applicable: true },
      { code: 'WELCOME10', applicable: false },
    ]);
    expect(added.cart!.cost).toMatchObject({ subtotalAmount: { amount: '110.0' }, totalAmount: { amount: '95.0' } });
    expect((await read(cart!.id)).discountCodes).toEqual(added.cart!.discountCodes);
  });

  it('answers the invalid-cart error for an unknown cart', async () => {
    const res = await send('codes', { cartId: 'gid://shopify/Cart/nope?key=nope', codes: ['WELCOME10'] });
    expect(res).toEqual({
      cart: null,
      userErrors: [{ code: 'INVALID', field: ['cartId'], message: 'The specified cart does not exist.' }],
      warnings: [],
    });
  });
});

describe('storefront API emulator: gift cards and tax estimates', () => {
  it('applies gift cards as payments: each pays up to its balance; the total stays what the order costs', async () => {
    const { cart } = await create({ lines: [line(9002)] });
    const partial = await send('cards', { cartId: cart!.id, codes: ['gift-bloom-5050', 'NOT-A-CARD-123'] });
    expect(partial.userErrors).toEqual([]);
    expect(partial.cart!.appliedGiftCards).toEqual([
      {
        id: 'gid://shopify/AppliedGiftCard/9601',
        lastCharacters: '5050',
        amountUsed: { amount: '50.0' },
        balance: { amount: '50.0' },
        presentmentAmountUsed: { amount: '50.0' },
      },
    ]);
    expect(partial.cart!.cost).toMatchObject({ totalAmount: { amount: '85.0' }, checkoutChargeAmount: { amount: '85.0' } });

    const full = await send('addCards', { cartId: cart!.id, codes: ['GIFT-GARDEN-2500', 'GIFT-BLOOM-5050'] });
    expect(full.cart!.appliedGiftCards.map((g) => [g.lastCharacters, g.amountUsed.amount, g.balance.amount])).toEqual([
      ['5050', '50.0', '50.0'],
      ['2500', '35.0', '250.0'],
    ]);

    const removed = await send('removeCards', { cartId: cart!.id, ids: ['gid://shopify/AppliedGiftCard/9601'] });
    expect(removed.cart!.appliedGiftCards.map((g) => [g.lastCharacters, g.amountUsed.amount])).toEqual([['2500', '85.0']]);
    const refused = await send('removeCards', { cartId: cart!.id, ids: ['gid://shopify/AppliedGiftCard/9601'] });
    expect(refused.userErrors).toEqual([
      {
        code: 'INVALID',
        field: ['appliedGiftCardIds', '0'],
        message: 'The gift card with id gid://shopify/AppliedGiftCard/9601 is not applied to the cart.',
      },
    ]);
  });

  it('estimates no tax for a US cart until the state is known, and never duties', async () => {
    const { cart } = await create({ lines: [line(9002)] });
    expect(cart!.cost).toMatchObject({
      totalTaxAmount: null,
      totalTaxAmountEstimated: false,
      totalAmountEstimated: false,
      totalDutyAmount: null,
      totalDutyAmountEstimated: false,
    });
  });

  it('places an order with a discount, New York tax and a gift card; the card’s balance drops and stays down after a restart', async () => {
    const { cart } = await create({ lines: [line(9002)], discountCodes: ['WELCOME10'], giftCardCodes: ['GIFT-BLOOM-5050'] });
    const placed = await postForm(cart!.checkoutUrl, { email: 'ada@example.com', name: 'Ada Lovelace', ...NEW_YORK_ADDRESS });
    expect(placed.status).toBe(303);
    const confirmation = await (await fetch(new URL(placed.headers.get('location')!, sf.emulator.url))).text();
    // 85.00 − 8.50 = 76.50; tax 8.875 % = 6.789375 → 6.79; total 83.29; the card pays 50.00, 33.29 is left.
    for (const text of [
      'Discount (WELCOME10)',
      '−$8.50 USD',
      'Taxes',
      '$6.79 USD',
      '$83.29 USD',
      'Gift card ••••5050',
      '−$50.00 USD',
      'Amount to pay',
      '$33.29 USD',
    ]) {
      expect(confirmation).toContain(text);
    }
    const order = listOrders(sf.dataDir).at(-1)!;
    expect(order).toMatchObject({
      subtotal: { amount: '76.50' },
      lineItemsSubtotal: { amount: '85.00' },
      totalTax: { amount: '6.79' },
      total: { amount: '83.29' },
      totalDiscounts: { amount: '8.50' },
      discounts: [{ code: 'WELCOME10', amount: { amount: '8.50' } }],
      giftCards: [{ id: 9601, lastCharacters: '5050', amountUsed: { amount: '50.00' } }],
      paymentDue: { amount: '33.29' },
      lines: [
        {
          total: { amount: '85.00' },
          discountedTotal: { amount: '76.50' },
          discountAllocations: [{ code: 'WELCOME10', amount: { amount: '8.50' } }],
        },
      ],
    });

    const spent = await create({ lines: [line(9101)], giftCardCodes: ['GIFT-BLOOM-5050'] });
    expect(spent.cart!.appliedGiftCards).toEqual([]);
    await sf.stop(true);
    sf = await startHarness({ dataDir: sf.dataDir });
    const afterRestart = await create({ lines: [line(9101)], giftCardCodes: ['GIFT-BLOOM-5050', 'GIFT-GARDEN-2500'] });
    expect(afterRestart.cart!.appliedGiftCards.map((g) => [g.lastCharacters, g.balance.amount])).toEqual([['2500', '250.0']]);
  });

  it('shows a customer’s order with its discount application, line allocations and tax (Order, OrderLineItem)', async () => {
    const SIGN_IN = `mutation SignIn($input: CustomerAccessTokenCreateInput!) { customerAccessTokenCreate(input: $input) { customerAccessToken { accessToken } } }`;
    const ORDERS = `query Orders($token: String!) { customer(customerAccessToken: $token) { orders(first: 1, reverse: true) { nodes {
      totalPrice { amount } subtotalPrice { amount } currentSubtotalPrice { amount } totalTax { amount }
      discountApplications(first: 5) { nodes { allocationMethod targetSelection targetType value { ... on PricingPercentageValue { percentage } }
        ... on DiscountCodeApplication { code applicable } } }
      lineItems(first: 5) { nodes { title originalTotalPrice { amount } discountedTotalPrice { amount }
        discountAllocations { allocatedAmount { amount } discountApplication { ... on DiscountCodeApplication { code } } } } } } } } }`;
    for (const doc of [SIGN_IN, ORDERS]) expect(validate(schema, parse(doc))).toEqual([]);
    type SignIn = { customerAccessTokenCreate: { customerAccessToken: { accessToken: string } } };
    const token = (await sf.gql<SignIn>(SIGN_IN, { input: { email: 'ada@example.com', password: 'flowers-ada-1815' } })).body.data!
      .customerAccessTokenCreate.customerAccessToken.accessToken;
    const { cart } = await create({
      lines: [line(9001), line(9101)],
      discountCodes: ['THIRD33'],
      buyerIdentity: { ...US, customerAccessToken: token },
    });
    const placed = await postForm(cart!.checkoutUrl, { email: 'ada@example.com', name: 'Ada Lovelace', ...NEW_YORK_ADDRESS });
    expect(placed.status).toBe(303);

    const { body } = await sf.gql<{ customer: { orders: { nodes: unknown[] } } }>(ORDERS, { token });
    expect(body.errors).toBeUndefined();
    // 33.33333 % of 65.00 = 21.67, of 45.00 = 15.00 → 73.33; tax 8.875 % = 6.5080… → 6.51.
    expect(body.data!.customer.orders.nodes[0]).toEqual({
      totalPrice: { amount: '79.84' },
      subtotalPrice: { amount: '73.33' },
      currentSubtotalPrice: { amount: '73.33' },
      totalTax: { amount: '6.51' },
      discountApplications: {
        nodes: [
          {
            code: 'THIRD33',
            applicable: true,
            allocationMethod: 'ACROSS',
            targetSelection: 'ALL',
            targetType: 'LINE_ITEM',
            value: { percentage: 33.33333 },
          },
        ],
      },
      lineItems: {
        nodes: [
          {
            title: 'Classic Gramercy Bouquet',
            originalTotalPrice: { amount: '65.0' },
            discountedTotalPrice: { amount: '43.33' },
            discountAllocations: [{ allocatedAmount: { amount: '21.67' }, discountApplication: { code: 'THIRD33' } }],
          },
          {
            title: 'Bodega Bunch',
            originalTotalPrice: { amount: '45.0' },
            discountedTotalPrice: { amount: '30.0' },
            discountAllocations: [{ allocatedAmount: { amount: '15.0' }, discountApplication: { code: 'THIRD33' } }],
          },
        ],
      },
    });
  });

  it('splits an amount off the order across the order’s lines so the parts sum to it exactly', async () => {
    const { cart } = await create({ lines: [line(9001), line(9101), line(9301, 1, 7001)], discountCodes: ['SAVE15'] });
    const placed = await postForm(cart!.checkoutUrl, {
      email: 'grace@example.com',
      name: 'Grace Hopper',
      address1: '1 Main St',
      city: 'Austin',
      province: 'TX',
      zip: '73301',
    });
    expect(placed.status).toBe(303);
    const order = listOrders(sf.dataDir).at(-1)!;
    // 15.00 over 65.00, 45.00 and 54.00 (164.00): 5.9451… 4.1158… 4.9390… → 5.94 + 4.12 + 4.94 = 15.00.
    expect(order.lines.map((l) => l.discountAllocations![0].amount.amount)).toEqual(['5.94', '4.12', '4.94']);
    expect(order.lines.map((l) => l.discountedTotal!.amount)).toEqual(['59.06', '40.88', '49.06']);
    // Texas is outside the shop's tax table: no tax.
    expect(order).toMatchObject({ subtotal: { amount: '149.00' }, totalTax: { amount: '0.00' }, total: { amount: '149.00' } });
  });

  it('takes a discount code or gift card in the checkout’s field, with Shopify checkout’s messages', async () => {
    const { cart } = await create({ lines: [line(9101)] });
    const unknown = await postForm(reductionUrl(cart!.checkoutUrl), { reduction_code: 'NOPE' });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('Enter a valid discount code or gift card');
    const unmet = await postForm(reductionUrl(cart!.checkoutUrl), { reduction_code: 'save15' });
    expect(unmet.status).toBe(400);
    expect(await unmet.text()).toContain('The discount code save15 needs a subtotal of at least $100.00.');

    expect((await postForm(reductionUrl(cart!.checkoutUrl), { reduction_code: 'welcome10' })).status).toBe(303);
    expect((await postForm(reductionUrl(cart!.checkoutUrl), { reduction_code: 'gift-garden-2500' })).status).toBe(303);
    const page = await (await fetch(cart!.checkoutUrl)).text();
    for (const text of ['Discount (welcome10)', '−$4.50 USD', 'Gift card ••••2500', '−$40.50 USD', 'Place order · $0.00 USD']) {
      expect(page).toContain(text);
    }
    const after = await read(cart!.id);
    expect(after.discountCodes).toEqual([{ code: 'welcome10', applicable: true }]);
    expect(after.appliedGiftCards.map((g) => g.lastCharacters)).toEqual(['2500']);
  });
});
