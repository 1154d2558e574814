/**
 * The signed-in customer in the browser (spec §3 client-held values "customer, customer
 * loading"; §4 Customer session and App start).
 *
 * The session is an HttpOnly cookie this code cannot read; the non-HttpOnly hint cookie
 * (CUSTOMER_SESSION_HINT_COOKIE) says one exists, so `load()` asks `GET /api/customer` only
 * then. On the server the store is created per request and stays empty: the HTML is
 * CDN-cacheable and the store is never snapshotted into it.
 *
 * Spec §4 "Buyer identity on the cart is updated when both a customer id and a cart id exist":
 * once loading has begun, every new (customer, cart) pair is sent once to
 * `PUT /api/cart/buyer-identity`, through the cart's queue.
 */
import { makeAutoObservable, reaction, runInAction, type IReactionDisposer } from 'mobx';
import type { Customer } from '../../shared/customer';
import type { ApiResult } from '../../shared/types';
import type { CustomerApi } from '../lib/customer-api';
import type { CartStore } from './cart';

export class CustomerStore {
  customer: Customer | null = null;
  /**
   * Whether the browser knows if a customer is signed in: `load()` found no session hint, or the
   * customer fetch has answered. Until then the header makes no claim either way (AccountLink).
   */
  known = false;
  loading = false;
  /** The last failure's message (spec §8), or null. */
  message: string | null = null;

  private pending: Promise<void> | null = null;
  /** The (customer id, cart id) pair last sent as buyer identity. */
  private linkedPair: string | null = null;
  private stopLinking: IReactionDisposer | null = null;
  /** The buyer identity request in flight, which signing out waits for (see signOut). */
  private linking: Promise<unknown> | null = null;
  /** True while `signOut` runs: no customer fetch starts then (it would race the logout). */
  private signingOut = false;

  constructor(
    /** The network edge, also what the account pages call (tests pass a fake). */
    readonly api: CustomerApi,
    private readonly cart: CartStore,
    /** Whether the session hint cookie is set (browser); never on the server. */
    private readonly hasSession: () => boolean = () => false,
  ) {
    makeAutoObservable<CustomerStore, 'pending' | 'linkedPair' | 'stopLinking' | 'linking' | 'signingOut' | 'cart' | 'hasSession'>(this, {
      pending: false,
      signingOut: false,
      linking: false,
      linkedPair: false,
      stopLinking: false,
      api: false,
      cart: false,
      hasSession: false,
    });
  }

  /** The name the header greets the customer with: first name, else the display name. */
  get greetingName(): string | null {
    if (!this.customer) return null;
    return this.customer.firstName?.trim() || this.customer.displayName.trim() || null;
  }

  /**
   * Spec §4 App start: fetch the customer when the hint cookie says a session exists (without it,
   * no request). A failed fetch leaves no customer (a 401 also cleared the session cookies on the
   * server). Concurrent calls share one request; none starts while signing out (the start's call
   * comes after hydration, which a quick shopper can beat to the Sign out button).
   */
  load(): Promise<void> {
    if (this.signingOut) return Promise.resolve();
    this.linkBuyerIdentity();
    if (!this.hasSession()) {
      this.known = true;
      return Promise.resolve();
    }
    this.pending ??= this.fetchCustomer().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** After a profile or address change: the server's answer is the customer as it now is. */
  setCustomer(customer: Customer) {
    this.customer = customer;
    this.known = true;
    this.message = null;
  }

  /**
   * Spec §4 Logout: end the session on the server, then clear the customer. The caller goes to
   * `/` (a full page load, so nothing of the session stays in memory). On failure the customer
   * stays (the session may well still exist) and the message is the server's.
   */
  async signOut(): Promise<ApiResult<{ redirectTo: string }>> {
    // No new buyer identity or customer fetch from here on, and one still in flight lands first:
    // each carries the token being deleted, which the server would refuse halfway (401/422 in the console).
    this.signingOut = true;
    this.stopLinking?.();
    this.stopLinking = null;
    await this.linking?.catch(() => undefined);
    // A customer fetch in flight renews the session cookie: answered after the logout, it would
    // set the deleted token's cookie again.
    await this.pending?.catch(() => undefined);
    const result = await this.api.logout();
    runInAction(() => {
      this.signingOut = false;
      if (result.isError) {
        this.message = result.message;
        // Still signed in: keep linking the cart to the customer, and load it if the start's load
        // came while signing out.
        this.linkBuyerIdentity();
        if (!this.known) void this.load();
        return;
      }
      this.customer = null;
      this.linkedPair = null;
      this.message = null;
    });
    return result;
  }

  private async fetchCustomer(): Promise<void> {
    this.loading = true;
    const result = await this.api.fetch();
    runInAction(() => {
      this.loading = false;
      this.known = true;
      this.customer = !result.isError && result.data ? result.data : null;
      this.message = result.isError ? result.message : null;
    });
  }

  /** Start (once) sending each new (customer, cart) pair as the cart's buyer identity. */
  private linkBuyerIdentity() {
    this.stopLinking ??= reaction(
      () => [this.customer?.id, this.cart.cart?.id] as const,
      ([customerId, cartId]) => {
        if (!customerId || !cartId) return;
        const pair = `${customerId} ${cartId}`;
        if (pair === this.linkedPair) return;
        this.linkedPair = pair;
        this.linking = this.cart.applyServerChange(cartId, (id) => this.api.updateBuyerIdentity({ cartId: id }));
      },
      { fireImmediately: true, equals: (a, b) => a[0] === b[0] && a[1] === b[1] },
    );
  }
}
