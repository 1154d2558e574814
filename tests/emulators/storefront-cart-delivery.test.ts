/**
 * Cart delivery on the Storefront API emulator, over real HTTP with the fixture catalog and its
 * delivery.json (the shop's rates): selectable delivery addresses and their user errors, delivery
 * groups and options for an address, selecting an option, persistence across a restart, and the
 * emulated checkout's prefill and shipping line.
 */
import { listOrders } from '../../emulators/storefront-api';
import { startHarness, type Harness } from '../support/storefront-harness';
import { rootField } from '../support/storefront-field';
import { BROOKLYN, GRAMERCY, SAN_FRANCISCO, signInAda } from '../support/storefront-delivery';

const ADDRESS_FIELDS = `id selected oneTimeUse address { ... on CartDeliveryAddress {
  firstName lastName address1 address2 city provinceCode countryCode zip phone formatted(withName: true) formattedArea } }`;
const GROUPS = `deliveryGroups(first: 5) { nodes { id groupType
  deliveryAddress { address1 city provinceCode zip countryCodeV2 }
  cartLines(first: 10) { nodes { quantity merchandise { ... on ProductVariant { id } } } }
  deliveryOptions { handle title code deliveryMethodType description estimatedCost { amount currencyCode } }
  selectedDeliveryOption { handle estimatedCost { amount } } } }`;
const CART = `fragment C on Cart { id checkoutUrl delivery { addresses { ${ADDRESS_FIELDS} } } ${GROUPS} }`;
const RESULT = 'cart { ...C } userErrors { code field message } warnings { code message target }';
const CREATE = `mutation Create($input: CartInput) { cartCreate(input: $input) { ${RESULT} } } ${CART}`;
const ADD = `mutation Add($cartId: ID!, $addresses: [CartSelectableAddressInput!]!) {
  cartDeliveryAddressesAdd(cartId: $cartId, addresses: $addresses) { ${RESULT} } } ${CART}`;
const UPDATE = `mutation Update($cartId: ID!, $addresses: [CartSelectableAddressUpdateInput!]!) {
  cartDeliveryAddressesUpdate(cartId: $cartId, addresses: $addresses) { ${RESULT} } } ${CART}`;
const REMOVE = `mutation Remove($cartId: ID!, $addressIds: [ID!]!) {
  cartDeliveryAddressesRemove(cartId: $cartId, addressIds: $addressIds) { ${RESULT} } } ${CART}`;
const REPLACE = `mutation Replace($cartId: ID!, $addresses: [CartSelectableAddressInput!]!) {
  cartDeliveryAddressesReplace(cartId: $cartId, addresses: $addresses) { ${RESULT} } } ${CART}`;
const SELECT = `mutation Select($cartId: ID!, $options: [CartSelectedDeliveryOptionInput!]!) {
  cartSelectedDeliveryOptionsUpdate(cartId: $cartId, selectedDeliveryOptions: $options) { ${RESULT} } } ${CART}`;
const LINES_ADD = `mutation Lines($cartId: ID!, $lines: [CartLineInput!]!) { cartLinesAdd(cartId: $cartId, lines: $lines) { ${RESULT} } } ${CART}`;
const IDENTITY = `mutation Identity($cartId: ID!, $buyerIdentity: CartBuyerIdentityInput!) {
  cartBuyerIdentityUpdate(cartId: $cartId, buyerIdentity: $buyerIdentity) { ${RESULT} } } ${CART}`;
const SELECTED_ONLY = `query Selected($id: ID!) { cart(id: $id) { delivery { selected: addresses(selected: true) { id } all: addresses(selected: false) { id } } } }`;
const GET = `query Get($id: ID!) { cart(id: $id) { ...C } } ${CART}`;
const CUSTOMER_ADDRESSES = `query Addresses($token: String!) { customer(customerAccessToken: $token) { addresses(first: 5) { nodes { id zip } } } }`;
const ORDER_SHIPPING = `query Orders($token: String!) { customer(customerAccessToken: $token) {
  orders(first: 1, reverse: true) { nodes { subtotalPrice { amount } totalShippingPrice { amount } totalTax { amount } totalPrice { amount } } } } }`;

