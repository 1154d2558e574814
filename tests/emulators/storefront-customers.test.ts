/**
 * Customer accounts in the Storefront API emulator, over real HTTP: registration (enabled at
 * once, a welcome mail), an invited customer's activation and password reset through the local
 * inbox, sign-in and token lifetimes, profile and address changes, orders, carts linked to a
 * customer, and the checkout's pre-filled form. The fixture seed
 * (tests/fixtures/storefront/customers.json) has Ada and Grace with two past orders each, and
 * Katherine, invited (no password yet).
 */
import { DatabaseSync } from 'node:sqlite';
import { listOrders, storefrontDatabaseFile } from '../../emulators/storefront-api';
import { NEW_YORK_ADDRESS, postForm, startHarness, type Harness } from '../support/storefront-harness';

const SHOP_URL = 'http://shop.test';
const ADA = { email: 'ada@example.com', password: 'flowers-ada-1815' };
const GRACE = { email: 'grace@example.com', password: 'flowers-grace-1906' };

type UserError = { code?: string | null; field: string[] | null; message: string };
type Amount = { amount: string; currencyCode?: string };
type Address = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  provinceCode: string | null;
  country: string | null;
  countryCodeV2: string | null;
  zip: string | null;
  phone: string | null;
  name: string | null;
  formatted: string[];
  formattedArea: string | null;
};
type Token = { accessToken: string; expiresAt: string };

const USER_ERRORS = 'customerUserErrors { code field message } userErrors { field message }';
const ADDRESS = `id firstName lastName company address1 address2 city province provinceCode country countryCodeV2 zip phone name
  formatted(withName: true) formattedArea`;
const CUSTOMER = `id displayName firstName lastName email phone acceptsMarketing numberOfOrders tags createdAt updatedAt
  defaultAddress { ${ADDRESS} } addresses(first: 250) { nodes { ${ADDRESS} } }`;

let sf: Harness;
beforeEach(async () => {
  sf = await startHarness({ shopUrl: SHOP_URL });
});
afterEach(() => sf.stop());

/** Run a document that must not fail as a whole; its `data`. */
async function gql<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
  const { status, body } = await sf.gql<T>(query, variables);
  expect(status).toBe(200);
  expect(body.errors).toBeUndefined();
  return body.data!;
}

async function signIn(credentials: { email: string; password: string }) {
  const data = await gql<{
    customerAccessTokenCreate: { customerAccessToken: Token | null } & { customerUserErrors: UserError[]; userErrors: UserError[] };
  }>(
    `mutation($input: CustomerAccessTokenCreateInput!) { customerAccessTokenCreate(input: $input) { customerAccessToken { accessToken expiresAt } ${USER_ERRORS} } }`,
    { input: credentials },
  );
  return data.customerAccessTokenCreate;
}

async function tokenOf(credentials: { email: string; password: string }): Promise<string> {
  const result = await signIn(credentials);
  expect(result.customerUserErrors).toEqual([]);
  return result.customerAccessToken!.accessToken;
}

type CustomerView = {
  id: string;
  displayName: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  acceptsMarketing: boolean;
  numberOfOrders: string;
  tags: string[];
  createdAt: string;
  updatedAt: string;
  defaultAddress: Address | null;
  addresses: { nodes: Address[] };
};

async function customer(token: string): Promise<CustomerView | null> {
  const data = await gql<{ customer: CustomerView | null }>(`query($t: String!) { customer(customerAccessToken: $t) { ${CUSTOMER} } }`, { t: token });
  return data.customer;
}

type CreatePayload = {
  customer: { id: string; email: string; firstName: string | null } | null;
  customerUserErrors: UserError[];
  userErrors: UserError[];
};
async function register(input: Record<string, unknown>): Promise<CreatePayload> {
  const data = await gql<{ customerCreate: CreatePayload }>(
    `mutation($input: CustomerCreateInput!) { customerCreate(input: $input) { customer { id email firstName } ${USER_ERRORS} } }`,
    { input },
  );
  return data.customerCreate;
}

type RedeemPayload = { customer: { email: string } | null; customerAccessToken: Token | null; customerUserErrors: UserError[] };
async function activate(activationUrl: string, password: string): Promise<RedeemPayload> {
  const data = await gql<{ customerActivateByUrl: RedeemPayload }>(
    `mutation($url: URL!, $password: String!) { customerActivateByUrl(activationUrl: $url, password: $password) {
      customer { email } customerAccessToken { accessToken expiresAt } customerUserErrors { code field message } } }`,
    { url: activationUrl, password },
  );
  return data.customerActivateByUrl;
}

async function resetByUrl(resetUrl: string, password: string): Promise<RedeemPayload & { userErrors: UserError[] }> {
  const data = await gql<{ customerResetByUrl: RedeemPayload & { userErrors: UserError[] } }>(
    `mutation($url: URL!, $password: String!) { customerResetByUrl(resetUrl: $url, password: $password) {
      customer { email } customerAccessToken { accessToken expiresAt } ${USER_ERRORS} } }`,
    { url: resetUrl, password },
  );
  return data.customerResetByUrl;
}

async function recover(email: string) {
  const data = await gql<{ customerRecover: { customerUserErrors: UserError[]; userErrors: UserError[] } }>(
    `mutation($email: String!) { customerRecover(email: $email) { ${USER_ERRORS} } }`,
    { email },
  );
  return data.customerRecover;
}

async function latestMail(to: string) {
  const [mail] = await sf.inbox(to);
  expect(mail).toBeDefined();
  return mail;
}

type AddressPayload = { customerAddress: Address | null; customerUserErrors: UserError[]; userErrors: UserError[] };
async function addAddress(token: string, address: Record<string, unknown>): Promise<AddressPayload> {
  const data = await gql<{ customerAddressCreate: AddressPayload }>(
    `mutation($t: String!, $a: MailingAddressInput!) { customerAddressCreate(customerAccessToken: $t, address: $a) { customerAddress { ${ADDRESS} } ${USER_ERRORS} } }`,
    { t: token, a: address },
  );
  return data.customerAddressCreate;
}

/** Edit the persisted customers between two runs (stands in for time passing). */
async function editCustomers(
  edit: (customers: { email: string; reset: { expiresAt: string } | null; activation: { expiresAt: string } | null }[]) => void,
) {
  await sf.stop(true);
  const db = new DatabaseSync(storefrontDatabaseFile(sf.dataDir));
  const rows = db.prepare('SELECT id, data FROM customers').all();
  const customers = rows.map((row) => JSON.parse(String(row.data)) as Parameters<typeof edit>[0][number]);
  edit(customers);
  customers.forEach((customer, i) => db.prepare('UPDATE customers SET data = ? WHERE id = ?').run(JSON.stringify(customer), rows[i].id));
  db.close();
  sf = await startHarness({ shopUrl: SHOP_URL, dataDir: sf.dataDir });
}

