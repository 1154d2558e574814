/**
 * The checkout details held in the browser (spec §3 client-held values, §4 checkout type and
 * date selector): checkout type, delivery and pickup dates (null until chosen), gift flag,
 * note and receiver email, the date calendar fetched for the cart, and the checkout step.
 * Nothing here is ever rendered on the server.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { CalendarAvailability, DateKey } from '../../shared/availability';
import { canCheckout, DEFAULT_CHECKOUT_TYPE, isShippingEligible, type CheckoutType } from '../../shared/fulfillment';
import type { CartApi, CheckoutDetails } from '../lib/cart-api';
import { importWithReload } from '../runtime/chunk-reload';
import type { CartStore } from './cart';

/**
 * The calendar's rules (shared/availability.ts), needed once a calendar is fetched: loaded with
 * it, in the cart view's and the calendar's chunks, not on the first visit (ADR-0029).
 */
const loadAvailability = () => importWithReload(() => import('../../shared/availability'));

/** Spec §4: a failed checkout step still goes to the checkout URL, flagged `logged_in`. */
export function withLoggedInFlag(checkoutUrl: string): string {
  const url = new URL(checkoutUrl, 'http://relative.invalid');
  url.searchParams.set('logged_in', 'true');
  return url.origin === 'http://relative.invalid' ? url.pathname + url.search + url.hash : url.href;
}

export class CheckoutStore {
  /** The shopper's choice; `checkoutType` falls back to delivery while shipping is not offered. */
  chosenType: CheckoutType = DEFAULT_CHECKOUT_TYPE;
  deliveryDate: DateKey | null = null;
  pickupDate: DateKey | null = null;
  isGift = false;
  giftNote = '';
  receiverEmail = '';
  /** The calendar for the current type, or null (not fetched, shipping, or the scheduler failed). */
  calendar: CalendarAvailability | null = null;
  calendarLoading = false;

  /** Bumped per fetch so a slow, outdated answer never replaces a newer one. */
  private fetchSeq = 0;

  constructor(
    private readonly cart: CartStore,
    private readonly api: CartApi,
    private readonly shippingExcludedTag: string,
  ) {
    makeAutoObservable<CheckoutStore, 'fetchSeq' | 'cart' | 'api' | 'shippingExcludedTag'>(this, {
      fetchSeq: false,
      cart: false,
      api: false,
      shippingExcludedTag: false,
    });
  }

  /** Spec §4: shipping only over 100 and without the excluded product tag. */
  get shippingOffered(): boolean {
    return isShippingEligible(this.cart.cart, this.shippingExcludedTag);
  }

  get checkoutType(): CheckoutType {
    return this.chosenType === 'shipping' && !this.shippingOffered ? 'delivery' : this.chosenType;
  }

  /** The date the current type needs (null for shipping or until chosen). */
  get date(): DateKey | null {
    if (this.checkoutType === 'delivery') return this.deliveryDate;
    if (this.checkoutType === 'pickup') return this.pickupDate;
    return null;
  }

  /** Spec §5: disabled while loading and while delivery/pickup lacks its date. */
  get canCheckout(): boolean {
    return (
      this.cart.cart !== null &&
      canCheckout({
        loading: this.cart.loading,
        checkoutType: this.checkoutType,
        deliveryDate: this.deliveryDate,
        pickupDate: this.pickupDate,
      })
    );
  }

  setCheckoutType(type: CheckoutType) {
    this.chosenType = type;
  }

  chooseDate(date: DateKey) {
    if (this.checkoutType === 'delivery') this.deliveryDate = date;
    else if (this.checkoutType === 'pickup') this.pickupDate = date;
  }

  setGift(isGift: boolean) {
    this.isGift = isGift;
  }

  setGiftNote(note: string) {
    this.giftNote = note;
  }

  setReceiverEmail(email: string) {
    this.receiverEmail = email;
  }

  /**
   * Fetch the calendar for the current type and the cart's lines (spec §4 date selector). A
   * failure shows no dates and no message (spec §7). A chosen date the new calendar no longer
   * offers is cleared.
   */
  async loadCalendar(): Promise<void> {
    const type = this.checkoutType;
    const seq = ++this.fetchSeq;
    const cartId = this.cart.cart?.id;
    if (type === 'shipping' || !cartId || this.cart.lines.length === 0) {
      this.calendar = null;
      this.calendarLoading = false;
      return;
    }
    this.calendarLoading = true;
    // Code that cannot load counts as a failure too: no dates.
    const [result, rules] = await Promise.all([this.api.availability({ cartId, type }), loadAvailability().catch(() => null)]);
    runInAction(() => {
      if (seq !== this.fetchSeq) return;
      this.calendarLoading = false;
      this.calendar = rules && !result.isError && result.data ? rules.calendarAvailability(result.data) : null;
      const chosen = type === 'delivery' ? this.deliveryDate : this.pickupDate;
      if (chosen && !this.calendar?.isDateSelectable(chosen)) {
        if (type === 'delivery') this.deliveryDate = null;
        else this.pickupDate = null;
      }
    });
  }

  get details(): CheckoutDetails {
    return {
      checkoutType: this.checkoutType,
      deliveryDate: this.checkoutType === 'delivery' ? this.deliveryDate : null,
      pickupDate: this.checkoutType === 'pickup' ? this.pickupDate : null,
      isGift: this.isGift,
      giftNote: this.isGift ? this.giftNote : '',
      receiverEmail: this.isGift ? this.receiverEmail : '',
    };
  }

  /**
   * Spec §4: save the attributes, then answer the URL to go to: the cart's checkoutUrl, or,
   * when saving failed, the same URL with the `logged_in` flag. Null when checkout is not allowed.
   */
  async checkout(): Promise<string | null> {
    const checkoutUrl = this.cart.cart?.checkoutUrl;
    if (!checkoutUrl || !this.canCheckout) return null;
    const saved = await this.cart.saveAttributes(this.details);
    return saved ? (this.cart.cart?.checkoutUrl ?? checkoutUrl) : withLoggedInFlag(checkoutUrl);
  }
}
