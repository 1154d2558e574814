/**
 * The store set, created once per request on the server and once in the browser from the
 * server's snapshot. The snapshot holds UI state only: no cart, no customer, no personal data
 * (the server's stores never hold a customer; the browser fetches it after hydration).
 */
import { createContext, useContext } from 'react';
import { httpCartApi, type CartApi } from '../lib/cart-api';
import { DEFAULT_SHIPPING_EXCLUDED_TAG } from '../lib/app-config';
import { httpCustomerApi, type CustomerApi } from '../lib/customer-api';
import { CartStore } from './cart';
import { CheckoutStore } from './checkout';
import { ConsentStore, type ConsentSignal } from './consent';
import { CustomerStore } from './customer';
import { UiStore, type UiSnapshot } from './ui';

export type Stores = { ui: UiStore; cart: CartStore; checkout: CheckoutStore; customer: CustomerStore; consent: ConsentStore };
export type StoresSnapshot = { ui: UiSnapshot };

export type StoreDeps = {
  cartApi?: CartApi;
  customerApi?: CustomerApi;
  /** `localStorage` in the browser; nothing on the server. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** The `cart_id` cookie's value, adopted when storage holds no cart. */
  cookieCartId?: () => string | null;
  /** Whether the customer session hint cookie is set (browser); the server's stores never load a customer. */
  hasCustomerSession?: () => boolean;
  /** Products with this tag cannot ship (server config, via AppConfig). */
  shippingExcludedTag?: string;
  /** Tells analytics about a cookie choice, or one restored from storage (browser). */
  consentSignal?: ConsentSignal;
};

/** Build the stores from a snapshot and their browser dependencies. */
export function createStores(snapshot?: Partial<StoresSnapshot>, deps: StoreDeps = {}): Stores {
  const api = deps.cartApi ?? httpCartApi;
  const ui = new UiStore(snapshot?.ui);
  const cart = new CartStore(api, ui, deps.storage ?? null, Date.now, deps.cookieCartId);
  const checkout = new CheckoutStore(cart, api, deps.shippingExcludedTag ?? DEFAULT_SHIPPING_EXCLUDED_TAG);
  const customer = new CustomerStore(deps.customerApi ?? httpCustomerApi, cart, deps.hasCustomerSession);
  const consent = new ConsentStore(deps.storage ?? null, deps.consentSignal ?? null);
  return { ui, cart, checkout, customer, consent };
}

/** What goes into the page's JSON state block. */
export const snapshotStores = (stores: Stores): StoresSnapshot => ({ ui: stores.ui.snapshot() });

export const StoresContext = createContext<Stores | null>(null);

/** The stores of the current render (throws outside the provider, which is a bug). */
export function useStores(): Stores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('useStores() outside <StoresContext.Provider>');
  return stores;
}
