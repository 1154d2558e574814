/**
 * The shopper's cart (spec §4 cart lifecycle). Never rendered on the server: the HTML is
 * CDN-cacheable, so the cart is fetched in the browser after hydration (`start`).
 *
 * A page view makes no cart: `start` only fetches the stored cart (or else the `cart_id`
 * cookie's, the no-JavaScript add-to-cart form's). The shopper's first add to cart makes it, one
 * `POST /api/cart/lines` without a cartId that creates the cart holding the line (Hydrogen's
 * pattern), so crawlers and visitors who add nothing make no cart and count toward no cart
 * limit (docs/architecture.md §8 "Rate limits"). Spec §4's "otherwise a new cart is created" is
 * that first add: a stored cart that is gone (404: checked out, expired) or unsound (a line
 * without a variant id) is forgotten and the next add makes a new one; one that could not be
 * fetched (no answer, an upstream failure) is kept, asked for again before the next add, and
 * named by it, so nothing is lost and nothing waits for a reload.
 *
 * Every change goes through one queue, so rapid clicks run one request at a time, and the
 * server's answer replaces the whole cart: server totals always win over local arithmetic. A
 * failed change's message is kept with where it belongs (`messageAt`: the add-to-cart button or
 * the cart view) until the next successful change or until the shopper dismisses it.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiResult, Cart, CartLine } from '../../shared/types';
import { trackAddToCart } from '../analytics';
import type { CartApi, CheckoutDetails } from '../lib/cart-api';
import type { ApiAnswer } from '../lib/json-call';
import type { UiStore } from './ui';

/** localStorage keys (spec §3 client-held values). */
export const CART_ID_KEY = 'gramercy:cartId';
export const CART_EXPIRY_KEY = 'gramercy:cartExpiry';
/** Spec §9: cart lifetime 2 days (2880 minutes). */
export const CART_LIFETIME_MS = 2880 * 60 * 1000;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The line holding the variant just added (with the same purchase option, when there is one). */
const addedLine = (cart: Cart | null, merchandiseId: string, sellingPlanId?: string): CartLine | undefined =>
  cart?.lines.find((l) => l.merchandise.id === merchandiseId && l.sellingPlanAllocation?.sellingPlan.id === sellingPlanId) ??
  cart?.lines.find((l) => l.merchandise.id === merchandiseId);

/** Where a cart message is shown: under the add-to-cart button, or in the cart view (drawer or /cart). */
export type CartMessagePlace = 'add' | 'cart';

export class CartStore {
  cart: Cart | null = null;
  loading = false;
  /** The last change's failure, shown once, at `messageAt`; null after a success or a dismissal. */
  message: string | null = null;
  messageAt: CartMessagePlace | null = null;

  private queue: Promise<unknown> = Promise.resolve();
  /** The stored cart's fetch; null until asked, and again after one that got no answer. */
  private started: Promise<void> | null = null;
  /** A stored cart id whose fetch got no answer: the next add names it. Observable: see `unread`. */
  private unfetchedId: string | null = null;

  constructor(
    private readonly api: CartApi,
    private readonly ui: UiStore,
    private readonly storage: KeyValueStorage | null,
    private readonly now: () => number = Date.now,
    /** The `cart_id` cookie's value (browser), or null. */
    private readonly cookieCartId: () => string | null = () => null,
  ) {
    makeAutoObservable<CartStore, 'queue' | 'started' | 'api' | 'ui' | 'storage' | 'now' | 'cookieCartId'>(this, {
      queue: false,
      started: false,
      api: false,
      ui: false,
      storage: false,
      now: false,
      cookieCartId: false,
    });
  }

  get totalQuantity(): number {
    return this.cart?.totalQuantity ?? 0;
  }

  get lines(): CartLine[] {
    return this.cart?.lines ?? [];
  }

  /** A stored cart exists but could not be read yet: its count is unknown (the header shows none). */
  get unread(): boolean {
    return this.unfetchedId !== null;
  }

  /**
   * App start (spec §4): fetch the stored, unexpired cart (or else the cookie's). Makes no cart.
   * Settled once the platform answered; after no answer the next call (the next add) asks again.
   */
  start(): Promise<void> {
    this.started ??= this.enqueue(async () => {
      if (this.cart) return;
      const stored = this.storage?.getItem(CART_ID_KEY);
      const expiry = Number(this.storage?.getItem(CART_EXPIRY_KEY) ?? 0);
      const id = stored && expiry > this.now() ? stored : this.cookieCartId();
      if (!id) return;
      const fetched = await this.api.fetch(id);
      const found = fetched.data;
      if (!fetched.isError && found?.id && found.lines.every((l) => l.merchandise?.id)) {
        runInAction(() => {
          this.cart = found;
          this.unfetchedId = null;
        });
        if (id !== stored) this.remember(id);
      } else if (fetched.status === 404 || !fetched.isError) {
        // Gone or unsound: the next add makes a new cart (spec §4).
        this.forget();
      } else {
        // No answer: keep it, ask again before the next add (no message: the shopper asked nothing yet).
        runInAction(() => {
          this.unfetchedId = id;
        });
        this.started = null;
      }
    });
    return this.started;
  }

