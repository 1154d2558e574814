/**
 * The browser's customer store over a fake CustomerApi that answers like the documented server
 * (shared/customer.ts): the customer is fetched only while the session hint cookie is set
 * (spec §4 App start), the buyer identity is sent once per (customer, cart) pair (spec §4), and
 * signing out clears the customer (spec §4 Logout).
 */
import { runInAction } from 'mobx';
import type { CartApi } from '../../client/lib/cart-api';
import type { CustomerApi } from '../../client/lib/customer-api';
import { createStores } from '../../client/stores';
import { CART_EXPIRY_KEY, CART_ID_KEY } from '../../client/stores/cart';
import type { Customer } from '../../shared/customer';
import type { ApiResult, Cart } from '../../shared/types';

const money = (amount: string) => ({ amount, currencyCode: 'USD' });

function cart(id: string, subtotal = '0.00'): Cart {
  return {
    id,
    checkoutUrl: `https://shop.test/cart/c/${id}?key=k`,
    createdAt: '2026-11-21T00:00:00Z',
    note: null,
    attributes: [],
    totalQuantity: 0,
    cost: {
      subtotalAmount: money(subtotal),
      totalAmount: money(subtotal),
      totalTaxAmount: null,
      isSubtotalEstimated: false,
      isTotalEstimated: false,
      isTotalTaxEstimated: false,
    },
    lines: [],
  };
}

const ada: Customer = {
  id: 'gid://shopify/Customer/1',
  displayName: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: null,
  acceptsMarketing: false,
  numberOfOrders: 0,
  defaultAddress: null,
  addresses: [],
};

const ok = <T>(data: T): ApiResult<T> => ({ isError: false, message: 'ok', data });
const unused = async (): Promise<never> => {
  throw new Error('unused');
};
const tick = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The server as the browser sees it: a session (HttpOnly cookie plus the readable hint) that
 * `GET /api/customer` answers with the customer, or 401 (clearing both cookies) without one.
 */
function fakeServer(options: { signedIn?: boolean; customer?: Customer } = {}) {
  const server = { signedIn: options.signedIn ?? true, customer: options.customer ?? ada, calls: [] as string[] };
  const noSession = (message: string) => {
    server.signedIn = false;
    return { isError: true, message };
  };
  const customerApi: CustomerApi = {
    fetch: async () => {
      server.calls.push('fetch');
      return server.signedIn ? ok(server.customer) : noSession('Fetch customer no customer access token');
    },
    logout: async () => {
      server.calls.push('logout');
      server.signedIn = false;
      return ok({ redirectTo: '/' });
    },
    updateBuyerIdentity: async ({ cartId }) => {
      server.calls.push(`buyer-identity ${cartId}`);
      return server.signedIn ? ok(cart(cartId, '85.00')) : noSession('No customer-no buyer identity update');
    },
    login: unused,
    register: unused,
    activate: unused,
    recover: unused,
    reset: unused,
    updateProfile: unused,
    createAddress: unused,
    updateAddress: unused,
    deleteAddress: unused,
    setDefaultAddress: unused,
    orders: unused,
    order: unused,
  };
  // The shopper's stored cart, which the cart store's start fetches.
  const cartApi: CartApi = {
    fetch: async (id) => ({ ...ok(cart(id)), status: 200 }),
    addLine: unused,
    updateLine: unused,
    removeLine: unused,
    saveAttributes: unused,
    availability: unused,
  };
  const storage = new Map<string, string>([
    [CART_ID_KEY, 'cart-1'],
    [CART_EXPIRY_KEY, String(Date.now() + 60_000)],
  ]);
  const stores = createStores(undefined, {
    customerApi,
    cartApi,
    hasCustomerSession: () => server.signedIn,
    storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v), removeItem: (k) => void storage.delete(k) },
  });
  return { server, stores, customerApi };
}

