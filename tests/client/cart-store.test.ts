/**
 * The browser's cart and checkout stores over a fake CartApi (the network edge only): the
 * lifecycle of spec §4 (reuse, replace a checked-out cart, adopt the no-JS cookie cart), one
 * request at a time in click order, and the checkout step with its logged_in fallback.
 */
import type { CartApi } from '../../client/lib/cart-api';
import { createStores } from '../../client/stores';
import { CART_EXPIRY_KEY, CART_ID_KEY } from '../../client/stores/cart';
import type { ApiResult, Cart } from '../../shared/types';

const money = (amount: string) => ({ amount, currencyCode: 'USD' });

function cart(id: string, lines: { id: string; quantity: number; amount?: string; tags?: string[] }[] = []): Cart {
  const total = lines.reduce((sum, l) => sum + Number(l.amount ?? '50') * l.quantity, 0).toFixed(2);
  return {
    id,
    checkoutUrl: `https://shop.test/cart/c/${id}?key=k`,
    createdAt: '2026-11-21T00:00:00Z',
    note: null,
    attributes: [],
    totalQuantity: lines.reduce((sum, l) => sum + l.quantity, 0),
    cost: {
      subtotalAmount: money(total),
      totalAmount: money(total),
      totalTaxAmount: null,
      isSubtotalEstimated: false,
      isTotalEstimated: false,
      isTotalTaxEstimated: false,
    },
    lines: lines.map((l) => ({
      id: l.id,
      quantity: l.quantity,
      cost: { totalAmount: money(l.amount ?? '50') },
      sellingPlanAllocation: null,
      attributes: [],
      merchandise: {
        id: `gid://shopify/ProductVariant/${l.id}`,
        title: 'Default Title',
        sku: null,
        availableForSale: true,
        quantityAvailable: 10,
        selectedOptions: [],
        price: money(l.amount ?? '50'),
        compareAtPrice: null,
        image: null,
        product: { id: 'p', handle: 'h', title: 'T', vendor: 'V', tags: l.tags ?? [] },
      },
    })),
  };
}

const ok = (data: Cart): ApiResult<Cart> => ({ isError: false, message: 'ok', data });
const notFound: ApiResult<Cart> = { isError: true, message: 'Something went wrong.' };

/** A fake API whose calls resolve only when the test says so, recording the order they ran in. */
function fakeApi(overrides: Partial<CartApi> = {}) {
  const calls: string[] = [];
  const api: CartApi = {
    create: async () => {
      calls.push('create');
      return ok(cart('new'));
    },
    fetch: async (id) => {
      calls.push(`fetch ${id}`);
      return notFound;
    },
    addLine: async ({ merchandiseId }) => {
      calls.push(`add ${merchandiseId}`);
      return ok(cart('new', [{ id: merchandiseId, quantity: 1 }]));
    },
    updateLine: async () => {
      throw new Error('unused');
    },
    removeLine: async () => {
      throw new Error('unused');
    },
    saveAttributes: async () => {
      calls.push('save');
      return ok(cart('new', [{ id: 'a', quantity: 1 }]));
    },
    availability: async () => ({ isError: false, message: 'ok', data: null }),
    ...overrides,
  };
  return { api, calls };
}

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

