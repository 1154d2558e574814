/**
 * Delivery in a cart's cost on the Storefront API emulator, over real HTTP with the fixture seed
 * (delivery.json rates, checkout.json codes and tax): the selected delivery options add to
 * `totalAmount` (not to `subtotalAmount` or `checkoutChargeAmount`), tax follows the selected
 * delivery address and covers the delivery charge where the rate taxes shipping, and the emulated
 * checkout charges and records the same total. Fixture prices: Classic bouquet (9002) 85.00,
 * Bodega Bunch (9101) 45.00 (the bouquet is `local-delivery-only`).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listOrders } from '../../emulators/storefront-api';
import { FIXTURE_DIR, NEW_YORK_ADDRESS, postForm, startHarness, type Harness } from '../support/storefront-harness';
import { GRAMERCY, HOBOKEN, SAN_FRANCISCO, STAMFORD, signInAda } from '../support/storefront-delivery';
import { rootField } from '../support/storefront-field';

const CART = `fragment C on Cart { id checkoutUrl
  cost { subtotalAmount { amount } totalAmount { amount } checkoutChargeAmount { amount } totalTaxAmount { amount } totalAmountEstimated }
  deliveryGroups(first: 5) { nodes { id selectedDeliveryOption { handle estimatedCost { amount } } } } }`;
const RESULT = 'cart { ...C } userErrors { code field message }';
const CREATE = `mutation Create($input: CartInput) { cartCreate(input: $input) { ${RESULT} } } ${CART}`;
const REPLACE = `mutation Replace($cartId: ID!, $addresses: [CartSelectableAddressInput!]!) {
  cartDeliveryAddressesReplace(cartId: $cartId, addresses: $addresses) { ${RESULT} } } ${CART}`;
const SELECT = `mutation Select($cartId: ID!, $options: [CartSelectedDeliveryOptionInput!]!) {
  cartSelectedDeliveryOptionsUpdate(cartId: $cartId, selectedDeliveryOptions: $options) { ${RESULT} } } ${CART}`;
const LAST_ORDER = `query Orders($token: String!) { customer(customerAccessToken: $token) { orders(first: 1, reverse: true) { nodes {
  subtotalPrice { amount } totalShippingPrice { amount } totalTax { amount } totalPrice { amount }
  discountApplications(first: 5) { nodes { ... on DiscountCodeApplication { code } } } } } } }`;

type Amount = { amount: string };
type Cart = {
  id: string;
  checkoutUrl: string;
  cost: { subtotalAmount: Amount; totalAmount: Amount; checkoutChargeAmount: Amount; totalTaxAmount: Amount | null; totalAmountEstimated: boolean };
  deliveryGroups: { nodes: { id: string; selectedDeliveryOption: { handle: string; estimatedCost: Amount } | null }[] };
};
type Payload = { cart: Cart | null; userErrors: unknown[] };

const variant = (n: number) => `gid://shopify/ProductVariant/${n}`;
const selected = (address: Record<string, string>) => [{ address: { deliveryAddress: address }, selected: true }];

let sf: Harness;
afterEach(async () => {
  await sf.stop();
});

const send = <T>(doc: string, variables: Record<string, unknown>) => rootField<T>(sf, doc, variables);

async function mutate(doc: string, variables: Record<string, unknown>): Promise<Cart> {
  const payload = await send<Payload>(doc, variables);
  expect(payload.userErrors).toEqual([]);
  return payload.cart!;
}

const totals = (cart: Cart) => ({
  option: cart.deliveryGroups.nodes[0]?.selectedDeliveryOption?.handle ?? null,
  subtotal: cart.cost.subtotalAmount.amount,
  tax: cart.cost.totalTaxAmount?.amount ?? null,
  total: cart.cost.totalAmount.amount,
});

describe('storefront API emulator: delivery in cart cost', () => {
  beforeEach(async () => {
    sf = await startHarness({ shopUrl: 'http://shop.test' });
  });

  it('adds the selected local delivery and New York tax on items and delivery to totalAmount; the checkout and order charge the same', async () => {
    const token = await signInAda(sf);
    const created = await mutate(CREATE, {
      input: {
        lines: [{ merchandiseId: variant(9002), quantity: 1 }],
        discountCodes: ['WELCOME10'],
        buyerIdentity: { customerAccessToken: token },
        delivery: { addresses: selected(GRAMERCY) },
      },
    });
    const cart = await mutate(SELECT, {
      cartId: created.id,
      options: [{ deliveryGroupId: created.deliveryGroups.nodes[0].id, deliveryOptionHandle: 'local-delivery' }],
    });
    // 85.00 − 8.50 (WELCOME10) + 15.00 delivery = 91.50; NY 8.875 % of 91.50 = 8.120625 → 8.12; total 99.62.
    expect(cart.cost).toEqual({
      subtotalAmount: { amount: '85.0' },
      totalAmount: { amount: '99.62' },
      checkoutChargeAmount: { amount: '85.0' },
      totalTaxAmount: { amount: '8.12' },
      totalAmountEstimated: true,
    });
    expect(cart.deliveryGroups.nodes[0].selectedDeliveryOption).toEqual({ handle: 'local-delivery', estimatedCost: { amount: '15.0' } });

    const page = await (await fetch(cart.checkoutUrl)).text();
    for (const [label, amount] of [
      ['Subtotal', '$85.00'],
      ['Discount (WELCOME10)', '−$8.50'],
      ['Local delivery', '$15.00'],
      ['Taxes', '$8.12'],
      ['Total', '$99.62'],
    ]) {
      expect(page).toContain(`<td>${label}</td><td></td><td class="num">${amount} USD</td>`);
    }

    const placed = await postForm(cart.checkoutUrl, { email: 'ada@example.com', name: 'Ada Lovelace', ...NEW_YORK_ADDRESS });
    expect(placed.status).toBe(303);
    expect(listOrders(sf.dataDir).at(-1)).toMatchObject({
      subtotal: { amount: '76.50' },
      totalDiscounts: { amount: '8.50' },
      shippingLines: [{ handle: 'local-delivery', price: { amount: '15.00' } }],
      totalTax: { amount: '8.12' },
      total: { amount: '99.62' },
    });
    const orders = await send<{ orders: { nodes: unknown[] } }>(LAST_ORDER, { token });
    expect(orders.orders.nodes[0]).toEqual({
      subtotalPrice: { amount: '76.5' },
      totalShippingPrice: { amount: '15.0' },
      totalTax: { amount: '8.12' },
      totalPrice: { amount: '99.62' },
      discountApplications: { nodes: [{ code: 'WELCOME10' }] },
    });
  });

  it('taxes at the selected delivery address: New Jersey, Connecticut and other states change the tax', async () => {
    const created = await mutate(CREATE, { input: { lines: [{ merchandiseId: variant(9101), quantity: 3 }] } });
    const at = async (address: Record<string, string>) => totals(await mutate(REPLACE, { cartId: created.id, addresses: selected(address) }));
    // 135.00 of items; NY: local delivery 15.00, 8.875 % of 150.00 = 13.3125 → 13.31.
    expect(await at(GRAMERCY)).toEqual({ option: 'local-delivery', subtotal: '135.0', tax: '13.31', total: '163.31' });
    // NJ: standard shipping 12.00, 6.625 % of 147.00 = 9.73875 → 9.74.
    expect(await at(HOBOKEN)).toEqual({ option: 'standard-shipping', subtotal: '135.0', tax: '9.74', total: '156.74' });
    // CT: 6.35 % of 147.00 = 9.3345 → 9.33.
    expect(await at(STAMFORD)).toEqual({ option: 'standard-shipping', subtotal: '135.0', tax: '9.33', total: '156.33' });
    // California: the shop collects no tax there.
    expect(await at(SAN_FRANCISCO)).toEqual({ option: 'standard-shipping', subtotal: '135.0', tax: '0.0', total: '147.0' });
  });

  it('charges no delivery and estimates no tax without a selected delivery address, even when a default address gives delivery groups', async () => {
    const token = await signInAda(sf);
    const cart = await mutate(CREATE, {
      input: { lines: [{ merchandiseId: variant(9101), quantity: 3 }], buyerIdentity: { customerAccessToken: token, countryCode: 'US' } },
    });
    expect(totals(cart)).toEqual({ option: 'local-delivery', subtotal: '135.0', tax: null, total: '135.0' });
    expect(cart.cost.totalAmountEstimated).toBe(false);
  });
});

describe('storefront API emulator: a tax rate without taxesShipping', () => {
  let contentDir: string;
  beforeEach(async () => {
    contentDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-content-'));
    cpSync(FIXTURE_DIR, contentDir, { recursive: true });
    const seedFile = path.join(contentDir, 'checkout.json');
    const seed = JSON.parse(readFileSync(seedFile, 'utf8')) as { tax: { rates: { provinceCode: string; taxesShipping?: boolean }[] } };
    for (const rate of seed.tax.rates) if (rate.provinceCode === 'NJ') rate.taxesShipping = false;
    writeFileSync(seedFile, JSON.stringify(seed));
    sf = await startHarness({ contentDir });
  });
  afterEach(() => {
    rmSync(contentDir, { recursive: true, force: true });
  });

  it('taxes the items alone, and still adds the delivery to the total', async () => {
    const cart = await mutate(CREATE, {
      input: { lines: [{ merchandiseId: variant(9101), quantity: 3 }], delivery: { addresses: selected(HOBOKEN) } },
    });
    // 6.625 % of 135.00 = 8.94375 → 8.94; 135.00 + 12.00 + 8.94.
    expect(totals(cart)).toEqual({ option: 'standard-shipping', subtotal: '135.0', tax: '8.94', total: '155.94' });
  });
});
