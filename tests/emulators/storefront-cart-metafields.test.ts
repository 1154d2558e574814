/**
 * Cart metafields on the Storefront API emulator, over real HTTP with the fixture catalog:
 * cartMetafieldsSet (types, keys, limits, owners, all-or-nothing), cartMetafieldDelete,
 * `cart.metafield` / `cart.metafields`, cartCreate's `input.metafields`, and persistence.
 */
import { APP_NAMESPACE, type StoredMetafield } from '../../emulators/storefront-api/cart-metafields';
import { startHarness, type Harness } from '../support/storefront-harness';
import { rootField } from '../support/storefront-field';

const METAFIELD = `id namespace key type value createdAt updatedAt description
  parentResource { ... on Cart { id } }
  reference { ... on Product { handle } ... on ProductVariant { sku } }
  references(first: 5) { nodes { ... on Product { handle } } }`;
const CREATE = `mutation Create($input: CartInput) { cartCreate(input: $input) {
  cart { id metafields(identifiers: [{ namespace: "custom", key: "gift_wrap" }]) { key value } }
  userErrors { code field message } } }`;
const SET = `mutation Set($metafields: [CartMetafieldsSetInput!]!) { cartMetafieldsSet(metafields: $metafields) {
  metafields { ${METAFIELD} } userErrors { code field elementIndex message } } }`;
const DELETE = `mutation Delete($input: CartMetafieldDeleteInput!) { cartMetafieldDelete(input: $input) { deletedId userErrors { code field message } } }`;
const READ = `query Read($id: ID!, $identifiers: [HasMetafieldsIdentifier!]!, $namespace: String, $key: String!) { cart(id: $id) {
  metafield(namespace: $namespace, key: $key) { ${METAFIELD} }
  metafields(identifiers: $identifiers) { namespace key type value } } }`;

/** What METAFIELD selects: the stored fields (GraphQL strings) plus the computed ones. */
type Metafield = Omit<StoredMetafield, 'id'> & {
  id: string;
  description: string | null;
  parentResource: { id: string };
  reference: { handle?: string; sku?: string } | null;
  references: { nodes: { handle: string }[] } | null;
};
type SetPayload = {
  metafields: Metafield[] | null;
  userErrors: { code: string; field: string[] | null; elementIndex: number | null; message: string }[];
};
type Read = { metafield: Metafield | null; metafields: (Pick<Metafield, 'namespace' | 'key' | 'type' | 'value'> | null)[] };

let sf: Harness;
let cartId: string;
beforeEach(async () => {
  sf = await startHarness();
  cartId = (await createCart({})).cart!.id;
});
afterEach(() => sf.stop());

const send = <T>(doc: string, variables: Record<string, unknown>) => rootField<T>(sf, doc, variables);

const createCart = (input: Record<string, unknown>) =>
  send<{ cart: { id: string; metafields: ({ key: string; value: string } | null)[] } | null; userErrors: unknown[] }>(CREATE, { input });
const set = (metafields: Record<string, string>[]) => send<SetPayload>(SET, { metafields: metafields.map((m) => ({ ownerId: cartId, ...m })) });
const read = (key: string, namespace: string | null = 'custom', identifiers: { namespace?: string; key: string }[] = []) =>
  send<Read>(READ, { id: cartId, key, namespace, identifiers });

