/**
 * The Storefront emulator's SQLite state (emulators/storefront-api/database.ts), over real HTTP:
 * parallel cart writes are all kept, carts expire 10 days after their last update as on Shopify
 * (read as null, pruned from storage), and a data dir from before SQLite is imported once.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CART_TTL_MS, listOrders } from '../../emulators/storefront-api';
import { makeDataDir, startHarness, type Harness } from '../support/storefront-harness';

const DAY_MS = 24 * 60 * 60 * 1000;
const variant = (n: number) => `gid://shopify/ProductVariant/${n}`;
const USER_ERRORS = 'userErrors { code field message }';
const CREATE = `mutation($input: CartInput) { cartCreate(input: $input) { cart { id checkoutUrl } ${USER_ERRORS} } }`;
const ADD = `mutation($id: ID!, $lines: [CartLineInput!]!) { cartLinesAdd(cartId: $id, lines: $lines) { cart { totalQuantity } ${USER_ERRORS} } }`;
const NOTE = `mutation($id: ID!, $note: String!) { cartNoteUpdate(cartId: $id, note: $note) { cart { note } ${USER_ERRORS} } }`;
const GET = `query($id: ID!) { cart(id: $id) { totalQuantity note lines(first: 10) { nodes { quantity } } } }`;

type UserError = { code: string; field: string[] | null; message: string };
type Cart = { totalQuantity: number; note: string | null; lines: { nodes: { quantity: number }[] } };

/** A clock the test moves; the emulator reads it for every cart stamp and expiry check. */
function testClock(start = Date.parse('2026-11-02T15:00:00Z')) {
  let at = start;
  return { now: () => new Date(at), advance: (ms: number) => (at += ms) };
}

let sf: Harness | null = null;
afterEach(async () => {
  await sf?.stop();
  sf = null;
});

async function createCart(h: Harness, input: Record<string, unknown> = {}) {
  const { body } = await h.gql<{ cartCreate: { cart: { id: string; checkoutUrl: string } | null; userErrors: UserError[] } }>(CREATE, { input });
  expect(body.data!.cartCreate.userErrors).toEqual([]);
  return body.data!.cartCreate.cart!;
}

const readCart = async (h: Harness, id: string) => (await h.gql<{ cart: Cart | null }>(GET, { id })).body.data!.cart;

async function storedCarts(h: Harness): Promise<number> {
  const res = await fetch(`${h.emulator.url}/__emulator/carts`, { headers: { 'x-emulator-token': h.emulator.debugToken } });
  return ((await res.json()) as { count: number }).count;
}