describe('cart lifecycle', () => {
  test('a stored, unexpired cart is reused', async () => {
    const { api, calls } = fakeApi({ fetch: async (id) => ok(cart(id)) });
    const storage = memoryStorage({ [CART_ID_KEY]: 'kept', [CART_EXPIRY_KEY]: String(Date.now() + 60_000) });
    const { cart: store } = createStores(undefined, { cartApi: api, storage });
    await store.start();
    expect(store.cart?.id).toBe('kept');
    expect(calls).toEqual([]);
  });

  test('a checked-out cart (fetch 404) is replaced by a new one, and the new id is stored', async () => {
    const { api, calls } = fakeApi();
    const storage = memoryStorage({ [CART_ID_KEY]: 'done', [CART_EXPIRY_KEY]: String(Date.now() + 60_000) });
    const { cart: store } = createStores(undefined, { cartApi: api, storage });
    await store.start();
    expect(calls).toEqual(['fetch done', 'create']);
    expect(store.cart?.id).toBe('new');
    expect(storage.map.get(CART_ID_KEY)).toBe('new');
  });

  test("without a stored cart the cart_id cookie's cart is adopted and remembered", async () => {
    const { api } = fakeApi({ fetch: async (id) => ok(cart(id, [{ id: 'x', quantity: 2 }])) });
    const storage = memoryStorage();
    const { cart: store } = createStores(undefined, { cartApi: api, storage, cookieCartId: () => 'from-cookie' });
    await store.start();
    expect(store.cart?.id).toBe('from-cookie');
    expect(store.totalQuantity).toBe(2);
    expect(storage.map.get(CART_ID_KEY)).toBe('from-cookie');
    expect(Number(storage.map.get(CART_EXPIRY_KEY))).toBeGreaterThan(Date.now());
  });

  test('rapid adds run one at a time, in click order, and open the drawer', async () => {
    const releases: (() => void)[] = [];
    const { api, calls } = fakeApi({
      addLine: ({ merchandiseId }) =>
        new Promise((resolve) => {
          calls.push(`add ${merchandiseId}`);
          releases.push(() => resolve(ok(cart('new', [{ id: merchandiseId, quantity: 1 }]))));
        }),
    });
    const { cart: store, ui } = createStores(undefined, { cartApi: api, storage: memoryStorage() });
    const adds = [store.addLine('a'), store.addLine('b'), store.addLine('c')];
    const waitForCalls = async (n: number) => {
      while (calls.length < n) await new Promise((r) => setImmediate(r));
    };
    await waitForCalls(2);
    // Only the first add is in flight; the others wait for it.
    expect(calls).toEqual(['create', 'add a']);
    expect(store.loading).toBe(true);
    releases[0]();
    await waitForCalls(3);
    expect(calls).toEqual(['create', 'add a', 'add b']);
    releases[1]();
    await waitForCalls(4);
    releases[2]();
    await expect(Promise.all(adds)).resolves.toEqual([true, true, true]);
    expect(calls).toEqual(['create', 'add a', 'add b', 'add c']);
    expect(store.lines.map((l) => l.id)).toEqual(['c']);
    expect(ui.cartOpen).toBe(true);
    expect(store.loading).toBe(false);
  });
});

describe('checkout', () => {
  async function started(overrides: Partial<CartApi>, lines: Parameters<typeof cart>[1] = [{ id: 'a', quantity: 1 }]) {
    const { api, calls } = fakeApi({ create: async () => ok(cart('new', lines)), ...overrides });
    const stores = createStores(undefined, { cartApi: api, storage: memoryStorage() });
    await stores.cart.start();
    return { ...stores, calls };
  }

  test('delivery needs a delivery date, pickup a pickup date, shipping none', async () => {
    const { checkout } = await started({}, [{ id: 'a', quantity: 3, amount: '50' }]);
    expect(checkout.checkoutType).toBe('delivery');
    expect(checkout.canCheckout).toBe(false);
    checkout.chooseDate('2026-11-25');
    expect(checkout.canCheckout).toBe(true);
    checkout.setCheckoutType('pickup');
    expect(checkout.canCheckout).toBe(false);
    checkout.setCheckoutType('shipping');
    expect(checkout.checkoutType).toBe('shipping');
    expect(checkout.canCheckout).toBe(true);
  });

  test('shipping falls back to delivery when the cart stops qualifying', async () => {
    const { checkout } = await started({}, [{ id: 'a', quantity: 1, amount: '85', tags: ['local-delivery-only'] }]);
    expect(checkout.shippingOffered).toBe(false);
    checkout.setCheckoutType('shipping');
    expect(checkout.checkoutType).toBe('delivery');
  });

  test('saves the attributes, then answers the checkout URL', async () => {
    const saved: unknown[] = [];
    const { checkout } = await started({
      saveAttributes: async (input) => {
        saved.push(input);
        return ok(cart('new', [{ id: 'a', quantity: 1 }]));
      },
    });
    checkout.chooseDate('2026-11-25');
    checkout.setGift(true);
    checkout.setGiftNote('For you');
    await expect(checkout.checkout()).resolves.toBe('https://shop.test/cart/c/new?key=k');
    expect(saved).toEqual([
      { cartId: 'new', checkoutType: 'delivery', deliveryDate: '2026-11-25', pickupDate: null, isGift: true, giftNote: 'For you', receiverEmail: '' },
    ]);
  });

  test('a failed save still goes to the checkout URL, with the logged_in flag', async () => {
    const { checkout } = await started({ saveAttributes: async () => ({ isError: true, message: 'Something went wrong.' }) });
    checkout.chooseDate('2026-11-25');
    await expect(checkout.checkout()).resolves.toBe('https://shop.test/cart/c/new?key=k&logged_in=true');
  });
});