describe('storefront API emulator: cart metafields', () => {
  it('sets metafields and reads them back by namespace and key', async () => {
    const answer = await set([
      { key: 'custom.gift_wrap', type: 'boolean', value: 'true' },
      { key: 'custom.delivery_notes', type: 'multi_line_text_field', value: 'Ring twice.\nLeave with the doorman.' },
    ]);
    expect(answer.userErrors).toEqual([]);
    expect(answer.metafields![0]).toEqual({
      id: expect.stringMatching(/^gid:\/\/shopify\/Metafield\/\d+$/),
      namespace: 'custom',
      key: 'gift_wrap',
      type: 'boolean',
      value: 'true',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      updatedAt: expect.stringMatching(/Z$/),
      description: null,
      parentResource: { id: cartId },
      reference: null,
      references: null,
    });
    const back = await read('gift_wrap', 'custom', [
      { namespace: 'custom', key: 'delivery_notes' },
      { namespace: 'custom', key: 'nothing' },
    ]);
    expect(back.metafield).toEqual(answer.metafields![0]);
    expect(back.metafields).toEqual([
      { namespace: 'custom', key: 'delivery_notes', type: 'multi_line_text_field', value: 'Ring twice.\nLeave with the doorman.' },
      null,
    ]);
  });

  it('updates an existing metafield in place (same id), and puts simple keys in the app-reserved namespace', async () => {
    const first = await set([{ key: 'custom.vase', type: 'single_line_text_field', value: 'Bud vase' }]);
    const second = await set([
      { key: 'custom.vase', type: 'single_line_text_field', value: 'Tall vase' },
      { key: 'loyalty_points', type: 'number_integer', value: '120' },
    ]);
    expect(second.metafields!.map((m) => [m.id, m.namespace, m.key, m.value])).toEqual([
      [first.metafields![0].id, 'custom', 'vase', 'Tall vase'],
      [expect.any(String), APP_NAMESPACE, 'loyalty_points', '120'],
    ]);
    expect((await read('loyalty_points', null)).metafield?.value).toBe('120');
    expect((await read('loyalty_points', '$app')).metafield?.value).toBe('120');
    expect((await read('loyalty_points', 'custom')).metafield).toBeNull();
  });

  it.each([
    ['number_integer', '12.5', 'Value must be an integer between -9007199254740991 and 9007199254740991.'],
    ['number_decimal', 'ten', 'Value must be a decimal number with at most 9 decimal places.'],
    ['boolean', 'yes', 'Value must be true or false.'],
    ['json', '{"open":', 'Value must be valid JSON.'],
    ['single_line_text_field', 'two\nlines', 'Value must be a single line of text.'],
    ['date', '2026-02-30', 'Value must be a date in the format YYYY-MM-DD.'],
    ['date_time', 'tomorrow', 'Value must be a date and time in the format YYYY-MM-DDTHH:MM:SS.'],
    ['url', 'javascript:alert(1)', 'Value must be a URL with the scheme http, https, mailto, sms or tel.'],
    ['color', 'red', 'Value must be a hexadecimal color code (#RRGGBB).'],
    ['money', '{"amount":5}', 'Value must be JSON with a decimal "amount" string and a three-letter "currency_code".'],
    ['product_reference', 'gid://shopify/Collection/1', 'Value must be a product ID (gid://shopify/Product/…).'],
    ['list.number_integer', '["1","x"]', 'Each item must be valid: Value must be an integer between -9007199254740991 and 9007199254740991.'],
    ['list.single_line_text_field', '"one"', 'Value must be a JSON array of strings.'],
  ])('refuses a %s value %j with INVALID_VALUE', async (type, value, message) => {
    const answer = await set([{ key: 'custom.checked', type, value }]);
    expect(answer).toEqual({
      metafields: null,
      userErrors: [{ code: 'INVALID_VALUE', field: ['metafields', '0', 'value'], elementIndex: 0, message }],
    });
  });

  it.each([
    ['json', '{"ribbon":"red","card":true}'],
    ['number_decimal', '-12.125'],
    ['date', '2026-02-14'],
    ['date_time', '2026-02-14T09:30:00'],
    ['url', 'https://www.gramercystems.com/pages/care'],
    ['color', '#C2185B'],
    ['money', '{"amount":"5.99","currency_code":"USD"}'],
    ['list.date', '["2026-02-14","2026-05-10"]'],
  ])('accepts a %s value %j', async (type, value) => {
    expect((await set([{ key: 'custom.checked', type, value }])).userErrors).toEqual([]);
  });

  it('resolves reference metafields to catalog objects', async () => {
    const answer = await set([
      { key: 'custom.upsell', type: 'product_reference', value: 'gid://shopify/Product/8002' },
      { key: 'custom.vase', type: 'variant_reference', value: 'gid://shopify/ProductVariant/9101' },
      { key: 'custom.also', type: 'list.product_reference', value: '["gid://shopify/Product/8001","gid://shopify/Product/9999"]' },
    ]);
    expect(answer.metafields!.map((m) => [m.reference, m.references])).toEqual([
      [{ handle: 'bodega-bunch' }, null],
      [{ sku: expect.any(String) }, null],
      [null, { nodes: [{ handle: 'classic-gramercy-bouquet' }] }],
    ]);
  });

  it('refuses bad keys, types and blank values, each with its element index, and sets nothing', async () => {
    const answer = await set([
      { key: 'custom.fine', type: 'boolean', value: 'true' },
      { key: 'custom.x', type: 'boolean', value: 'true' },
      { key: 'ab.gift', type: 'boolean', value: 'true' },
      { key: 'custom.gift wrap', type: 'boolean', value: 'true' },
      { key: `custom.${'k'.repeat(65)}`, type: 'boolean', value: 'true' },
      { key: 'custom.gift', type: 'text', value: 'true' },
      { key: 'custom.gift', type: 'json', value: '  ' },
      { key: ' ', type: 'json', value: '{}' },
    ]);
    const at = (i: number, field: string) => ['metafields', String(i), field];
    expect(answer).toEqual({
      metafields: null,
      userErrors: [
        { code: 'TOO_SHORT', field: at(1, 'key'), elementIndex: 1, message: 'Key is too short (minimum is 2 characters).' },
        { code: 'TOO_SHORT', field: at(2, 'key'), elementIndex: 2, message: 'Namespace is too short (minimum is 3 characters).' },
        { code: 'INCLUSION', field: at(3, 'key'), elementIndex: 3, message: 'Key contains invalid characters: use letters, digits, "-" and "_".' },
        { code: 'TOO_LONG', field: at(4, 'key'), elementIndex: 4, message: 'Key is too long (maximum is 64 characters).' },
        { code: 'INVALID_TYPE', field: at(5, 'type'), elementIndex: 5, message: "Type 'text' is not a supported metafield type." },
        { code: 'BLANK', field: at(6, 'value'), elementIndex: 6, message: "Value can't be blank." },
        { code: 'BLANK', field: at(7, 'key'), elementIndex: 7, message: "Key can't be blank." },
      ],
    });
    expect((await read('fine')).metafield).toBeNull();
  });

  it('refuses more than 25 metafields in one request, and a value over 65,535 characters', async () => {
    const many = Array.from({ length: 26 }, (_, i) => ({ key: `custom.k${i}`, type: 'number_integer', value: String(i) }));
    expect(await set(many)).toEqual({
      metafields: null,
      userErrors: [
        { code: 'LESS_THAN_OR_EQUAL_TO', field: ['metafields'], elementIndex: null, message: 'Exceeded the maximum metafields input limit of 25.' },
      ],
    });
    expect((await set(many.slice(0, 25))).metafields).toHaveLength(25);
    const long = await set([{ key: 'custom.long', type: 'multi_line_text_field', value: 'x'.repeat(65_536) }]);
    expect(long.userErrors).toEqual([
      { code: 'TOO_LONG', field: ['metafields', '0', 'value'], elementIndex: 0, message: 'Value is too long (maximum is 65535 characters).' },
    ]);
  });

  it('refuses an owner that is not an open cart', async () => {
    const answer = await send<SetPayload>(SET, {
      metafields: [
        { ownerId: cartId, key: 'custom.gift', type: 'boolean', value: 'true' },
        { ownerId: 'gid://shopify/Cart/nope?key=nope', key: 'custom.gift', type: 'boolean', value: 'true' },
      ],
    });
    expect(answer).toEqual({
      metafields: null,
      userErrors: [{ code: 'INVALID_OWNER', field: ['metafields', '1', 'ownerId'], elementIndex: 1, message: 'The owner does not exist.' }],
    });
    expect((await read('gift')).metafield).toBeNull();
  });

  it('deletes a metafield by composite or simple key', async () => {
    const [wrap, points] = (
      await set([
        { key: 'custom.gift_wrap', type: 'boolean', value: 'true' },
        { key: 'points', type: 'number_integer', value: '5' },
      ])
    ).metafields!;
    expect(await send(DELETE, { input: { ownerId: cartId, key: 'custom.gift_wrap' } })).toEqual({ deletedId: wrap.id, userErrors: [] });
    expect(await send(DELETE, { input: { ownerId: cartId, key: 'points' } })).toEqual({ deletedId: points.id, userErrors: [] });
    expect((await read('gift_wrap')).metafield).toBeNull();
    expect(await send(DELETE, { input: { ownerId: cartId, key: 'custom.gift_wrap' } })).toEqual({
      deletedId: null,
      userErrors: [{ code: 'METAFIELD_DOES_NOT_EXIST', field: ['input', 'key'], message: 'Metafield not found.' }],
    });
    expect(await send(DELETE, { input: { ownerId: 'gid://shopify/Cart/nope?key=nope', key: 'custom.gift_wrap' } })).toEqual({
      deletedId: null,
      userErrors: [{ code: 'INVALID_OWNER', field: ['input', 'ownerId'], message: 'The owner does not exist.' }],
    });
  });

  it('takes metafields in cartCreate, and creates no cart when one is refused', async () => {
    const created = await createCart({ metafields: [{ key: 'custom.gift_wrap', type: 'boolean', value: 'true' }] });
    expect(created.cart!.metafields).toEqual([{ key: 'gift_wrap', value: 'true' }]);
    expect(await createCart({ metafields: [{ key: 'custom.gift_wrap', type: 'boolean', value: 'maybe' }] })).toEqual({
      cart: null,
      userErrors: [{ code: 'INVALID_METAFIELDS', field: ['input', 'metafields', '0', 'value'], message: 'Value must be true or false.' }],
    });
  });

  it('keeps metafields across a restart', async () => {
    await set([{ key: 'custom.gift_wrap', type: 'boolean', value: 'true' }]);
    const { dataDir } = sf;
    await sf.stop(true);
    sf = await startHarness({ dataDir });
    expect((await read('gift_wrap')).metafield).toMatchObject({ namespace: 'custom', key: 'gift_wrap', value: 'true' });
  });
});