describe('seeded customers', () => {
  it('signs Ada in with her documented password and answers her profile and addresses', async () => {
    const signedIn = await signIn(ADA);
    expect(signedIn.customerUserErrors).toEqual([]);
    expect(signedIn.customerAccessToken!.accessToken).toMatch(/^[0-9a-f]{64}$/);
    // 14 days, Shopify's lifetime.
    const lifetime = Date.parse(signedIn.customerAccessToken!.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(14 * 86_400_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(14 * 86_400_000);

    const ada = (await customer(signedIn.customerAccessToken!.accessToken))!;
    expect(ada).toMatchObject({
      displayName: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+12125550181',
      acceptsMarketing: true,
      numberOfOrders: '2',
      tags: ['vip', 'newsletter'],
      createdAt: '2026-02-03T15:04:00Z',
    });
    expect(ada.id).toMatch(/^gid:\/\/shopify\/Customer\/\d+$/);
    expect(ada.addresses.nodes).toHaveLength(2);
    expect(ada.defaultAddress).toEqual(ada.addresses.nodes[0]);
    expect(ada.defaultAddress).toMatchObject({
      address1: '12 E 20th St',
      address2: 'Apt 3',
      city: 'New York',
      province: 'New York',
      provinceCode: 'NY',
      country: 'United States',
      countryCodeV2: 'US',
      zip: '10003',
      name: 'Ada Lovelace',
      formatted: ['Ada Lovelace', '12 E 20th St', 'Apt 3', 'New York NY 10003', 'United States'],
      formattedArea: 'New York NY, United States',
    });
    expect(ada.defaultAddress!.id).toMatch(/^gid:\/\/shopify\/MailingAddress\/\d+\?model_name=CustomerAddress$/);
    expect(ada.addresses.nodes[1]).toMatchObject({ company: 'Analytical Engines Ltd', province: 'New York', provinceCode: 'NY' });
  });

  it('lists each customer’s own past orders, sorted, filtered and with catalog variants', async () => {
    type OrderView = {
      name: string;
      orderNumber: number;
      processedAt: string;
      email: string;
      financialStatus: string;
      fulfillmentStatus: string;
      currencyCode: string;
      currentTotalPrice: Amount;
      totalPrice: Amount;
      subtotalPrice: Amount;
      totalShippingPrice: Amount;
      totalTax: Amount;
      shippingAddress: { address1: string; provinceCode: string; formatted: string[] } | null;
      billingAddress: { address1: string } | null;
      customAttributes: { key: string; value: string }[];
      customerUrl: string;
      statusUrl: string;
      canceledAt: string | null;
      edited: boolean;
      lineItems: {
        nodes: {
          title: string;
          quantity: number;
          currentQuantity: number;
          originalTotalPrice: Amount;
          variant: { id: string; title: string; product: { handle: string } } | null;
        }[];
      };
    };
    const ORDER = `name orderNumber processedAt email financialStatus fulfillmentStatus currencyCode
      currentTotalPrice { amount currencyCode } totalPrice { amount } subtotalPrice { amount } totalShippingPrice { amount } totalTax { amount }
      shippingAddress { address1 provinceCode formatted } billingAddress { address1 } customAttributes { key value }
      customerUrl statusUrl canceledAt edited
      lineItems(first: 250) { nodes { title quantity currentQuantity originalTotalPrice { amount } variant { id title product { handle } } } }`;
    const ordersOf = async (token: string, args: string) =>
      (
        await gql<{ customer: { orders: { nodes: OrderView[] } } }>(
          `query($t: String!) { customer(customerAccessToken: $t) { orders(${args}) { nodes { ${ORDER} } } } }`,
          {
            t: token,
          },
        )
      ).customer.orders.nodes;

    const ada = await tokenOf(ADA);
    const newestFirst = await ordersOf(ada, 'first: 250, sortKey: PROCESSED_AT, reverse: true');
    expect(newestFirst.map((o) => o.name)).toEqual(['#1003', '#1001']);
    expect((await ordersOf(ada, 'first: 250, sortKey: ID')).map((o) => o.orderNumber)).toEqual([1001, 1003]);
    const [pickup, delivery] = newestFirst;
    expect(delivery).toMatchObject({
      orderNumber: 1001,
      processedAt: '2026-03-14T15:20:00Z',
      email: 'ada@example.com',
      financialStatus: 'PAID',
      fulfillmentStatus: 'UNFULFILLED',
      currencyCode: 'USD',
      currentTotalPrice: { amount: '130.0', currencyCode: 'USD' },
      totalPrice: { amount: '130.0' },
      subtotalPrice: { amount: '130.0' },
      totalShippingPrice: { amount: '0.0' },
      totalTax: { amount: '0.0' },
      shippingAddress: { address1: '12 E 20th St', provinceCode: 'NY', formatted: ['12 E 20th St', 'Apt 3', 'New York NY 10003', 'United States'] },
      billingAddress: { address1: '12 E 20th St' },
      customAttributes: [
        { key: 'Checkout-Method', value: 'delivery' },
        { key: 'Delivery-Date', value: '2026-03-15' },
      ],
      canceledAt: null,
      edited: false,
    });
    expect(delivery.lineItems.nodes).toEqual([
      {
        title: 'Classic Gramercy Bouquet',
        quantity: 1,
        currentQuantity: 1,
        originalTotalPrice: { amount: '85.0' },
        variant: { id: 'gid://shopify/ProductVariant/9002', title: 'Classic', product: { handle: 'classic-gramercy-bouquet' } },
      },
      {
        title: 'Bodega Bunch',
        quantity: 1,
        currentQuantity: 1,
        originalTotalPrice: { amount: '45.0' },
        variant: { id: 'gid://shopify/ProductVariant/9101', title: 'Default Title', product: { handle: 'bodega-bunch' } },
      },
    ]);
    expect(pickup).toMatchObject({ name: '#1003', shippingAddress: null, billingAddress: null, totalPrice: { amount: '108.0' } });
    // The customer's link to the order is the platform's order status page, as the status URL.
    expect(delivery.customerUrl).toBe(delivery.statusUrl);
    const status = await fetch(delivery.customerUrl);
    expect(status.status).toBe(200);
    expect(await status.text()).toContain('#1001');

    for (const query of ['name:#1003', 'name:1003', 'order_number:1003', '#1003']) {
      expect([query, (await ordersOf(ada, `first: 10, query: ${JSON.stringify(query)}`)).map((o) => o.name)]).toEqual([query, ['#1003']]);
    }
    expect(await ordersOf(ada, 'first: 10, query: "name:#1002"')).toEqual([]); // Grace's order

    const grace = await tokenOf(GRACE);
    expect((await ordersOf(grace, 'first: 250')).map((o) => o.name)).toEqual(['#1002', '#1004']);
  });

  it('pages orders with cursors', async () => {
    type Page = {
      customer: {
        orders: { totalCount: string; edges: { cursor: string; node: { name: string } }[]; pageInfo: { hasNextPage: boolean; endCursor: string } };
      };
    };
    const q = `query($t: String!, $after: String) { customer(customerAccessToken: $t) {
      orders(first: 1, after: $after) { totalCount edges { cursor node { name } } pageInfo { hasNextPage endCursor } } } }`;
    const t = await tokenOf(GRACE);
    const first = await gql<Page>(q, { t });
    expect(first.customer.orders.edges.map((e) => e.node.name)).toEqual(['#1002']);
    expect(first.customer.orders.totalCount).toBe('2'); // every order, not the page (UnsignedInt64: a string)
    expect(first.customer.orders.pageInfo.hasNextPage).toBe(true);
    const second = await gql<Page>(q, { t, after: first.customer.orders.pageInfo.endCursor });
    expect(second.customer.orders.edges.map((e) => e.node.name)).toEqual(['#1004']);
    expect(second.customer.orders.pageInfo.hasNextPage).toBe(false);
    const tooMany = await sf.gql(`query($t: String!) { customer(customerAccessToken: $t) { orders(first: 251) { nodes { name } } } }`, { t });
    expect(tooMany.body.errors?.[0].message).toMatch(/250/);
  });

  it('did not take the seeded orders off today’s stock', async () => {
    const data = await gql<{ nodes: { id: string; quantityAvailable: number }[] }>(
      `{ nodes(ids: ["gid://shopify/ProductVariant/9002", "gid://shopify/ProductVariant/9101"]) { ... on ProductVariant { id quantityAvailable } } }`,
    );
    expect(data.nodes).toEqual([
      { id: 'gid://shopify/ProductVariant/9002', quantityAvailable: 3 },
      { id: 'gid://shopify/ProductVariant/9101', quantityAvailable: 20 },
    ]);
  });

  it('seeds a data dir once: later changes survive a restart and nothing is seeded twice', async () => {
    const t = await tokenOf(ADA);
    await gql(
      `mutation($t: String!) { customerUpdate(customerAccessToken: $t, customer: { firstName: "Augusta Ada" }) { customerUserErrors { code } } }`,
      { t },
    );
    await sf.stop(true);
    sf = await startHarness({ shopUrl: SHOP_URL, dataDir: sf.dataDir });
    expect((await customer(t))?.firstName).toBe('Augusta Ada'); // the token survives too
    expect(listOrders(sf.dataDir).map((o) => o.name)).toEqual(['#1001', '#1002', '#1003', '#1004']);
  });
});

describe('registration', () => {
  it('creates an enabled customer who signs in at once, and mails a welcome, as Shopify does', async () => {
    const created = await register({
      email: 'Marie@Example.com',
      password: 'radium-1867',
      firstName: 'Marie',
      lastName: 'Curie',
      acceptsMarketing: true,
    });
    expect(created.customerUserErrors).toEqual([]);
    expect(created.customer).toMatchObject({ email: 'marie@example.com', firstName: 'Marie' });

    const token = await tokenOf({ email: 'MARIE@example.com', password: 'radium-1867' });
    expect(await customer(token)).toMatchObject({ displayName: 'Marie Curie', acceptsMarketing: true });

    const [mail, ...others] = await sf.inbox('marie@example.com');
    expect(others).toEqual([]);
    expect(mail).toMatchObject({
      to: 'marie@example.com',
      kind: 'welcome',
      subject: 'Customer account confirmation',
      link: `${SHOP_URL}/accounts/account`,
    });
    expect(mail.text).toContain(mail.link);
    expect(mail.text).toMatch(/account is active/);

    // The email is taken now; nothing else is mailed.
    expect((await register({ email: 'marie@example.com', password: 'polonium-1898' })).customerUserErrors).toEqual([
      { code: 'TAKEN', field: ['input', 'email'], message: 'Email has already been taken' },
    ]);
    expect(await sf.inbox('marie@example.com')).toHaveLength(1);
  });

  it('refuses bad registrations with Shopify’s codes and messages', async () => {
    const cases: [Record<string, unknown>, UserError[]][] = [
      [{ email: 'ADA@example.com', password: 'whatever1' }, [{ code: 'TAKEN', field: ['input', 'email'], message: 'Email has already been taken' }]],
      [{ email: 'not-an-email', password: 'whatever1' }, [{ code: 'INVALID', field: ['input', 'email'], message: 'Email is invalid' }]],
      [{ email: '', password: 'whatever1' }, [{ code: 'BLANK', field: ['input', 'email'], message: "Email can't be blank" }]],
      [
        { email: 'x@example.com', password: 'abcd' },
        [{ code: 'TOO_SHORT', field: ['input', 'password'], message: 'Password is too short (minimum is 5 characters)' }],
      ],
      [
        { email: 'x@example.com', password: ' spaced-out ' },
        [{ code: 'PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE', field: ['input', 'password'], message: 'Password cannot start or end with whitespace' }],
      ],
      [{ email: 'x@example.com', password: '' }, [{ code: 'BLANK', field: ['input', 'password'], message: "Password can't be blank" }]],
      [{ email: 'x@example.com', password: 'fine-pass', phone: '12' }, [{ code: 'INVALID', field: ['input', 'phone'], message: 'Phone is invalid' }]],
      [
        { email: 'x@example.com', password: 'fine-pass', phone: '+12125550181' },
        [{ code: 'TAKEN', field: ['input', 'phone'], message: 'Phone has already been taken' }],
      ],
    ];
    for (const [input, errors] of cases) {
      const result = await register(input);
      expect([input, result.customer, result.customerUserErrors]).toEqual([input, null, errors]);
      expect(result.userErrors).toEqual(errors.map(({ field, message }) => ({ field, message })));
    }
    expect(await sf.inbox('x@example.com')).toEqual([]);
  });
});

describe('an invited customer (seeded without a password)', () => {
  /** Seeded in the fixture with "invited": true. */
  const KATHERINE = 'katherine@example.com';

  it('cannot sign in, has the invitation in the inbox, and activates with its link on the shop’s domain', async () => {
    const notYet = await signIn({ email: KATHERINE, password: 'anything-1' });
    expect(notYet.customerAccessToken).toBeNull();
    expect(notYet.customerUserErrors).toEqual([{ code: 'UNIDENTIFIED_CUSTOMER', field: null, message: 'Unidentified customer' }]);

    const mail = await latestMail(KATHERINE);
    expect(mail).toMatchObject({ to: KATHERINE, kind: 'activation', subject: 'Customer account activation' });
    // Shopify's activation URL, on the storefront's domain: the link is the URL itself.
    expect(mail.link).toMatch(new RegExp(`^${SHOP_URL}/account/activate/\\d+/[0-9a-f]{64}$`));
    expect(mail.text).toContain(mail.link);
    expect(mail.text).toMatch(/invited/);

    const short = await activate(mail.link, 'abc');
    expect(short.customerUserErrors).toEqual([
      { code: 'TOO_SHORT', field: ['password'], message: 'Password is too short (minimum is 5 characters)' },
    ]);

    const activated = await activate(mail.link, 'orbit-1962');
    expect(activated.customerUserErrors).toEqual([]);
    expect(activated.customer).toEqual({ email: KATHERINE });
    expect(await customer(activated.customerAccessToken!.accessToken)).toMatchObject({
      displayName: 'Katherine Johnson',
      tags: ['wholesale'],
      defaultAddress: expect.objectContaining({ address1: '250 W 57th St' }),
    });
    expect((await signIn({ email: KATHERINE, password: 'orbit-1962' })).customerUserErrors).toEqual([]);
    expect((await activate(mail.link, 'orbit-1963')).customerUserErrors).toEqual([
      { code: 'ALREADY_ENABLED', field: null, message: 'Account already enabled' },
    ]);
  });

  it('registering the invited email sends the invitation again; only the newest link works', async () => {
    const [first] = await sf.inbox(KATHERINE);
    const again = await register({ email: KATHERINE, password: 'another-1' });
    expect(again.customer).toBeNull();
    const message = `We have sent an email to ${KATHERINE}, please click the link included to verify your email address.`;
    expect(again.customerUserErrors).toEqual([{ code: 'CUSTOMER_DISABLED', field: null, message }]);
    expect(again.userErrors).toEqual([{ field: null, message }]);
    const mails = await sf.inbox(KATHERINE);
    expect(mails.map((m) => m.kind)).toEqual(['activation', 'activation']);
    expect(mails[0].link).not.toBe(first.link);
    expect((await activate(first.link, 'orbit-1962')).customerUserErrors[0]).toMatchObject({ code: 'TOKEN_INVALID', field: ['activationUrl'] });
    expect((await activate(mails[0].link, 'orbit-1962')).customerUserErrors).toEqual([]);
  });

  it('answers TOKEN_INVALID for activation URLs that are malformed, forged or expired', async () => {
    const url = (await latestMail(KATHERINE)).link;
    const forged = url.replace(/[0-9a-f]{64}$/, 'f'.repeat(64));
    for (const bad of [
      'https://example.com/nothing',
      forged,
      url.replace(/\/account\/activate\/\d+/, '/account/activate/999999'),
      // The old shape, carried behind another path, is not an activation URL.
      url.replace('/account/', '/__local/storefront/account/'),
    ]) {
      expect((await activate(bad, 'orbit-1963')).customerUserErrors).toEqual([
        { code: 'TOKEN_INVALID', field: ['activationUrl'], message: 'This activation link is invalid, was already used or has expired' },
      ]);
    }
    await editCustomers((customers) => {
      customers.find((c) => c.email === KATHERINE)!.activation!.expiresAt = '2026-01-01T00:00:00Z';
    });
    expect((await activate(url, 'orbit-1963')).customerUserErrors[0].code).toBe('TOKEN_INVALID');
  });

  it('with a public base (the shop’s /__local proxy, as npm start runs it), the links are still the shop’s and work', async () => {
    await sf.stop();
    sf = await startHarness({ shopUrl: SHOP_URL, publicUrl: `${SHOP_URL}/__local/storefront` });
    const invitation = await latestMail(KATHERINE);
    expect(new URL(invitation.link).origin).toBe(SHOP_URL);
    expect(new URL(invitation.link).pathname).toMatch(/^\/account\/activate\//);
    expect((await activate(invitation.link, 'orbit-1962')).customerUserErrors).toEqual([]);

    expect((await recover(GRACE.email)).customerUserErrors).toEqual([]);
    const reset = await latestMail(GRACE.email);
    expect(reset.link).toMatch(new RegExp(`^${SHOP_URL}/account/reset/\\d+/[0-9a-f]{64}$`));
    expect((await resetByUrl(reset.link, 'new-compiler-1952')).customerUserErrors).toEqual([]);
    expect((await signIn({ email: GRACE.email, password: 'new-compiler-1952' })).customerUserErrors).toEqual([]);

    // What the emulator hands the browser itself (checkout, images) stays on the public base.
    const { cartCreate } = await gql<{ cartCreate: { cart: { checkoutUrl: string } } }>('mutation { cartCreate { cart { checkoutUrl } } }');
    expect(cartCreate.cart.checkoutUrl.startsWith(`${SHOP_URL}/__local/storefront/`)).toBe(true);
  });
});

describe('access tokens', () => {
  it('refuses a wrong password or unknown email as the same unidentified customer', async () => {
    for (const credentials of [
      { email: ADA.email, password: 'wrong-password' },
      { email: 'nobody@example.com', password: ADA.password },
    ]) {
      const result = await signIn(credentials);
      expect(result.customerAccessToken).toBeNull();
      expect(result.customerUserErrors).toEqual([{ code: 'UNIDENTIFIED_CUSTOMER', field: null, message: 'Unidentified customer' }]);
      expect(result.userErrors).toEqual([{ field: null, message: 'Unidentified customer' }]);
    }
    expect(await customer('0'.repeat(64))).toBeNull();
  });

  it('renews and deletes tokens', async () => {
    type Renew = { customerAccessTokenRenew: { customerAccessToken: Token | null; userErrors: UserError[] } };
    type Delete = {
      customerAccessTokenDelete: { deletedAccessToken: string | null; deletedCustomerAccessTokenId: string | null; userErrors: UserError[] };
    };
    const RENEW = `mutation($t: String!) { customerAccessTokenRenew(customerAccessToken: $t) { customerAccessToken { accessToken expiresAt } userErrors { field message } } }`;
    const DELETE = `mutation($t: String!) { customerAccessTokenDelete(customerAccessToken: $t) { deletedAccessToken deletedCustomerAccessTokenId userErrors { field message } } }`;
    const t = await tokenOf(GRACE);
    const other = await tokenOf(GRACE);
    const renewed = await gql<Renew>(RENEW, { t });
    expect(renewed.customerAccessTokenRenew.userErrors).toEqual([]);
    expect(renewed.customerAccessTokenRenew.customerAccessToken!.accessToken).toBe(t);

    const deleted = await gql<Delete>(DELETE, { t });
    expect(deleted.customerAccessTokenDelete).toMatchObject({ deletedAccessToken: t, userErrors: [] });
    expect(deleted.customerAccessTokenDelete.deletedCustomerAccessTokenId).toBeTruthy();
    expect(await customer(t)).toBeNull();
    expect((await customer(other))?.email).toBe(GRACE.email); // only that session ended

    const notFound = [{ field: ['customerAccessToken'], message: 'Access token does not exist' }];
    expect((await gql<Delete>(DELETE, { t })).customerAccessTokenDelete).toEqual({
      deletedAccessToken: null,
      deletedCustomerAccessTokenId: null,
      userErrors: notFound,
    });
    expect((await gql<Renew>(RENEW, { t })).customerAccessTokenRenew).toEqual({ customerAccessToken: null, userErrors: notFound });
  });

  it('refuses every customer mutation with a bad token on the customerAccessToken field', async () => {
    const bad = { t: 'not-a-token' };
    const expected = [{ code: 'TOKEN_INVALID', field: ['customerAccessToken'], message: 'Customer access token is invalid or has expired' }];
    const mutations: [string, string][] = [
      ['customerUpdate', `customerUpdate(customerAccessToken: $t, customer: { firstName: "X" }) { customer { id } ${USER_ERRORS} }`],
      ['customerAddressCreate', `customerAddressCreate(customerAccessToken: $t, address: { city: "X" }) { customerAddress { id } ${USER_ERRORS} }`],
      [
        'customerAddressUpdate',
        `customerAddressUpdate(customerAccessToken: $t, id: "gid://shopify/MailingAddress/1?model_name=CustomerAddress", address: { city: "X" }) { customerAddress { id } ${USER_ERRORS} }`,
      ],
      [
        'customerAddressDelete',
        `customerAddressDelete(customerAccessToken: $t, id: "gid://shopify/MailingAddress/1?model_name=CustomerAddress") { deletedCustomerAddressId ${USER_ERRORS} }`,
      ],
      [
        'customerDefaultAddressUpdate',
        `customerDefaultAddressUpdate(customerAccessToken: $t, addressId: "gid://shopify/MailingAddress/1?model_name=CustomerAddress") { customer { id } ${USER_ERRORS} }`,
      ],
    ];
    for (const [name, selection] of mutations) {
      const data = await gql<Record<string, { customerUserErrors: UserError[]; userErrors: UserError[] } & Record<string, unknown>>>(
        `mutation($t: String!) { ${selection} }`,
        bad,
      );
      const { customerUserErrors, userErrors, ...rest } = data[name];
      expect([name, customerUserErrors]).toEqual([name, expected]);
      expect(userErrors).toEqual([{ field: ['customerAccessToken'], message: expected[0].message }]);
      expect(Object.values(rest)).toEqual([null]);
    }
  });

  it('expires tokens after customerAccessTokenTtlMs unless renewed in time', async () => {
    await sf.stop();
    // The emulator's clock is moved, not waited for: `at(ms)` sets it to `ms` after the tokens were made.
    let clockMs = Date.now();
    sf = await startHarness({ shopUrl: SHOP_URL, customerAccessTokenTtlMs: 1500, now: () => new Date(clockMs) });
    const renewedToken = await tokenOf(ADA);
    const plainToken = await tokenOf(ADA);
    const started = clockMs;
    const at = (ms: number) => {
      clockMs = started + ms;
    };
    at(700);
    const renewed = await gql<{ customerAccessTokenRenew: { customerAccessToken: Token | null } }>(
      `mutation($t: String!) { customerAccessTokenRenew(customerAccessToken: $t) { customerAccessToken { accessToken expiresAt } } }`,
      { t: renewedToken },
    );
    expect(renewed.customerAccessTokenRenew.customerAccessToken?.accessToken).toBe(renewedToken);
    at(1900); // past the first expiry, before the renewed one
    expect(await customer(plainToken)).toBeNull();
    expect((await customer(renewedToken))?.email).toBe(ADA.email);
    const update = await gql<{ customerUpdate: { customerUserErrors: UserError[] } }>(
      `mutation($t: String!) { customerUpdate(customerAccessToken: $t, customer: { lastName: "Byron" }) { customerUserErrors { code field } } }`,
      { t: plainToken },
    );
    expect(update.customerUpdate.customerUserErrors).toEqual([{ code: 'TOKEN_INVALID', field: ['customerAccessToken'] }]);
    at(2500);
    expect(await customer(renewedToken)).toBeNull();
    const late = await gql<{ customerAccessTokenRenew: { customerAccessToken: Token | null } }>(
      `mutation($t: String!) { customerAccessTokenRenew(customerAccessToken: $t) { customerAccessToken { accessToken } } }`,
      { t: renewedToken },
    );
    expect(late.customerAccessTokenRenew.customerAccessToken).toBeNull();
  });
});

describe('customerUpdate', () => {
  type UpdatePayload = {
    customer: { email: string; firstName: string | null; lastName: string | null; phone: string | null; acceptsMarketing: boolean } | null;
    customerAccessToken: Token | null;
  } & {
    customerUserErrors: UserError[];
    userErrors: UserError[];
  };
  const update = async (t: string, input: Record<string, unknown>) =>
    (
      await gql<{ customerUpdate: UpdatePayload }>(
        `mutation($t: String!, $c: CustomerUpdateInput!) { customerUpdate(customerAccessToken: $t, customer: $c) {
          customer { email firstName lastName phone acceptsMarketing } customerAccessToken { accessToken expiresAt } ${USER_ERRORS} } }`,
        { t, c: input },
      )
    ).customerUpdate;

  it('changes the profile, normalising the phone to E.164', async () => {
    const t = await tokenOf(GRACE);
    const result = await update(t, {
      firstName: 'Grace Brewster',
      lastName: 'Hopper',
      phone: '(212) 555-0100',
      acceptsMarketing: true,
      email: 'Amazing.Grace@Example.com',
    });
    expect(result).toMatchObject({
      customer: {
        email: 'amazing.grace@example.com',
        firstName: 'Grace Brewster',
        lastName: 'Hopper',
        phone: '+12125550100',
        acceptsMarketing: true,
      },
      customerAccessToken: null, // no password change, the token stays
      customerUserErrors: [],
    });
    expect((await customer(t))?.email).toBe('amazing.grace@example.com');
    expect((await signIn({ email: 'amazing.grace@example.com', password: GRACE.password })).customerUserErrors).toEqual([]);
  });

  it('refuses a taken or invalid email and an invalid phone, changing nothing', async () => {
    const t = await tokenOf(GRACE);
    const cases: [Record<string, unknown>, UserError[]][] = [
      [{ email: 'ADA@example.com' }, [{ code: 'TAKEN', field: ['customer', 'email'], message: 'Email has already been taken' }]],
      [{ email: 'grace-at-example' }, [{ code: 'INVALID', field: ['customer', 'email'], message: 'Email is invalid' }]],
      [{ phone: 'call me', firstName: 'Changed' }, [{ code: 'INVALID', field: ['customer', 'phone'], message: 'Phone is invalid' }]],
      [{ password: 'tiny' }, [{ code: 'TOO_SHORT', field: ['customer', 'password'], message: 'Password is too short (minimum is 5 characters)' }]],
    ];
    for (const [input, errors] of cases) {
      const result = await update(t, input);
      expect([input, result.customer, result.customerUserErrors]).toEqual([input, null, errors]);
    }
    expect(await customer(t)).toMatchObject({ email: GRACE.email, firstName: 'Grace', phone: '+17185550199' });
  });

  it('answers a new token for a new password and ends every older session', async () => {
    const t = await tokenOf(GRACE);
    const other = await tokenOf(GRACE);
    const result = await update(t, { password: 'cobol-1959' });
    expect(result.customerUserErrors).toEqual([]);
    const fresh = result.customerAccessToken!.accessToken;
    expect(fresh).not.toBe(t);
    expect(await customer(t)).toBeNull();
    expect(await customer(other)).toBeNull();
    expect((await customer(fresh))?.email).toBe(GRACE.email);
    expect((await signIn(GRACE)).customerUserErrors[0].code).toBe('UNIDENTIFIED_CUSTOMER');
    expect((await signIn({ email: GRACE.email, password: 'cobol-1959' })).customerUserErrors).toEqual([]);
  });
});

describe('addresses', () => {
  const UPDATE = `mutation($t: String!, $id: ID!, $a: MailingAddressInput!) { customerAddressUpdate(customerAccessToken: $t, id: $id, address: $a) {
    customerAddress { ${ADDRESS} } ${USER_ERRORS} } }`;
  const DELETE = `mutation($t: String!, $id: ID!) { customerAddressDelete(customerAccessToken: $t, id: $id) { deletedCustomerAddressId ${USER_ERRORS} } }`;
  const DEFAULT = `mutation($t: String!, $id: ID!) { customerDefaultAddressUpdate(customerAccessToken: $t, addressId: $id) {
    customer { defaultAddress { id } } ${USER_ERRORS} } }`;
  type UpdateResult = { customerAddressUpdate: AddressPayload };
  type DeleteResult = { customerAddressDelete: { deletedCustomerAddressId: string | null; customerUserErrors: UserError[] } };
  type DefaultResult = {
    customerDefaultAddressUpdate: { customer: { defaultAddress: { id: string } | null } | null; customerUserErrors: UserError[] };
  };

  it('accepts US countries and states by name or code, and other countries as given', async () => {
    const t = await tokenOf(GRACE);
    const us = await addAddress(t, {
      firstName: 'Grace',
      lastName: 'Hopper',
      company: 'Navy Yard',
      address1: '63 Flushing Ave',
      city: 'Brooklyn',
      province: 'New York',
      country: 'United States',
      zip: '11205',
      phone: '718 555 0123',
    });
    expect(us.customerUserErrors).toEqual([]);
    expect(us.customerAddress).toMatchObject({
      province: 'New York',
      provinceCode: 'NY',
      country: 'United States',
      countryCodeV2: 'US',
      phone: '+17185550123',
      name: 'Grace Hopper',
      formatted: ['Grace Hopper', 'Navy Yard', '63 Flushing Ave', 'Brooklyn NY 11205', 'United States'],
      formattedArea: 'Brooklyn NY, United States',
    });
    expect(us.customerAddress!.id).toMatch(/^gid:\/\/shopify\/MailingAddress\/\d+\?model_name=CustomerAddress$/);
    for (const country of ['US', 'usa']) {
      const other = await addAddress(t, { address1: '1 Main St', city: 'Albany', province: 'ny', country, zip: '12207' });
      expect(other.customerAddress).toMatchObject({ province: 'New York', provinceCode: 'NY', country: 'United States', countryCodeV2: 'US' });
    }
    const france = await addAddress(t, {
      address1: '11 Rue Pierre et Marie Curie',
      city: 'Paris',
      province: 'Île-de-France',
      country: 'France',
      zip: '75005',
    });
    expect(france.customerAddress).toMatchObject({
      country: 'France',
      countryCodeV2: null,
      province: 'Île-de-France',
      provinceCode: null,
      zip: '75005',
    });
    // Adding addresses leaves the seeded default alone.
    expect((await customer(t))?.defaultAddress?.address1).toBe('405 W 118th St');
  });

  it('refuses invalid US states, ZIP codes and phones', async () => {
    const t = await tokenOf(GRACE);
    const result = await addAddress(t, {
      address1: '1 Main St',
      city: 'Springfield',
      province: 'Freedonia',
      country: 'US',
      zip: '1234',
      phone: 'nope',
    });
    expect(result.customerAddress).toBeNull();
    expect(result.customerUserErrors).toEqual([
      { code: 'INVALID', field: ['address', 'province'], message: 'Province is invalid' },
      { code: 'INVALID', field: ['address', 'zip'], message: 'Zip is invalid' },
      { code: 'INVALID', field: ['address', 'phone'], message: 'Phone is invalid' },
    ]);
    expect((await customer(t))?.addresses.nodes).toHaveLength(1);
  });

  it('updates, re-defaults and deletes the customer’s own addresses', async () => {
    const t = await tokenOf(ADA);
    const [home, office] = (await customer(t))!.addresses.nodes;
    const updated = await gql<UpdateResult>(UPDATE, { t, id: office.id, a: { address2: 'Floor 12', company: null } });
    expect(updated.customerAddressUpdate.customerUserErrors).toEqual([]);
    expect(updated.customerAddressUpdate.customerAddress).toMatchObject({
      id: office.id,
      address1: '30 Rockefeller Plaza',
      address2: 'Floor 12',
      company: null,
      provinceCode: 'NY',
    });

    const moved = await gql<DefaultResult>(DEFAULT, { t, id: office.id });
    expect(moved.customerDefaultAddressUpdate).toEqual({ customer: { defaultAddress: { id: office.id } }, customerUserErrors: [], userErrors: [] });

    const deleted = await gql<DeleteResult>(DELETE, { t, id: office.id });
    expect(deleted.customerAddressDelete).toEqual({ deletedCustomerAddressId: office.id, customerUserErrors: [], userErrors: [] });
    const after = (await customer(t))!;
    expect(after.addresses.nodes.map((a) => a.id)).toEqual([home.id]);
    expect(after.defaultAddress?.id).toBe(home.id); // the default moved to what is left

    const gone = await gql<DeleteResult>(DELETE, { t, id: office.id });
    expect(gone.customerAddressDelete.customerUserErrors).toEqual([{ code: 'NOT_FOUND', field: ['id'], message: 'Address does not exist' }]);
  });

  it('refuses another customer’s address ids', async () => {
    const ada = await tokenOf(ADA);
    const grace = await tokenOf(GRACE);
    const adaHome = (await customer(ada))!.defaultAddress!;
    const notFound = (field: string) => [{ code: 'NOT_FOUND', field: [field], message: 'Address does not exist' }];
    expect((await gql<UpdateResult>(UPDATE, { t: grace, id: adaHome.id, a: { city: 'Hoboken' } })).customerAddressUpdate).toMatchObject({
      customerAddress: null,
      customerUserErrors: notFound('id'),
    });
    expect((await gql<DeleteResult>(DELETE, { t: grace, id: adaHome.id })).customerAddressDelete.customerUserErrors).toEqual(notFound('id'));
    expect((await gql<DefaultResult>(DEFAULT, { t: grace, id: adaHome.id })).customerDefaultAddressUpdate).toMatchObject({
      customer: null,
      customerUserErrors: notFound('addressId'),
    });
    expect((await customer(ada))!.defaultAddress).toEqual(adaHome);
  });

  it('pages addresses and stops at 250 per customer', async () => {
    const t = await tokenOf(GRACE);
    for (let i = 1; i < 250; i++) {
      const result = await addAddress(t, { address1: `${i} Broadway`, city: 'New York', province: 'NY', country: 'US', zip: '10006' });
      expect(result.customerUserErrors).toEqual([]);
    }
    const over = await addAddress(t, { address1: '251 Broadway', city: 'New York', province: 'NY', country: 'US', zip: '10007' });
    expect(over.customerAddress).toBeNull();
    expect(over.customerUserErrors).toEqual([{ code: 'TOO_LONG', field: ['address'], message: 'A customer can have at most 250 addresses' }]);

    type Page = { customer: { addresses: { nodes: { address1: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string } } } };
    const q = `query($t: String!, $after: String) { customer(customerAccessToken: $t) { addresses(first: 100, after: $after) { nodes { address1 } pageInfo { hasNextPage endCursor } } } }`;
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: Page = await gql<Page>(q, { t, after });
      seen.push(...page.customer.addresses.nodes.map((a) => a.address1));
      if (!page.customer.addresses.pageInfo.hasNextPage) break;
      after = page.customer.addresses.pageInfo.endCursor;
    }
    expect(seen).toHaveLength(250);
    expect(seen.slice(0, 2)).toEqual(['405 W 118th St', '1 Broadway']);
  });
});

describe('password recovery', () => {
  it('mails a reset link to a known customer, and the link sets a new password once', async () => {
    const before = await tokenOf(ADA);
    expect(await recover('Ada@Example.com')).toEqual({ customerUserErrors: [], userErrors: [] });
    const mail = await latestMail(ADA.email);
    expect(mail).toMatchObject({ kind: 'password-reset', subject: 'Customer account password reset' });
    // Shopify's reset URL, on the storefront's domain: the link is the URL itself.
    const resetUrl = mail.link;
    expect(resetUrl).toMatch(new RegExp(`^${SHOP_URL}/account/reset/\\d+/[0-9a-f]{64}$`));
    expect(mail.text).toContain(resetUrl);

    expect((await resetByUrl(resetUrl, ' padded ')).customerUserErrors[0].code).toBe('PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE');
    const reset = await resetByUrl(resetUrl, 'difference-engine');
    expect(reset.customerUserErrors).toEqual([]);
    expect(reset.customer).toEqual({ email: ADA.email });
    expect((await customer(reset.customerAccessToken!.accessToken))?.email).toBe(ADA.email);
    expect(await customer(before)).toBeNull(); // the old session ended with the old password
    expect((await signIn(ADA)).customerUserErrors[0].code).toBe('UNIDENTIFIED_CUSTOMER');
    expect((await signIn({ email: ADA.email, password: 'difference-engine' })).customerUserErrors).toEqual([]);

    const reused = await resetByUrl(resetUrl, 'another-password');
    expect(reused.customerUserErrors).toEqual([
      { code: 'TOKEN_INVALID', field: ['resetUrl'], message: 'This password reset link is invalid, was already used or has expired' },
    ]);
    expect(reused.userErrors).toEqual([{ field: ['resetUrl'], message: 'This password reset link is invalid, was already used or has expired' }]);
  });

  it('answers "Could not find customer" for an unknown email and sends nothing', async () => {
    const before = await sf.inbox();
    expect(await recover('nobody@example.com')).toEqual({
      customerUserErrors: [{ code: 'UNIDENTIFIED_CUSTOMER', field: ['email'], message: 'Could not find customer' }],
      userErrors: [{ field: ['email'], message: 'Could not find customer' }],
    });
    expect(await sf.inbox()).toEqual(before);
  });

  it('refuses a reset link after 24 hours', async () => {
    await recover(GRACE.email);
    const url = (await latestMail(GRACE.email)).link;
    await editCustomers((customers) => {
      customers.find((c) => c.email === GRACE.email)!.reset!.expiresAt = new Date(Date.now() - 1000).toISOString();
    });
    expect((await resetByUrl(url, 'new-password-1')).customerUserErrors[0]).toMatchObject({ code: 'TOKEN_INVALID', field: ['resetUrl'] });
    expect((await signIn(GRACE)).customerUserErrors).toEqual([]);
  });
});

describe('mail inbox', () => {
  it('shows the mail newest first as an accessible HTML page without scripts, escaped, not cached', async () => {
    await register({ email: 'a&b@example.com', password: 'ampersand-1' });
    await recover(GRACE.email);
    const res = await fetch(`${sf.emulator.url}/__emulator/inbox`, { headers: { 'x-emulator-token': sf.emulator.debugToken } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const page = await res.text();
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<main id="main">');
    expect(page).toContain('a&amp;b@example.com');
    expect(page).not.toContain('a&b@');
    expect(page.indexOf('Customer account password reset')).toBeLessThan(page.indexOf('Customer account confirmation'));
    // The seeded invitation is there from the start, oldest.
    expect(page.indexOf('Customer account confirmation')).toBeLessThan(page.indexOf('Customer account activation'));
    const [reset, welcome, invitation] = await sf.inbox();
    expect([reset.kind, welcome.kind, invitation.kind]).toEqual(['password-reset', 'welcome', 'activation']);
    // The links are clickable, each with its own action.
    for (const mail of [reset, welcome, invitation]) expect(page).toContain(`href="${mail.link.replace(/&/g, '&amp;')}"`);
    for (const action of ['Reset password', 'Go to your account', 'Activate account']) expect(page).toContain(action);

    const filtered = await (
      await fetch(`${sf.emulator.url}/__emulator/inbox?to=${encodeURIComponent(GRACE.email)}`, {
        headers: { 'x-emulator-token': sf.emulator.debugToken },
      })
    ).text();
    expect(filtered).toContain('Customer account password reset');
    expect(filtered).not.toContain('Customer account activation');
  });

  it('lists the mail as JSON, newest first, filtered by recipient', async () => {
    await register({ email: 'emmy@example.com', password: 'noether-1882' });
    await recover('emmy@example.com');
    const res = await fetch(`${sf.emulator.url}/__emulator/inbox.json?to=EMMY@example.com`, {
      headers: { 'x-emulator-token': sf.emulator.debugToken },
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { messages } = (await res.json()) as {
      messages: { id: string; to: string; kind: string; sentAt: string; subject: string; link: string; text: string }[];
    };
    expect(messages.map((m) => [m.to, m.kind])).toEqual([
      ['emmy@example.com', 'password-reset'],
      ['emmy@example.com', 'welcome'],
    ]);
    expect(Date.parse(messages[0].sentAt)).toBeGreaterThanOrEqual(Date.parse(messages[1].sentAt));
    expect(await sf.inbox('someone-else@example.com')).toEqual([]);
  });

  it('keeps the mail across restarts, and its links keep working', async () => {
    await recover(GRACE.email);
    const mail = await latestMail(GRACE.email);
    await sf.stop(true);
    sf = await startHarness({ shopUrl: SHOP_URL, dataDir: sf.dataDir });
    expect(await sf.inbox(GRACE.email)).toEqual([mail]);
    expect((await resetByUrl(mail.link, 'frequency-hop')).customerUserErrors).toEqual([]);
    // The seed ran once: the invitation was not sent again.
    expect(await sf.inbox('katherine@example.com')).toHaveLength(1);
  });

  it('does not answer the account URLs itself: they are the shop’s', async () => {
    const { link } = await latestMail('katherine@example.com');
    const onEmulator = new URL(new URL(link).pathname, sf.emulator.url);
    expect((await fetch(onEmulator, { redirect: 'manual' })).status).toBe(404);
  });
});

describe('carts and checkout for a signed-in customer', () => {
  type CartView = { id: string; checkoutUrl: string; buyerIdentity: { email: string | null; customer: { id: string; email: string } | null } };
  type CartPayload = { cart: CartView | null; userErrors: UserError[] };
  const CART = 'id checkoutUrl buyerIdentity { email customer { id email } }';

  async function newCart(lines = [{ merchandiseId: 'gid://shopify/ProductVariant/9101', quantity: 1 }]) {
    const data = await gql<{ cartCreate: CartPayload }>(
      `mutation($input: CartInput) { cartCreate(input: $input) { cart { ${CART} } userErrors { code field message } } }`,
      { input: { lines, attributes: [{ key: 'Checkout-Method', value: 'delivery' }] } },
    );
    return data.cartCreate.cart!;
  }
  const link = async (cartId: string, buyerIdentity: Record<string, unknown>) =>
    (
      await gql<{ cartBuyerIdentityUpdate: CartPayload }>(
        `mutation($id: ID!, $b: CartBuyerIdentityInput!) { cartBuyerIdentityUpdate(cartId: $id, buyerIdentity: $b) { cart { ${CART} } userErrors { code field message } } }`,
        { id: cartId, b: buyerIdentity },
      )
    ).cartBuyerIdentityUpdate;
  const post = postForm;

  it('refuses an invalid or expired token and leaves the cart as it was', async () => {
    const cart = await newCart();
    const refused = await link(cart.id, { customerAccessToken: 'expired-or-made-up', email: 'someone@example.com' });
    expect(refused.userErrors).toEqual([{ code: 'INVALID', field: ['buyerIdentity', 'customerAccessToken'], message: 'Customer is invalid' }]);
    expect(refused.cart?.buyerIdentity).toEqual({ email: null, customer: null });

    const created = await gql<{ cartCreate: CartPayload }>(
      `mutation { cartCreate(input: { buyerIdentity: { customerAccessToken: "made-up" } }) { cart { id } userErrors { code field message } } }`,
    );
    expect(created.cartCreate).toEqual({
      cart: null,
      userErrors: [{ code: 'INVALID', field: ['input', 'buyerIdentity', 'customerAccessToken'], message: 'Customer is invalid' }],
    });
  });

  it('links the cart, pre-fills the checkout, and files the order under the customer only', async () => {
    const t = await tokenOf(ADA);
    const ada = (await customer(t))!;
    const cart = await newCart();
    const linked = await link(cart.id, { customerAccessToken: t });
    expect(linked.userErrors).toEqual([]);
    expect(linked.cart?.buyerIdentity).toEqual({ email: ADA.email, customer: { id: ada.id, email: ADA.email } });

    const page = await (await fetch(cart.checkoutUrl)).text();
    for (const [field, value] of Object.entries({
      email: ADA.email,
      name: 'Ada Lovelace',
      address1: '12 E 20th St',
      address2: 'Apt 3',
      city: 'New York',
      province: 'NY',
      zip: '10003',
    })) {
      expect(page).toMatch(new RegExp(`<input id="${field}"[^>]* value="${value}"`));
    }

    const placed = await post(cart.checkoutUrl, { email: ADA.email, name: 'Ada Lovelace', ...NEW_YORK_ADDRESS });
    expect(placed.status).toBe(303);

    // A guest's order goes to no one.
    const guestCart = await newCart();
    expect(
      (
        await post(guestCart.checkoutUrl, {
          email: 'guest@example.com',
          name: 'Guest',
          address1: '1 Main St',
          city: 'New York',
          province: 'NY',
          zip: '10001',
        })
      ).status,
    ).toBe(303);

    type Orders = { customer: { numberOfOrders: string; orders: { nodes: { name: string; email: string; totalPrice: Amount }[] } } };
    const ORDERS = `query($t: String!) { customer(customerAccessToken: $t) { numberOfOrders orders(first: 250, sortKey: PROCESSED_AT, reverse: true) { nodes { name email totalPrice { amount } } } } }`;
    const adaOrders = await gql<Orders>(ORDERS, { t });
    expect(adaOrders.customer.numberOfOrders).toBe('3');
    expect(adaOrders.customer.orders.nodes.map((o) => o.name)).toEqual(['#1005', '#1003', '#1001']);
    // 45.00 and New York's 8.875 % sales tax (3.99) for the New York address.
    expect(adaOrders.customer.orders.nodes[0]).toEqual({ name: '#1005', email: ADA.email, totalPrice: { amount: '48.99' } });
    const graceOrders = await gql<Orders>(ORDERS, { t: await tokenOf(GRACE) });
    expect(graceOrders.customer.orders.nodes.map((o) => o.name)).toEqual(['#1004', '#1002']);

    await sf.stop(true);
    const stored = listOrders(sf.dataDir);
    expect(stored.find((o) => o.name === '#1005')?.customerId).toBe(stored.find((o) => o.name === '#1001')?.customerId);
    expect(stored.find((o) => o.name === '#1006')).toMatchObject({ email: 'guest@example.com', customerId: null });
    sf = await startHarness({ shopUrl: SHOP_URL, dataDir: sf.dataDir });
  });

  it('keeps reading orders written before customer accounts existed', async () => {
    await sf.stop(true);
    const db = new DatabaseSync(storefrontDatabaseFile(sf.dataDir));
    const first = JSON.parse(String(db.prepare('SELECT data FROM orders ORDER BY order_number LIMIT 1').get()!.data)) as Record<string, unknown>;
    // An order as the checkout wrote it before customer accounts: no customerId, no seeded flag, the cart's token.
    const { customerId: _customerId, seeded: _seeded, ...old } = first;
    const legacy = { ...old, name: '#1005', orderNumber: 1005, id: 'gid://shopify/Order/1005', token: 'legacy', customerAccessToken: null };
    db.prepare('INSERT INTO orders (order_number, token, customer_id, seeded, data) VALUES (1005, ?, NULL, 0, ?)').run(
      'legacy',
      JSON.stringify(legacy),
    );
    db.close();
    sf = await startHarness({ shopUrl: SHOP_URL, dataDir: sf.dataDir });
    const t = await tokenOf(ADA);
    const data = await gql<{ customer: { numberOfOrders: string } }>(`query($t: String!) { customer(customerAccessToken: $t) { numberOfOrders } }`, {
      t,
    });
    expect(data.customer.numberOfOrders).toBe('2');
    // The legacy order counts against stock (it was a real sale), unlike the seeded ones.
    const variant = await gql<{ node: { quantityAvailable: number } }>(
      `{ node(id: "gid://shopify/ProductVariant/9002") { ... on ProductVariant { quantityAvailable } } }`,
    );
    expect(variant.node.quantityAvailable).toBe(2);
  });
});
