/**
 * The browser's cart and checkout stores over a fake CartApi (the network edge only): the
 * lifecycle of spec §4 (no cart until the first add, reuse, replace a checked-out cart, keep one
 * that could not be fetched, adopt the no-JS cookie cart, try a failed add again), one request at
 * a time in click order, where a failure's message is shown, and the checkout step with its
 * logged_in fallback.
 */
import type { CartApi } from '../../client/lib/cart-api';
import { createStores } from '../../client/stores';
import { CART_EXPIRY_KEY, CART_ID_KEY } from '../../client/stores/cart';
import type { ApiAnswer } from '../../client/lib/json-call';
import type { Cart } from '../../shared/types';

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

const ok = (data: Cart, status = 200): ApiAnswer<Cart> => ({ isError: false, message: 'ok', data, status });
const notFound: ApiAnswer<Cart> = { isError: true, message: 'Something went wrong.', status: 404 };
const upstreamDown: ApiAnswer<Cart> = { isError: true, message: 'Cart fetch or cart line item addition went wrong.', status: 502 };

/** A fake API recording the calls in the order they ran (an add as `add {variant} to {cartId | new}`). */
function fakeApi(overrides: Partial<CartApi> = {}) {
  const calls: string[] = [];
  const api: CartApi = {
    fetch: async (id) => {
      calls.push(`fetch ${id}`);
      return notFound;
    },
    addLine: async ({ cartId, merchandiseId }) => {
      calls.push(`add ${merchandiseId} to ${cartId ?? 'new'}`);
      return ok(cart(cartId ?? 'new', [{ id: merchandiseId, quantity: 1 }]), cartId ? 200 : 201);
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

const storedCart = (id: string) => memoryStorage({ [CART_ID_KEY]: id, [CART_EXPIRY_KEY]: String(Date.now() + 60_000) });

describe('cart lifecycle', () => {
  test('a page view makes no cart: without a stored cart, start asks nothing', async () => {
    const { api, calls } = fakeApi();
    const storage = memoryStorage();
    const { cart: store } = createStores(undefined, { cartApi: api, storage });
    await store.start();
    expect(calls).toEqual([]);
    expect(store.cart).toBeNull();
    expect(store.message).toBeNull();
    expect(storage.map.size).toBe(0);
  });

  test('the first add makes the cart holding the line, and its id is stored', async () => {
    const { api, calls } = fakeApi();
    const storage = memoryStorage();
    const { cart: store, ui } = createStores(undefined, { cartApi: api, storage });
    await store.start();
    await expect(store.addLine('a')).resolves.toBe(true);
    expect(calls).toEqual(['add a to new']);
    expect(store.cart?.id).toBe('new');
    expect(storage.map.get(CART_ID_KEY)).toBe('new');
    expect(ui.cartOpen).toBe(true);
  });

  test('a stored, unexpired cart is reused', async () => {
    const { api, calls } = fakeApi({ fetch: async (id) => ok(cart(id)) });
    const { cart: store } = createStores(undefined, { cartApi: api, storage: storedCart('kept') });
    await store.start();
    expect(store.cart?.id).toBe('kept');
    await store.addLine('a');
    expect(calls).toEqual(['add a to kept']);
  });

  test('a checked-out cart (fetch 404) is forgotten; the next add makes a new one and stores its id', async () => {
    const { api, calls } = fakeApi();
    const storage = storedCart('done');
    const { cart: store } = createStores(undefined, { cartApi: api, storage });
    await store.start();
    expect(store.cart).toBeNull();
    expect(storage.map.has(CART_ID_KEY)).toBe(false);
    await store.addLine('a');
    expect(calls).toEqual(['fetch done', 'add a to new']);
    expect(storage.map.get(CART_ID_KEY)).toBe('new');
  });

  test('a cart gone since it was fetched (the add answers 404): the line goes into a new cart', async () => {
    const { api, calls } = fakeApi({
      fetch: async (id) => ok(cart(id)),
      addLine: async ({ cartId, merchandiseId }) => {
        calls.push(`add ${merchandiseId} to ${cartId ?? 'new'}`);
        return cartId
          ? { isError: true, message: 'Cart fetch or cart line item addition went wrong.', status: 404 }
          : ok(cart('new', [{ id: 'a', quantity: 1 }]), 201);
      },
    });
    const storage = storedCart('checked-out-elsewhere');
    const { cart: store } = createStores(undefined, { cartApi: api, storage });
    await expect(store.addLine('a')).resolves.toBe(true);
    expect(calls).toEqual(['add a to checked-out-elsewhere', 'add a to new']);
    expect(store.cart?.id).toBe('new');
    expect(store.message).toBeNull();
    expect(storage.map.get(CART_ID_KEY)).toBe('new');
  });

  test('a stored cart whose fetch got no answer is kept, asked for again before the next add, and the add names it', async () => {
    let answering = false;
    const { api, calls } = fakeApi({
      fetch: async (id) => {
        calls.push(`fetch ${id}`);
        return answering ? ok(cart(id, [{ id: 'x', quantity: 1 }])) : { isError: true, message: 'Network Error', status: 0 };
      },
    });
    const storage = storedCart('mine');
    const { cart: store } = createStores(undefined, { cartApi: api, storage });
    await store.start();
    expect(store.cart).toBeNull();
    expect(store.message).toBeNull();
    // Its count is unknown (the header shows none, not 0) until it is read.
    expect(store.unread).toBe(true);
    expect(storage.map.get(CART_ID_KEY)).toBe('mine');
    answering = true;
    await store.addLine('a');
    expect(calls).toEqual(['fetch mine', 'fetch mine', 'add a to mine']);
    expect(store.unread).toBe(false);
    // Still no answer at the add: the add names the stored cart all the same.
    const second = fakeApi({ fetch: async () => ({ isError: true, message: 'Network Error', status: 0 }) });
    const { cart: other } = createStores(undefined, { cartApi: second.api, storage: storedCart('mine') });
    await other.start();
    await other.addLine('a');
    expect(second.calls).toEqual(['add a to mine']);
  });

  test('an add whose cart creation failed is tried again by the next add, without a reload', async () => {
    let up = false;
    const { api, calls } = fakeApi({
      addLine: async ({ cartId, merchandiseId }) => {
        calls.push(`add ${merchandiseId} to ${cartId ?? 'new'}`);
        return up ? ok(cart('new', [{ id: merchandiseId, quantity: 1 }]), 201) : upstreamDown;
      },
    });
    const { cart: store } = createStores(undefined, { cartApi: api, storage: memoryStorage() });
    await store.start();
    await expect(store.addLine('a')).resolves.toBe(false);
    expect(store.message).toBe('Cart fetch or cart line item addition went wrong.');
    up = true;
    await expect(store.addLine('a')).resolves.toBe(true);
    expect(calls).toEqual(['add a to new', 'add a to new']);
    expect(store.cart?.id).toBe('new');
    expect(store.message).toBeNull();
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
      addLine: ({ cartId, merchandiseId }) =>
        new Promise((resolve) => {
          calls.push(`add ${merchandiseId} to ${cartId ?? 'new'}`);
          releases.push(() => resolve(ok(cart('new', [{ id: merchandiseId, quantity: 1 }]))));
        }),
    });
    const { cart: store, ui } = createStores(undefined, { cartApi: api, storage: memoryStorage() });
    const adds = [store.addLine('a'), store.addLine('b'), store.addLine('c')];
    const waitForCalls = async (n: number) => {
      while (calls.length < n) await new Promise((r) => setImmediate(r));
    };
    await waitForCalls(1);
    // Only the first add is in flight; the others wait for it (and then name the cart it made).
    expect(calls).toEqual(['add a to new']);
    expect(store.loading).toBe(true);
    releases[0]();
    await waitForCalls(2);
    expect(calls).toEqual(['add a to new', 'add b to new']);
    releases[1]();
    await waitForCalls(3);
    releases[2]();
    await expect(Promise.all(adds)).resolves.toEqual([true, true, true]);
    expect(calls).toEqual(['add a to new', 'add b to new', 'add c to new']);
    expect(store.lines.map((l) => l.id)).toEqual(['c']);
    expect(ui.cartOpen).toBe(true);
    expect(store.loading).toBe(false);
  });
});

describe('messages', () => {
  test('a failed add is shown at the add-to-cart button until the next success', async () => {
    let up = false;
    const { api } = fakeApi({
      addLine: async ({ merchandiseId }) => (up ? ok(cart('new', [{ id: merchandiseId, quantity: 1 }]), 201) : upstreamDown),
    });
    const { cart: store } = createStores(undefined, { cartApi: api, storage: memoryStorage() });
    await store.addLine('a');
    expect([store.message, store.messageAt]).toEqual(['Cart fetch or cart line item addition went wrong.', 'add']);
    up = true;
    await store.addLine('a');
    expect([store.message, store.messageAt]).toEqual([null, null]);
  });

  test('a failed change in the cart is shown in the cart view; the shopper can dismiss it', async () => {
    const { api } = fakeApi({
      fetch: async (id) => ok(cart(id, [{ id: 'a', quantity: 2 }])),
      updateLine: async () => ({
        isError: true,
        message: 'Cart fetch or cart line item update went wrong.',
        data: cart('kept', [{ id: 'a', quantity: 2 }]),
      }),
    });
    const { cart: store } = createStores(undefined, { cartApi: api, storage: storedCart('kept') });
    await store.start();
    await expect(store.decrement(store.lines[0])).resolves.toBe(false);
    expect([store.message, store.messageAt]).toEqual(['Cart fetch or cart line item update went wrong.', 'cart']);
    store.dismissMessage();
    expect([store.message, store.messageAt]).toEqual([null, null]);
  });
});

describe('checkout', () => {
  async function started(overrides: Partial<CartApi>, lines: Parameters<typeof cart>[1] = [{ id: 'a', quantity: 1 }]) {
    const { api, calls } = fakeApi({ fetch: async (id) => ok(cart(id, lines)), ...overrides });
    const stores = createStores(undefined, { cartApi: api, storage: storedCart('new') });
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
