/**
 * The store set, created once per request on the server and once in the browser from the
 * server's snapshot. The snapshot holds UI state only: no cart, no personal data.
 */
import { createContext, useContext } from 'react';
import { httpCartApi, type CartApi } from '../lib/cart-api';
import { CartStore } from './cart';
import { UiStore, type UiSnapshot } from './ui';

export type Stores = { ui: UiStore; cart: CartStore };
export type StoresSnapshot = { ui: UiSnapshot };

/** Build the stores; in the browser pass `localStorage`, on the server nothing. */
export function createStores(
  snapshot?: Partial<StoresSnapshot>,
  deps: { cartApi?: CartApi; storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null } = {},
): Stores {
  const ui = new UiStore(snapshot?.ui);
  const cart = new CartStore(deps.cartApi ?? httpCartApi, ui, deps.storage ?? null);
  return { ui, cart };
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
