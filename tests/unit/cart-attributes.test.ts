import {
  buildCartAttributes,
  GIFT_NOTE_MAX,
  GiftNoteTooLongError,
  PURCHASED_WITH_MAX,
  purchasedWithAttribute,
  type CartAttributeInput,
} from '../../shared/cart-attributes';

const subscriptionLine = { sellingPlanAllocation: { sellingPlan: { id: 'gid://shopify/SellingPlan/7001', name: 'Delivered weekly' } } };
const oneOffLine = { sellingPlanAllocation: null };

const input = (overrides: Partial<CartAttributeInput>): CartAttributeInput => ({
  checkoutType: 'delivery',
  deliveryDate: '2026-11-25',
  pickupDate: null,
  isGift: false,
  giftNote: '',
  receiverEmail: '',
  lines: [oneOffLine],
  ...overrides,
});

const asObject = (attributes: { key: string; value: string }[] | null) =>
  attributes && Object.fromEntries(attributes.map(({ key, value }) => [key, value]));

describe('buildCartAttributes (spec §3–§5)', () => {
  it('writes a delivery order with its date and no pickup date', () => {
    expect(asObject(buildCartAttributes(input({ pickupDate: '2026-11-27' })))).toEqual({
      'Checkout-Method': 'delivery',
      'Delivery-Date': '2026-11-25',
      'Order is a gift?': 'No',
      'Contains-Subscription': 'false',
    });
  });

  it('writes a pickup order under the Pickup-Date key', () => {
    const attributes = asObject(buildCartAttributes(input({ checkoutType: 'pickup', deliveryDate: '2026-11-25', pickupDate: '2026-11-27' })));
    expect(attributes).toMatchObject({ 'Checkout-Method': 'pickup', 'Pickup-Date': '2026-11-27' });
    expect(attributes).not.toHaveProperty('Delivery-Date');
  });

  it('writes shipping without any date', () => {
    const attributes = asObject(buildCartAttributes(input({ checkoutType: 'shipping', deliveryDate: null })));
    expect(attributes).toMatchObject({ 'Checkout-Method': 'shipping' });
    expect(attributes).not.toHaveProperty('Delivery-Date');
    expect(attributes).not.toHaveProperty('Pickup-Date');
  });

  it('stops (null) when delivery has no delivery date or pickup no pickup date', () => {
    expect(buildCartAttributes(input({ deliveryDate: null, pickupDate: '2026-11-27' }))).toBeNull();
    expect(buildCartAttributes(input({ checkoutType: 'pickup', pickupDate: null }))).toBeNull();
  });

  it('writes the gift note with newlines turned into spaces, and the receiver email', () => {
    const attributes = asObject(
      buildCartAttributes(input({ isGift: true, giftNote: 'Happy birthday,\nlove\r\nSam', receiverEmail: ' ada@example.com ' })),
    );
    expect(attributes).toMatchObject({
      'Order is a gift?': 'Yes',
      'Order Message': 'Happy birthday, love Sam',
      'Receiver Email': 'ada@example.com',
    });
  });

  it('leaves the gift fields out when the order is not a gift', () => {
    const attributes = asObject(buildCartAttributes(input({ isGift: false, giftNote: 'left over', receiverEmail: 'ada@example.com' })));
    expect(attributes).not.toHaveProperty('Order Message');
    expect(attributes).not.toHaveProperty('Receiver Email');
  });

  it('flags a cart containing a subscription line', () => {
    expect(asObject(buildCartAttributes(input({ lines: [oneOffLine, subscriptionLine] })))).toMatchObject({ 'Contains-Subscription': 'true' });
  });

  it('accepts a 500-character gift note and rejects a 501-character one rather than cutting it', () => {
    expect(GIFT_NOTE_MAX).toBe(500);
    const full = asObject(buildCartAttributes(input({ isGift: true, giftNote: 'a'.repeat(500) })));
    expect(full?.['Order Message']).toHaveLength(500);
    expect(() => buildCartAttributes(input({ isGift: true, giftNote: 'a'.repeat(501) }))).toThrow(GiftNoteTooLongError);
  });
});

describe('purchasedWithAttribute', () => {
  it('keeps a short value and cuts a long one to 200 characters', () => {
    expect(PURCHASED_WITH_MAX).toBe(200);
    expect(purchasedWithAttribute('Garden Party Bouquet')).toEqual({ key: 'Purchased with', value: 'Garden Party Bouquet' });
    expect(purchasedWithAttribute('x'.repeat(250)).value).toBe('x'.repeat(200));
  });

  it('does not leave half an emoji at the cut', () => {
    const value = purchasedWithAttribute(`${'x'.repeat(199)}🌷 tulips`).value;
    expect(value).toBe('x'.repeat(199));
  });
});