/**
 * Holds the fake server's `method` calls: each records "{method} sent" and waits until the
 * returned `answer()` is called, then answers as before. For ordering tests.
 */
function holdCalls(server: { calls: string[] }, api: CustomerApi, method: 'fetch' | 'logout'): () => void {
  let release: () => void = () => {};
  const original = api[method] as () => Promise<never>;
  (api as unknown as Record<typeof method, () => Promise<never>>)[method] = async () => {
    server.calls.push(`${method} sent`);
    await new Promise<void>((resolve) => (release = resolve));
    return original();
  };
  return () => release();
}

describe('loading the customer (spec §4 App start)', () => {
  test('without the session hint nothing is requested and there is no customer', async () => {
    const { server, stores } = fakeServer({ signedIn: false });
    await stores.customer.load();
    expect(server.calls).toEqual([]);
    expect(stores.customer.customer).toBeNull();
    expect(stores.customer.greetingName).toBeNull();
  });

  test('the server-side store set (no hint dependency) never asks for a customer', async () => {
    const { server, customerApi } = fakeServer();
    const { customer } = createStores(undefined, { customerApi });
    await customer.load();
    expect(server.calls).toEqual([]);
    expect(customer.customer).toBeNull();
  });

  test('with the hint the customer is fetched once, however often load is called meanwhile', async () => {
    const { server, stores } = fakeServer();
    const loads = [stores.customer.load(), stores.customer.load()];
    expect(stores.customer.loading).toBe(true);
    await Promise.all(loads);
    expect(server.calls).toEqual(['fetch']);
    expect(stores.customer.loading).toBe(false);
    expect(stores.customer.customer).toEqual(ada);
    expect(stores.customer.greetingName).toBe('Ada');
  });

  test('known: not before load, at once without the hint, once the fetch has answered with it', async () => {
    const signedOut = fakeServer({ signedIn: false }).stores.customer;
    expect(signedOut.known).toBe(false);
    void signedOut.load();
    expect(signedOut.known).toBe(true);

    const signedIn = fakeServer().stores.customer;
    const load = signedIn.load();
    expect(signedIn.known).toBe(false);
    await load;
    expect(signedIn.known).toBe(true);
  });

  test('an expired session (401) leaves no customer and the server message', async () => {
    const { stores, customerApi } = fakeServer();
    stores.customer.setCustomer(ada);
    customerApi.fetch = async () => ({ isError: true, message: 'Customer fetch failed.' });
    await stores.customer.load();
    expect(stores.customer.customer).toBeNull();
    expect(stores.customer.message).toBe('Customer fetch failed.');
  });

  test('the greeting falls back to the display name without a first name', () => {
    const { stores } = fakeServer();
    stores.customer.setCustomer({ ...ada, firstName: null, displayName: 'ada@example.com' });
    expect(stores.customer.greetingName).toBe('ada@example.com');
  });
});

