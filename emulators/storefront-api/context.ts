/** What every resolver receives: the emulator's state and the request's `@inContext`. */
import type { Catalog } from './catalog';
import type { CartPricer } from './cart-cost';
import type { CartStore } from './carts';
import type { CustomerStore } from './customers';
import type { DeliveryRate } from './delivery-rates';
import type { GiftCardStore } from './gift-cards';
import type { Inventory } from './inventory';
import type { Mailbox } from './mail';
import type { OnlineStore } from './online-store';
import type { OrderStore } from './orders';

export type StorefrontContext = {
  catalog: Catalog;
  /** Menus, pages, blogs, policies, brand, redirects (online-store.ts). */
  onlineStore: OnlineStore;
  carts: CartStore;
  /** Cart costs: discounts, tax estimates, gift card payments (cart-cost.ts). */
  pricing: CartPricer;
  giftCards: GiftCardStore;
  inventory: Inventory;
  customers: CustomerStore;
  /** The shop's delivery rates (`{contentDir}/delivery.json`, delivery-rates.ts). */
  deliveryRates: DeliveryRate[];
  orders: OrderStore;
  /** Where activation and reset mail is kept. */
  mailbox: Mailbox;
  /** The emulator's own base URL, for absolute URLs (images, checkoutUrl, activation URLs). */
  origin: string;
  /** The storefront's base URL, for links in mail (activation, reset) and back from the checkout. */
  shopUrl: string;
  /** `@inContext(country:)`, e.g. "US"; null when the operation has none. */
  country: string | null;
  /** `@inContext(language:)`, e.g. "EN"; null when the operation has none. */
  language: string | null;
};