type Amount = { amount: string };
type Option = { handle: string; title: string; code: string; deliveryMethodType: string; description: string | null; estimatedCost: Amount };
type Group = {
  id: string;
  groupType: string;
  deliveryAddress: { address1: string | null; city: string | null; provinceCode: string | null; zip: string | null; countryCodeV2: string | null };
  cartLines: { nodes: { quantity: number; merchandise: { id: string } }[] };
  deliveryOptions: Option[];
  selectedDeliveryOption: { handle: string; estimatedCost: Amount } | null;
};
type SelectableAddress = {
  id: string;
  selected: boolean;
  oneTimeUse: boolean;
  address: Record<string, string | null> & { formatted: string[]; formattedArea: string | null };
};
type Cart = { id: string; checkoutUrl: string; delivery: { addresses: SelectableAddress[] }; deliveryGroups: { nodes: Group[] } };
type Payload = {
  cart: Cart | null;
  userErrors: { code: string | null; field: string[] | null; message: string }[];
  warnings: { code: string; message: string; target: string }[];
};

const variant = (n: number) => `gid://shopify/ProductVariant/${n}`;

let sf: Harness;
beforeEach(async () => {
  sf = await startHarness({ shopUrl: 'http://shop.test' });
});
afterEach(() => sf.stop());

const send = <T>(doc: string, variables: Record<string, unknown>) => rootField<T>(sf, doc, variables);

async function createCart(input: Record<string, unknown> = {}): Promise<Cart> {
  const created = await send<Payload>(CREATE, { input: { lines: [{ merchandiseId: variant(9101), quantity: 1 }], ...input } });
  expect(created.userErrors).toEqual([]);
  return created.cart!;
}

const add = (cartId: string, addresses: unknown[]) => send<Payload>(ADD, { cartId, addresses });
const deliveryAddress = (address: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  address: { deliveryAddress: address },
  ...extra,
});
const handles = (group: Group) => group.deliveryOptions.map((o) => o.handle);

