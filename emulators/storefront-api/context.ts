/** What every resolver receives: the emulator's state and the request's `@inContext`. */
import type { Catalogue } from './catalogue';
import type { CartStore } from './carts';
import type { Inventory } from './inventory';

export type StorefrontContext = {
  catalogue: Catalogue;
  carts: CartStore;
  inventory: Inventory;
  /** The emulator's own base URL, for absolute URLs (images, checkoutUrl). */
  origin: string;
  /** `@inContext(country:)`, e.g. "US"; null when the operation has none. */
  country: string | null;
  /** `@inContext(language:)`, e.g. "EN"; null when the operation has none. */
  language: string | null;
};