  /**
   * Add a variant (spec §4): to the cart, or — the first add, or the cart is gone — to a new cart
   * made with the line. On success the drawer opens and an add-to-cart event fires.
   */
  async addLine(merchandiseId: string, options: { quantity?: number; sellingPlanId?: string } = {}): Promise<boolean> {
    await this.start();
    return this.enqueue(async () => {
      const cartId = this.cart?.id ?? this.unfetchedId;
      let result: ApiAnswer<Cart> = await this.api.addLine(cartId ? { cartId, merchandiseId, ...options } : { merchandiseId, ...options });
      if (cartId && result.status === 404) {
        // Checked out in another tab, or expired: a new cart holding the line.
        this.forget();
        result = await this.api.addLine({ merchandiseId, ...options });
      }
      const ok = this.accept(result, 'add');
      if (ok) {
        // Spec §4: an add-to-cart event (with the added line as the server answered it), then the drawer.
        const line = addedLine(this.cart, merchandiseId, options.sellingPlanId);
        if (this.cart && line) trackAddToCart(this.cart, line, options.quantity ?? 1);
        this.ui.openCart();
      }
      return ok;
    });
  }

  /** The shopper closed the message. */
  dismissMessage() {
    this.message = null;
    this.messageAt = null;
  }

  /** "+" : never beyond the variant's available quantity (spec §9). */
  canIncrement(line: CartLine): boolean {
    const max = line.merchandise.quantityAvailable;
    return !this.loading && (max == null || line.quantity < max);
  }

  increment(line: CartLine): Promise<boolean> {
    if (!this.canIncrement(line)) return Promise.resolve(false);
    return this.setQuantity(line, line.quantity + 1);
  }

  /** "−" : below 1 removes the line (spec §4). */
  decrement(line: CartLine): Promise<boolean> {
    if (this.loading) return Promise.resolve(false);
    return this.setQuantity(line, line.quantity - 1);
  }

  private setQuantity(line: CartLine, quantity: number): Promise<boolean> {
    return this.enqueue(async () => {
      if (!this.cart) return false;
      const cartId = this.cart.id;
      const result =
        quantity < 1
          ? await this.api.removeLine({ cartId, lineId: line.id })
          : await this.api.updateLine({ cartId, line: { id: line.id, merchandiseId: line.merchandise.id, quantity } });
      return this.accept(result, 'cart');
    });
  }

  /** Save the checkout details as cart attributes (spec §4), after any pending change. */
  saveAttributes(details: CheckoutDetails): Promise<boolean> {
    return this.enqueue(async () => {
      if (!this.cart) return false;
      return this.accept(await this.api.saveAttributes({ cartId: this.cart.id, ...details }), 'cart');
    });
  }

  /**
   * Run a change of the cart that another store asks the server for (the buyer identity, spec §4)
   * in the queue, after any pending change. Its answer replaces the cart only while `cartId` is
   * still this cart; a failure changes nothing (no cart message: the shopper did not ask for it).
   */
  applyServerChange(cartId: string, change: (cartId: string) => Promise<ApiResult<Cart>>): Promise<boolean> {
    return this.enqueue(async () => {
      if (this.cart?.id !== cartId) return false;
      const { isError, data } = await change(cartId);
      if (isError || data?.id !== cartId) return false;
      runInAction(() => {
        this.cart = data;
      });
      return true;
    });
  }

  /** Store the cart id with a fresh 2-day expiry (spec §4). */
  private remember(id: string) {
    this.storage?.setItem(CART_ID_KEY, id);
    this.storage?.setItem(CART_EXPIRY_KEY, String(this.now() + CART_LIFETIME_MS));
  }

  /** The stored cart is gone: drop it, so the next add makes a new one. */
  private forget() {
    this.cart = null;
    this.unfetchedId = null;
    this.storage?.removeItem(CART_ID_KEY);
    this.storage?.removeItem(CART_EXPIRY_KEY);
  }

  /**
   * Take the server's answer: its cart whenever it sends one — a refused or reduced change comes
   * with the cart as it really is (a line the platform cut to the stock left) — remembering a new
   * cart's id, and its message, shown at `place`, when it failed. True only for a success.
   */
  private accept(result: ApiResult<Cart>, place: CartMessagePlace): boolean {
    if (result.data) {
      if (result.data.id !== this.cart?.id) this.remember(result.data.id);
      this.cart = result.data;
      this.unfetchedId = null;
    }
    if (result.isError || !result.data) {
      this.message = result.message;
      this.messageAt = place;
      return false;
    }
    this.dismissMessage();
    return true;
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      runInAction(() => {
        this.loading = true;
      });
      try {
        return await task();
      } finally {
        runInAction(() => {
          this.loading = false;
        });
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