describe('storefront API emulator: cart delivery addresses', () => {
  it('adds a selected address, answers it under cart.delivery and filters by selected', async () => {
    const cart = await createCart();
    expect(cart.delivery.addresses).toEqual([]);
    const added = await add(cart.id, [
      deliveryAddress({ ...GRAMERCY, address2: 'Apt 3', phone: '(212) 555-0181' }, { selected: true, oneTimeUse: true }),
    ]);
    expect(added.userErrors).toEqual([]);
    const [address] = added.cart!.delivery.addresses;
    expect(address).toEqual({
      id: expect.stringMatching(/^gid:\/\/shopify\/CartSelectableAddress\//),
      selected: true,
      oneTimeUse: true,
      address: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        address1: '12 E 20th St',
        address2: 'Apt 3',
        city: 'New York',
        provinceCode: 'NY',
        countryCode: 'US',
        zip: '10003',
        phone: '+12125550181',
        formatted: ['Ada Lovelace', '12 E 20th St', 'Apt 3', 'New York NY 10003', 'United States'],
        formattedArea: 'New York NY, United States',
      },
    });
    const second = await add(cart.id, [deliveryAddress(BROOKLYN)]);
    expect(second.cart!.delivery.addresses.map((a) => a.selected)).toEqual([true, false]);
    const filtered = await send<{ delivery: { selected: { id: string }[]; all: { id: string }[] } }>(SELECTED_ONLY, { id: cart.id });
    expect(filtered.delivery).toEqual({ selected: [{ id: address.id }], all: second.cart!.delivery.addresses.map(({ id }) => ({ id })) });
  });

  it('keeps exactly one address selected, and refuses two selected in one input', async () => {
    const cart = await createCart();
    await add(cart.id, [deliveryAddress(GRAMERCY, { selected: true })]);
    const moved = await add(cart.id, [deliveryAddress(BROOKLYN, { selected: true })]);
    expect(moved.cart!.delivery.addresses.map((a) => [a.address.zip, a.selected])).toEqual([
      ['10003', false],
      ['11238', true],
    ]);
    const refused = await add(cart.id, [
      deliveryAddress(SAN_FRANCISCO, { selected: true }),
      deliveryAddress({ ...SAN_FRANCISCO, zip: '94103' }, { selected: true }),
    ]);
    expect(refused.userErrors).toEqual([
      { code: 'ONLY_ONE_DELIVERY_ADDRESS_CAN_BE_SELECTED', field: ['addresses'], message: 'Only one delivery address can be selected.' },
    ]);
    expect(refused.cart!.delivery.addresses).toHaveLength(2);
  });

  it('holds at most 20 addresses', async () => {
    const cart = await createCart();
    const twenty = Array.from({ length: 20 }, (_, i) => deliveryAddress({ ...GRAMERCY, address1: `${i + 1} E 20th St` }));
    expect((await add(cart.id, twenty)).cart!.delivery.addresses).toHaveLength(20);
    const refused = await add(cart.id, [deliveryAddress(BROOKLYN)]);
    expect(refused.userErrors).toEqual([
      {
        code: 'TOO_MANY_DELIVERY_ADDRESSES',
        field: ['addresses'],
        message: 'Too many delivery addresses on Cart. A cart can have at most 20 delivery addresses.',
      },
    ]);
    expect(refused.cart!.delivery.addresses).toHaveLength(20);
  });

  it('checks only the country by default, every field with STRICT', async () => {
    const cart = await createCart();
    const loose = { firstName: 'Ada', countryCode: 'US', provinceCode: 'ZZ', zip: 'ABC' };
    const stored = await add(cart.id, [deliveryAddress(loose)]);
    expect(stored.userErrors).toEqual([]);
    expect(stored.cart!.delivery.addresses[0].address).toMatchObject({ provinceCode: 'ZZ', zip: 'ABC', countryCode: 'US', city: null });

    const strict = await add(cart.id, [deliveryAddress({ ...loose, lastName: 'Lovelace', address1: '1 Main St' }, { validationStrategy: 'STRICT' })]);
    const base = ['addresses', '0', 'address', 'deliveryAddress'];
    expect(strict.userErrors).toEqual([
      { code: 'PROVINCE_NOT_FOUND', field: [...base, 'provinceCode'], message: 'The given province cannot be found.' },
      { code: 'INVALID_ZIP_CODE_FOR_COUNTRY', field: [...base, 'zip'], message: 'The given zip code is invalid for the provided country.' },
      { code: 'ADDRESS_FIELD_IS_REQUIRED', field: [...base, 'city'], message: 'City is required.' },
    ]);
    const noCountry = await add(cart.id, [deliveryAddress({ ...GRAMERCY, countryCode: undefined })]);
    expect(noCountry.userErrors).toEqual([{ code: 'ADDRESS_FIELD_IS_REQUIRED', field: [...base, 'countryCode'], message: 'Country is required.' }]);
    const badPhone = await add(cart.id, [deliveryAddress({ ...GRAMERCY, phone: '12' }, { validationStrategy: 'STRICT' })]);
    expect(badPhone.userErrors).toEqual([
      { code: 'ADDRESS_FIELD_DOES_NOT_MATCH_EXPECTED_PATTERN', field: [...base, 'phone'], message: 'Phone is invalid' },
    ]);
    expect(badPhone.cart!.delivery.addresses).toHaveLength(1);

    const abroad = await add(cart.id, [
      deliveryAddress({ firstName: 'Ada', city: 'Toronto', provinceCode: 'ON', countryCode: 'CA', zip: 'M5V 2T6' }),
    ]);
    expect(abroad.cart!.delivery.addresses[1].address).toMatchObject({ city: 'Toronto', provinceCode: 'ON', countryCode: 'CA', zip: 'M5V 2T6' });
  });

  it('always refuses HTML and over-long fields, and an address that is not exactly one kind', async () => {
    const cart = await createCart();
    const base = ['addresses', '0', 'address', 'deliveryAddress'];
    const html = await add(cart.id, [deliveryAddress({ ...GRAMERCY, address1: '<b>12</b> E 20th St' })]);
    expect(html.userErrors).toEqual([
      { code: 'ADDRESS_FIELD_CONTAINS_HTML_TAGS', field: [...base, 'address1'], message: 'Address1 cannot contain HTML tags' },
    ]);
    const long = await add(cart.id, [deliveryAddress({ ...GRAMERCY, city: 'x'.repeat(256) })]);
    expect(long.userErrors).toEqual([
      { code: 'ADDRESS_FIELD_IS_TOO_LONG', field: [...base, 'city'], message: 'City is too long (maximum is 255 characters)' },
    ]);
    const message = 'Exactly one kind of delivery address must be given: deliveryAddress or copyFromCustomerAddressId.';
    const neither = await add(cart.id, [{ address: {} }]);
    expect(neither.userErrors).toEqual([{ code: 'INVALID', field: ['addresses', '0', 'address'], message }]);
    const both = await add(cart.id, [{ address: { deliveryAddress: GRAMERCY, copyFromCustomerAddressId: 'gid://shopify/MailingAddress/1' } }]);
    expect(both.userErrors).toEqual([{ code: 'INVALID', field: ['addresses', '0', 'address'], message }]);
    expect(both.cart!.delivery.addresses).toEqual([]);
  });

  it('does not add the same address twice: a DUPLICATE_DELIVERY_ADDRESS warning names the existing one', async () => {
    const cart = await createCart();
    const first = await add(cart.id, [deliveryAddress(GRAMERCY)]);
    const again = await add(cart.id, [deliveryAddress({ ...GRAMERCY, provinceCode: 'ny' })]);
    expect(again.userErrors).toEqual([]);
    expect(again.warnings).toEqual([
      {
        code: 'DUPLICATE_DELIVERY_ADDRESS',
        target: first.cart!.delivery.addresses[0].id,
        message: 'A delivery address with the same details already exists on this cart.',
      },
    ]);
    expect(again.cart!.delivery.addresses).toHaveLength(1);
  });

  it("copies one of the linked customer's addresses, and only theirs", async () => {
    const token = await signInAda(sf);
    const customer = await send<{ addresses: { nodes: { id: string; zip: string }[] } }>(CUSTOMER_ADDRESSES, { token });
    const office = customer.addresses.nodes.find((a) => a.zip === '10112')!;
    const guest = await createCart();
    const refused = await add(guest.id, [{ address: { copyFromCustomerAddressId: office.id } }]);
    expect(refused.userErrors).toEqual([
      {
        code: 'INVALID_DELIVERY_ADDRESS_ID',
        field: ['addresses', '0', 'address', 'copyFromCustomerAddressId'],
        message: 'The delivery address was not found.',
      },
    ]);
    const linked = await createCart({ buyerIdentity: { customerAccessToken: token } });
    const copied = await add(linked.id, [{ address: { copyFromCustomerAddressId: office.id }, selected: true }]);
    expect(copied.userErrors).toEqual([]);
    expect(copied.cart!.delivery.addresses[0].address).toMatchObject({ address1: '30 Rockefeller Plaza', zip: '10112', provinceCode: 'NY' });
  });

  it('updates, removes and replaces addresses by id; unknown ids change nothing', async () => {
    const cart = await createCart();
    const [a, b] = (await add(cart.id, [deliveryAddress(GRAMERCY, { selected: true }), deliveryAddress(BROOKLYN)])).cart!.delivery.addresses;
    const updated = await send<Payload>(UPDATE, {
      cartId: cart.id,
      addresses: [{ id: b.id, selected: true, oneTimeUse: true, address: { deliveryAddress: { ...BROOKLYN, address2: 'Floor 2' } } }],
    });
    expect(updated.userErrors).toEqual([]);
    expect(updated.cart!.delivery.addresses.map((x) => [x.id, x.selected, x.oneTimeUse, x.address.address2])).toEqual([
      [a.id, false, false, null],
      [b.id, true, true, 'Floor 2'],
    ]);
    const unknown = 'gid://shopify/CartSelectableAddress/nope';
    const badUpdate = await send<Payload>(UPDATE, { cartId: cart.id, addresses: [{ id: unknown, selected: true }] });
    expect(badUpdate.userErrors).toEqual([
      { code: 'INVALID_DELIVERY_ADDRESS_ID', field: ['addresses', '0', 'id'], message: 'The delivery address was not found.' },
    ]);
    const badRemove = await send<Payload>(REMOVE, { cartId: cart.id, addressIds: [a.id, unknown] });
    expect(badRemove.userErrors).toEqual([
      { code: 'INVALID_DELIVERY_ADDRESS_ID', field: ['addressIds', '1'], message: 'The delivery address was not found.' },
    ]);
    expect(badRemove.cart!.delivery.addresses).toHaveLength(2);
    const removed = await send<Payload>(REMOVE, { cartId: cart.id, addressIds: [a.id] });
    expect(removed.cart!.delivery.addresses.map((x) => x.id)).toEqual([b.id]);
    const replaced = await send<Payload>(REPLACE, { cartId: cart.id, addresses: [deliveryAddress(SAN_FRANCISCO, { selected: true })] });
    expect(replaced.cart!.delivery.addresses.map((x) => [x.address.zip, x.selected])).toEqual([['94110', true]]);
  });

  it('takes addresses in cartCreate, and creates no cart when one is refused', async () => {
    const cart = await createCart({ delivery: { addresses: [deliveryAddress(GRAMERCY, { selected: true })] } });
    expect(cart.delivery.addresses.map((a) => a.address.zip)).toEqual(['10003']);
    const refused = await send<Payload>(CREATE, {
      input: { delivery: { addresses: [deliveryAddress({ ...GRAMERCY, zip: '1' }, { validationStrategy: 'STRICT' })] } },
    });
    expect(refused).toEqual({
      cart: null,
      userErrors: [
        {
          code: 'INVALID_ZIP_CODE_FOR_COUNTRY',
          field: ['input', 'delivery', 'addresses', '0', 'address', 'deliveryAddress', 'zip'],
          message: 'The given zip code is invalid for the provided country.',
        },
      ],
      warnings: [],
    });
  });

  it('answers INVALID for a cart that does not exist', async () => {
    const answer = await add('gid://shopify/Cart/nope?key=nope', [deliveryAddress(GRAMERCY)]);
    expect(answer).toEqual({
      cart: null,
      userErrors: [{ code: 'INVALID', field: ['cartId'], message: 'The specified cart does not exist.' }],
      warnings: [],
    });
  });
});