describe('storefront emulator state in SQLite', () => {
  it('keeps every one of 60 parallel line adds to one cart, and every one of 40 parallel cart creations', async () => {
    sf = await startHarness();
    const h = sf;
    const cart = await createCart(h);
    const adds = await Promise.all(
      Array.from({ length: 60 }, () =>
        h.gql<{ cartLinesAdd: { userErrors: UserError[] } }>(ADD, { id: cart.id, lines: [{ merchandiseId: variant(9301), quantity: 1 }] }),
      ),
    );
    expect(adds.map((a) => a.body.data!.cartLinesAdd.userErrors)).toEqual(adds.map(() => []));
    const read = await readCart(h, cart.id);
    expect(read!.totalQuantity).toBe(60);
    expect(read!.lines.nodes).toEqual([{ quantity: 60 }]);

    await Promise.all(Array.from({ length: 40 }, () => createCart(h)));
    expect(await storedCarts(h)).toBe(41);
  });

  it('expires a cart 10 days after its last update: cart(id:) answers null and mutations do not find it', async () => {
    expect(CART_TTL_MS).toBe(10 * DAY_MS);
    const clock = testClock();
    sf = await startHarness({ now: clock.now });
    const cart = await createCart(sf, { lines: [{ merchandiseId: variant(9101), quantity: 2 }] });

    clock.advance(9 * DAY_MS);
    expect((await sf.gql<{ cartNoteUpdate: { cart: Cart } }>(NOTE, { id: cart.id, note: 'still here' })).body.data!.cartNoteUpdate.cart.note).toBe(
      'still here',
    );
    // 18 days after creation, 9 after the last update: still there.
    clock.advance(9 * DAY_MS);
    expect(await readCart(sf, cart.id)).toMatchObject({ totalQuantity: 2, note: 'still here' });

    clock.advance(DAY_MS);
    expect(await readCart(sf, cart.id)).toBeNull();
    const add = await sf.gql<{ cartLinesAdd: { cart: Cart | null; userErrors: UserError[] } }>(ADD, {
      id: cart.id,
      lines: [{ merchandiseId: variant(9101), quantity: 1 }],
    });
    expect(add.body.data!.cartLinesAdd).toEqual({
      cart: null,
      userErrors: [{ code: 'INVALID', field: ['cartId'], message: 'The specified cart does not exist.' }],
    });
    expect((await fetch(cart.checkoutUrl)).status).toBe(404);
    // Read once expired, it was deleted, not kept forever.
    expect(await storedCarts(sf)).toBe(0);
  });

  it('prunes expired carts periodically, keeping those updated within the 10 days', async () => {
    const clock = testClock();
    sf = await startHarness({ now: clock.now, cartPruneIntervalMs: 50 });
    await Promise.all([createCart(sf), createCart(sf), createCart(sf)]);
    clock.advance(5 * DAY_MS);
    const recent = await createCart(sf);
    expect(await storedCarts(sf)).toBe(4);

    clock.advance(5 * DAY_MS);
    const deadline = Date.now() + 10_000;
    while ((await storedCarts(sf)) > 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await storedCarts(sf)).toBe(1);
    expect(await readCart(sf, recent.id)).toMatchObject({ totalQuantity: 0 });
  });

  it('imports a data dir written before SQLite once (carts, orders, mail) and renames the JSON files', async () => {
    const dataDir = makeDataDir();
    const folder = path.join(dataDir, 'storefront');
    mkdirSync(folder, { recursive: true });
    const now = new Date().toISOString();
    const cart = {
      token: 'legacytoken',
      key: 'legacykey',
      createdAt: now,
      updatedAt: now,
      note: 'from carts.json',
      attributes: [],
      buyerIdentity: { countryCode: 'US', email: null, phone: null, customerAccessToken: null },
      lines: [{ id: 'line1', variantId: 9101, sellingPlanId: null, quantity: 3, attributes: [] }],
      completedAt: null,
    };
    const order = {
      id: 'gid://shopify/Order/1001',
      token: 'legacyorder',
      orderNumber: 1001,
      name: '#1001',
      processedAt: now,
      email: 'guest@example.com',
      customerName: 'Guest',
      checkoutMethod: 'pickup',
      shippingAddress: null,
      lines: [],
      attributes: [],
      note: null,
      subtotal: { amount: '0.0', currencyCode: 'USD' },
      total: { amount: '0.0', currencyCode: 'USD' },
      currencyCode: 'USD',
      financialStatus: 'PAID',
      fulfillmentStatus: 'UNFULFILLED',
      cartToken: 'old',
    };
    const mail = { id: '1', to: 'ada@example.com', subject: 'Customer account activation', kind: 'activation', link: 'x', text: 'x', sentAt: now };
    writeFileSync(path.join(folder, 'carts.json'), JSON.stringify([cart]));
    writeFileSync(path.join(folder, 'orders.json'), JSON.stringify([order]));
    writeFileSync(path.join(folder, 'mail.json'), JSON.stringify([mail]));

    sf = await startHarness({ dataDir });
    expect(await readCart(sf, 'gid://shopify/Cart/legacytoken?key=legacykey')).toMatchObject({ totalQuantity: 3, note: 'from carts.json' });
    expect(await sf.inbox('ada@example.com')).toEqual([{ ...mail, id: expect.any(String) }]);
    for (const name of ['carts', 'orders', 'mail']) {
      expect(existsSync(path.join(folder, `${name}.json`))).toBe(false);
      expect(existsSync(path.join(folder, `${name}.json.imported`))).toBe(true);
    }
    await sf.stop(true);
    // The fixture's seeded past orders follow the imported one.
    const orders = listOrders(dataDir).map((o) => [o.name, o.token]);
    expect(orders[0]).toEqual(['#1001', 'legacyorder']);

    // A second start reads the database only; nothing is imported or seeded twice.
    sf = await startHarness({ dataDir });
    expect(await storedCarts(sf)).toBe(1);
    await sf.stop(true);
    expect(listOrders(dataDir).map((o) => [o.name, o.token])).toEqual(orders);
  });
});
