/**
 * The shopper's cart (spec §4 cart lifecycle). Never rendered on the server: the HTML is
 * CDN-cacheable, so the cart is fetched in the browser after hydration (`start`).
 *
 * A cart that was checked out (the fetch answers 404) is replaced by a new one on the next
 * start. Without a stored cart, the `cart_id` cookie's cart (the no-JavaScript add-to-cart
 * form's) is adopted.
 *
 * Every change goes through one queue, so rapid clicks run one request at a time, and the
 * server's answer replaces the whole cart: server totals always win over local arithmetic.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiResult, Cart, CartLine } from '../../shared/types';
import { trackAddToCart } from '../analytics';
import type { CartApi, CheckoutDetails } from '../lib/cart-api';
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

export class CartStore {
  cart: Cart | null = null;
  loading = false;
  message: string | null = null;

  private queue: Promise<unknown> = Promise.resolve();
  private started: Promise<void> | null = null;

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

  /**
   * App start: reuse the stored, unexpired cart (or else the cookie's) if it is sound, else
   * create one. Idempotent.
   */
  start(): Promise<void> {
    this.started ??= this.enqueue(async () => {
      const stored = this.storage?.getItem(CART_ID_KEY);
      const expiry = Number(this.storage?.getItem(CART_EXPIRY_KEY) ?? 0);
      const id = stored && expiry > this.now() ? stored : this.cookieCartId();
      if (id) {
        const fetched = await this.api.fetch(id);
        if (!fetched.isError && fetched.data?.id && fetched.data.lines.every((l) => l.merchandise?.id)) {
          this.accept(fetched);
          if (id !== stored) this.remember(id);
          return;
        }
      }
      const created = await this.api.create();
      if (this.accept(created) && created.data) this.remember(created.data.id);
    });
    return this.started;
  }

  /** Add a variant; on success the drawer opens (spec §4). */
  async addLine(merchandiseId: string, options: { quantity?: number; sellingPlanId?: string } = {}): Promise<boolean> {
    await this.start();
    return this.enqueue(async () => {
      if (!this.cart) return false;
      const ok = this.accept(await this.api.addLine({ cartId: this.cart.id, merchandiseId, ...options }));
      if (ok) {
        // Spec §4: an add-to-cart event (with the added line as the server answered it), then the drawer.
        const line = addedLine(this.cart, merchandiseId, options.sellingPlanId);
        if (this.cart && line) trackAddToCart(this.cart, line, options.quantity ?? 1);
        this.ui.openCart();
      }
      return ok;
    });
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
      return this.accept(result);
    });
  }

  /** Save the checkout details as cart attributes (spec §4), after any pending change. */
  saveAttributes(details: CheckoutDetails): Promise<boolean> {
    return this.enqueue(async () => {
      if (!this.cart) return false;
      return this.accept(await this.api.saveAttributes({ cartId: this.cart.id, ...details }));
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

  /**
   * Take the server's answer: its cart whenever it sends one — a refused or reduced change comes
   * with the cart as it really is (a line the platform cut to the stock left) — and its message
   * when it failed. True only for a success.
   */
  private accept(result: ApiResult<Cart>): boolean {
    if (result.data) this.cart = result.data;
    if (result.isError || !result.data) {
      this.message = result.message;
      return false;
    }
    this.message = null;
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