describe('storefront API emulator: delivery groups and options', () => {
  it('has no delivery groups until it knows where to deliver', async () => {
    const cart = await createCart();
    expect(cart.deliveryGroups.nodes).toEqual([]);
    const unselected = await add(cart.id, [deliveryAddress(GRAMERCY)]);
    expect(unselected.cart!.deliveryGroups.nodes).toEqual([]);
  });

  it('groups one-time and subscription lines, with the options of a Manhattan address', async () => {
    const cart = await createCart({
      lines: [
        { merchandiseId: variant(9101), quantity: 1 },
        { merchandiseId: variant(9301), quantity: 1, sellingPlanId: 'gid://shopify/SellingPlan/7001' },
      ],
      delivery: { addresses: [deliveryAddress(GRAMERCY, { selected: true })] },
    });
    const [oneTime, subscription] = cart.deliveryGroups.nodes;
    expect(oneTime).toMatchObject({
      id: expect.stringMatching(/^gid:\/\/shopify\/CartDeliveryGroup\//),
      groupType: 'ONE_TIME_PURCHASE',
      deliveryAddress: { address1: '12 E 20th St', city: 'New York', provinceCode: 'NY', zip: '10003', countryCodeV2: 'US' },
      cartLines: { nodes: [{ quantity: 1, merchandise: { id: variant(9101) } }] },
      selectedDeliveryOption: { handle: 'local-delivery', estimatedCost: { amount: '15.0' } },
    });
    // $45.00 of flowers: under the $100 shipping minimum.
    expect(oneTime.deliveryOptions).toEqual([
      {
        handle: 'local-delivery',
        title: 'Local delivery',
        code: 'LOCAL_DELIVERY',
        deliveryMethodType: 'LOCAL',
        description: 'Hand-delivered by our couriers across the five boroughs, 10am to 6pm.',
        estimatedCost: { amount: '15.0', currencyCode: 'USD' },
      },
      {
        handle: 'store-pickup',
        title: 'Pickup at 142 East 20th Street',
        code: 'PICKUP',
        deliveryMethodType: 'PICK_UP',
        description: 'Collect your order any day between 9am and 7pm.',
        estimatedCost: { amount: '0.0', currencyCode: 'USD' },
      },
    ]);
    expect(subscription).toMatchObject({ groupType: 'SUBSCRIPTION', cartLines: { nodes: [{ merchandise: { id: variant(9301) } }] } });
    expect(subscription.id).not.toBe(oneTime.id);
  });

  it('ships elsewhere in the US from $100, never a local-delivery-only product', async () => {
    const cart = await createCart({
      lines: [{ merchandiseId: variant(9101), quantity: 3 }],
      delivery: { addresses: [deliveryAddress(SAN_FRANCISCO, { selected: true })] },
    });
    const [group] = cart.deliveryGroups.nodes;
    expect(handles(group)).toEqual(['standard-shipping', 'overnight-shipping']);
    expect(group.selectedDeliveryOption).toEqual({ handle: 'standard-shipping', estimatedCost: { amount: '12.0' } });
    const withLocalOnly = await send<Payload>(LINES_ADD, { cartId: cart.id, lines: [{ merchandiseId: variant(9001), quantity: 1 }] });
    const [blocked] = withLocalOnly.cart!.deliveryGroups.nodes;
    expect(blocked.deliveryOptions).toEqual([]);
    expect(blocked.selectedDeliveryOption).toBeNull();
  });

  it("delivers to the linked customer's default address when the cart has none selected", async () => {
    const token = await signInAda(sf);
    const cart = await createCart();
    const linked = await send<Payload>(IDENTITY, { cartId: cart.id, buyerIdentity: { customerAccessToken: token } });
    const [group] = linked.cart!.deliveryGroups.nodes;
    expect(group.deliveryAddress).toMatchObject({ address1: '12 E 20th St', zip: '10003' });
    expect(handles(group)).toEqual(['local-delivery', 'store-pickup']);
  });

  it('selects an option by handle, keeps it while lines change and resets it when the address changes', async () => {
    const cart = await createCart({ delivery: { addresses: [deliveryAddress(GRAMERCY, { selected: true }), deliveryAddress(BROOKLYN)] } });
    const groupId = cart.deliveryGroups.nodes[0].id;
    const selected = await send<Payload>(SELECT, { cartId: cart.id, options: [{ deliveryGroupId: groupId, deliveryOptionHandle: 'store-pickup' }] });
    expect(selected.userErrors).toEqual([]);
    expect(selected.cart!.deliveryGroups.nodes[0].selectedDeliveryOption).toEqual({ handle: 'store-pickup', estimatedCost: { amount: '0.0' } });

    const more = await send<Payload>(LINES_ADD, { cartId: cart.id, lines: [{ merchandiseId: variant(9101), quantity: 2 }] });
    // $135.00 now: shipping is offered too, and the pickup choice stands.
    expect(handles(more.cart!.deliveryGroups.nodes[0])).toEqual(['local-delivery', 'standard-shipping', 'overnight-shipping', 'store-pickup']);
    expect(more.cart!.deliveryGroups.nodes[0].selectedDeliveryOption?.handle).toBe('store-pickup');

    const brooklyn = cart.delivery.addresses[1].id;
    const moved = await send<Payload>(UPDATE, { cartId: cart.id, addresses: [{ id: brooklyn, selected: true }] });
    expect(moved.cart!.deliveryGroups.nodes[0].deliveryAddress.zip).toBe('11238');
    expect(moved.cart!.deliveryGroups.nodes[0].selectedDeliveryOption?.handle).toBe('local-delivery');
  });

  it('refuses an unknown delivery group or option handle, changing nothing', async () => {
    const cart = await createCart({ delivery: { addresses: [deliveryAddress(GRAMERCY, { selected: true })] } });
    const groupId = cart.deliveryGroups.nodes[0].id;
    const refused = await send<Payload>(SELECT, {
      cartId: cart.id,
      options: [
        { deliveryGroupId: groupId, deliveryOptionHandle: 'store-pickup' },
        { deliveryGroupId: 'gid://shopify/CartDeliveryGroup/nope', deliveryOptionHandle: 'store-pickup' },
        { deliveryGroupId: groupId, deliveryOptionHandle: 'standard-shipping' },
      ],
    });
    expect(refused.userErrors).toEqual([
      {
        code: 'INVALID_DELIVERY_GROUP',
        field: ['selectedDeliveryOptions', '1', 'deliveryGroupId'],
        message: 'Delivery group was not found in cart.',
      },
      { code: 'INVALID_DELIVERY_OPTION', field: ['selectedDeliveryOptions', '2', 'deliveryOptionHandle'], message: 'Delivery option was not valid.' },
    ]);
    expect(refused.cart!.deliveryGroups.nodes[0].selectedDeliveryOption?.handle).toBe('local-delivery');
  });

  it('keeps addresses and the selected option across a restart', async () => {
    const cart = await createCart({ delivery: { addresses: [deliveryAddress(GRAMERCY, { selected: true, oneTimeUse: true })] } });
    await send<Payload>(SELECT, {
      cartId: cart.id,
      options: [{ deliveryGroupId: cart.deliveryGroups.nodes[0].id, deliveryOptionHandle: 'store-pickup' }],
    });
    const { dataDir } = sf;
    await sf.stop(true);
    sf = await startHarness({ dataDir, shopUrl: 'http://shop.test' });
    const again = await send<Cart>(GET, { id: cart.id });
    expect(again.delivery.addresses.map((a) => [a.id, a.selected, a.oneTimeUse])).toEqual([[cart.delivery.addresses[0].id, true, true]]);
    expect(again.deliveryGroups.nodes[0].selectedDeliveryOption?.handle).toBe('store-pickup');
  });
});

describe('emulated checkout: delivery', () => {
  it('starts from the selected delivery address and charges the selected option as the shipping line', async () => {
    const token = await signInAda(sf);
    const cart = await createCart({
      buyerIdentity: { customerAccessToken: token },
      delivery: { addresses: [deliveryAddress({ ...BROOKLYN, address2: 'Floor 2' }, { selected: true })] },
    });
    const page = await (await fetch(cart.checkoutUrl)).text();
    expect(page).toContain('value="200 Eastern Pkwy"');
    expect(page).toContain('value="11238"');
    expect(page).toMatch(/Local delivery<\/td><td><\/td><td class="num">\$15\.00 USD/);
    // New York taxes the delivery charge too: 8.875 % of (45.00 + 15.00) = 5.325, half up to 5.33.
    expect(page).toMatch(/Taxes<\/td><td><\/td><td class="num">\$5\.33 USD/);
    expect(page).toContain('Place order · $65.33 USD');

    const form = {
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      address1: '200 Eastern Pkwy',
      address2: '',
      city: 'Brooklyn',
      province: 'NY',
      zip: '11238',
    };
    const placed = await fetch(cart.checkoutUrl, { method: 'POST', redirect: 'manual', body: new URLSearchParams(form) });
    expect(placed.status).toBe(303);
    const order = listOrders(sf.dataDir).at(-1)!;
    expect(order).toMatchObject({
      subtotal: { amount: '45.00' },
      shippingLines: [
        { title: 'Local delivery', handle: 'local-delivery', code: 'LOCAL_DELIVERY', deliveryMethodType: 'LOCAL', price: { amount: '15.00' } },
      ],
      totalTax: { amount: '5.33' },
      total: { amount: '65.33' },
    });
    type OrderTotals = { subtotalPrice: Amount; totalShippingPrice: Amount; totalTax: Amount; totalPrice: Amount };
    const orders = await send<{ orders: { nodes: OrderTotals[] } }>(ORDER_SHIPPING, { token });
    expect(orders.orders.nodes[0]).toEqual({
      subtotalPrice: { amount: '45.0' },
      totalShippingPrice: { amount: '15.0' },
      totalTax: { amount: '5.33' },
      totalPrice: { amount: '65.33' },
    });
  });

  it('charges no shipping without a selected delivery address, even when a default address gives the cart delivery groups', async () => {
    const token = await signInAda(sf);
    const cart = await createCart({ buyerIdentity: { customerAccessToken: token } });
    expect(cart.deliveryGroups.nodes[0].selectedDeliveryOption?.handle).toBe('local-delivery');
    const form = {
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      address1: '1 Main St',
      address2: '',
      city: 'New York',
      province: 'NY',
      zip: '10003',
    };
    expect((await fetch(cart.checkoutUrl, { method: 'POST', redirect: 'manual', body: new URLSearchParams(form) })).status).toBe(303);
    // Tax for the typed New York address, on the items alone: 8.875 % of 45.00 = 3.99375 → 3.99.
    expect(listOrders(sf.dataDir).at(-1)).toMatchObject({ shippingLines: [], totalTax: { amount: '3.99' }, total: { amount: '48.99' } });
  });
});
