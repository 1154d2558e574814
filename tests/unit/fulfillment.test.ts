import {
  canCheckout,
  canIncrement,
  decrement,
  DEFAULT_CHECKOUT_TYPE,
  isCheckoutType,
  isShippingEligible,
  SHIPPING_THRESHOLD,
} from '../../shared/fulfillment';

const EXCLUDED = 'local-delivery-only';

function cart(total: string, lineTags: string[][]) {
  return {
    cost: { totalAmount: { amount: total, currencyCode: 'USD' } },
    lines: lineTags.map((tags) => ({ merchandise: { product: { tags } } })),
  } as unknown as Parameters<typeof isShippingEligible>[0];
}

describe('isShippingEligible (spec §4)', () => {
  it('needs a total strictly above 100', () => {
    expect(SHIPPING_THRESHOLD).toBe(100);
    expect(isShippingEligible(cart('100.0', [['bouquet']]), EXCLUDED)).toBe(false);
    expect(isShippingEligible(cart('100.01', [['bouquet']]), EXCLUDED)).toBe(true);
    expect(isShippingEligible(cart('85.0', [['bouquet']]), EXCLUDED)).toBe(false);
  });

  it('is refused when any line carries the excluded tag, in any letter case', () => {
    expect(isShippingEligible(cart('250.0', [['bouquet'], ['vase', EXCLUDED]]), EXCLUDED)).toBe(false);
    expect(isShippingEligible(cart('250.0', [['Local-Delivery-Only']]), EXCLUDED)).toBe(false);
  });

  it('is refused without a cart', () => {
    expect(isShippingEligible(null, EXCLUDED)).toBe(false);
  });
});

describe('checkout types', () => {
  it('defaults to delivery and accepts only delivery, pickup and shipping', () => {
    expect(DEFAULT_CHECKOUT_TYPE).toBe('delivery');
    expect(['delivery', 'pickup', 'shipping', 'Delivery', 'courier', null].map(isCheckoutType)).toEqual([true, true, true, false, false, false]);
  });
});

describe('canCheckout (spec §5)', () => {
  const base = { loading: false, deliveryDate: null, pickupDate: null };

  it('needs a delivery date for delivery and a pickup date for pickup', () => {
    expect(canCheckout({ ...base, checkoutType: 'delivery' })).toBe(false);
    expect(canCheckout({ ...base, checkoutType: 'delivery', pickupDate: '2026-11-25' })).toBe(false);
    expect(canCheckout({ ...base, checkoutType: 'delivery', deliveryDate: '2026-11-25' })).toBe(true);
    expect(canCheckout({ ...base, checkoutType: 'pickup', deliveryDate: '2026-11-25' })).toBe(false);
    expect(canCheckout({ ...base, checkoutType: 'pickup', pickupDate: '2026-11-25' })).toBe(true);
  });

  it('never needs a date for shipping', () => {
    expect(canCheckout({ ...base, checkoutType: 'shipping' })).toBe(true);
  });

  it('is disabled while the cart is loading', () => {
    expect(canCheckout({ loading: true, checkoutType: 'shipping', deliveryDate: '2026-11-25', pickupDate: '2026-11-25' })).toBe(false);
  });
});

describe('quantity buttons (spec §4)', () => {
  const line = (quantity: number, quantityAvailable: number | null) => ({ quantity, merchandise: { quantityAvailable } });

  it('stops the plus button at the available quantity', () => {
    expect(canIncrement(line(2, 3))).toBe(true);
    expect(canIncrement(line(3, 3))).toBe(false);
  });

  it('sets no limit when the shop does not track inventory', () => {
    expect(canIncrement(line(40, null))).toBe(true);
  });

  it('lowers the quantity, and removes the line when it would fall below 1', () => {
    expect(decrement({ quantity: 2 })).toEqual({ action: 'update', quantity: 1 });
    expect(decrement({ quantity: 1 })).toEqual({ action: 'remove' });
  });
});