describe('buyer identity (spec §4: when both a customer id and a cart id exist)', () => {
  test('sent once when the customer arrives after the cart, and the answer is the cart', async () => {
    const { server, stores } = fakeServer();
    await stores.cart.start();
    await stores.customer.load();
    await tick();
    expect(server.calls).toEqual(['fetch', 'buyer-identity cart-1']);
    // Server totals win: the cart is the buyer-identity answer.
    expect(stores.cart.cart?.cost.subtotalAmount.amount).toBe('85.00');
  });

  test('sent once when the cart arrives after the customer', async () => {
    const { server, stores } = fakeServer();
    await stores.customer.load();
    await stores.cart.start();
    await tick();
    expect(server.calls).toEqual(['fetch', 'buyer-identity cart-1']);
  });

  test('not sent again for the same pair (a reload of the customer, a changed profile)', async () => {
    const { server, stores } = fakeServer();
    await Promise.all([stores.customer.load(), stores.cart.start()]);
    await tick();
    await stores.customer.load();
    stores.customer.setCustomer({ ...ada, firstName: 'Augusta' });
    await tick();
    expect(server.calls.filter((c) => c.startsWith('buyer-identity'))).toEqual(['buyer-identity cart-1']);
  });

  test('sent again for a new cart (the old one was checked out)', async () => {
    const { server, stores } = fakeServer();
    await Promise.all([stores.customer.load(), stores.cart.start()]);
    await tick();
    // What the cart store does when it replaces a checked-out cart.
    runInAction(() => {
      stores.cart.cart = cart('cart-2');
    });
    await tick();
    expect(server.calls.filter((c) => c.startsWith('buyer-identity'))).toEqual(['buyer-identity cart-1', 'buyer-identity cart-2']);
  });

  test('never sent without a customer', async () => {
    const { server, stores } = fakeServer({ signedIn: false });
    await Promise.all([stores.customer.load(), stores.cart.start()]);
    await tick();
    expect(server.calls).toEqual([]);
  });

  test('a refused update leaves the cart as it was', async () => {
    const { stores, customerApi } = fakeServer();
    customerApi.updateBuyerIdentity = async () => ({ isError: true, message: 'Cart buyer identity update failed' });
    await Promise.all([stores.customer.load(), stores.cart.start()]);
    await tick();
    expect(stores.cart.cart?.cost.subtotalAmount.amount).toBe('0.00');
    expect(stores.cart.message).toBeNull();
  });
});

describe('signing out (spec §4 Logout)', () => {
  test('ends the session on the server and clears the customer', async () => {
    const { server, stores } = fakeServer();
    await stores.customer.load();
    const result = await stores.customer.signOut();
    expect(result).toEqual(ok({ redirectTo: '/' }));
    expect(server.calls).toEqual(['fetch', 'logout']);
    expect(stores.customer.customer).toBeNull();
    // The hint is gone, so the next load asks nothing.
    await stores.customer.load();
    expect(server.calls).toEqual(['fetch', 'logout']);
  });

  test('a customer fetch still in flight answers before the logout is sent (its renewal would set the deleted session again)', async () => {
    const { server, stores, customerApi } = fakeServer();
    const answer = holdCalls(server, customerApi, 'fetch');
    void stores.customer.load();
    const signingOut = stores.customer.signOut();
    await tick();
    expect(server.calls).toEqual(['fetch sent']);
    answer();
    await signingOut;
    expect(server.calls).toEqual(['fetch sent', 'fetch', 'logout']);
  });

  test("the start's first load, if it comes while the logout is in flight, asks nothing (the fetch would reach a deleted session: 401)", async () => {
    const { server, stores, customerApi } = fakeServer();
    const answer = holdCalls(server, customerApi, 'logout');
    // Signed in by a quick shopper before the start's load ran: the hint is set, nothing fetched yet.
    const signingOut = stores.customer.signOut();
    await tick();
    await stores.customer.load();
    answer();
    await signingOut;
    expect(server.calls).toEqual(['logout sent', 'logout']);
    expect(stores.customer.customer).toBeNull();
  });

  test("a failed sign-out that came before the start's load still loads the customer (the session is still there)", async () => {
    const { server, stores, customerApi } = fakeServer();
    customerApi.logout = async () => {
      server.calls.push('logout refused');
      return { isError: true, message: 'Network Error' };
    };
    const signingOut = stores.customer.signOut();
    await stores.customer.load();
    await signingOut;
    await tick();
    expect(server.calls).toEqual(['logout refused', 'fetch']);
    expect(stores.customer.customer).toEqual(ada);
    expect(stores.customer.known).toBe(true);
  });

  test('a failed sign-out keeps the customer and shows the message', async () => {
    const { stores, customerApi } = fakeServer();
    await stores.customer.load();
    customerApi.logout = async () => ({ isError: true, message: 'Network Error' });
    await stores.customer.signOut();
    expect(stores.customer.customer).toEqual(ada);
    expect(stores.customer.message).toBe('Network Error');
  });
});
