/** Shapes shared by the analytics module and the consent store (spec §4 cookie consent, §7 analytics). */

/** Spec §4: the shopper's cookie choice, passed to analytics as ad_storage and analytics_storage. */
export type Consent = 'granted' | 'denied';

/** Where gtag's commands queue up (gtag.js reads it); each entry is a command's `arguments` object. */
export type DataLayer = unknown[];

/** A GA4 gtag command, e.g. `('event', 'add_to_cart', params)`. */
export type Gtag = (...args: unknown[]) => void;

/** A Klaviyo onsite command, e.g. `['track', 'Added to Cart', properties]`. */
export type KlaviyoCommand = [string, ...unknown[]];

/**
 * The part of `window` analytics reads and writes. Tests pass a plain object: with no
 * `document` no script is loaded, with no `fetch` nothing is posted.
 */
export type AnalyticsWindow = {
  dataLayer?: DataLayer;
  gtag?: Gtag;
  /** Klaviyo's legacy queue, read by klaviyo.js when it loads. */
  _learnq?: KlaviyoCommand[];
  /** Klaviyo's object, present once klaviyo.js has loaded. */
  klaviyo?: { push(command: KlaviyoCommand): unknown };
  document?: Pick<Document, 'createElement' | 'head'>;
  fetch?: typeof fetch;
  location?: { origin: string };
  crypto?: Pick<Crypto, 'randomUUID'>;
};

/** A GA4 ecommerce item (spec §7 "items"). */
export type GaItem = {
  item_id: string;
  item_name: string;
  item_variant?: string;
  item_brand: string;
  item_category: string;
  price: number;
  quantity: number;
};

/** view_cart, add_to_cart, begin_checkout parameters (spec §7: currency, value, items). */
export type GaEcommerceParams = { currency: string; value: number; items: GaItem[] };

/** Properties of a Klaviyo event; `$value` and `$event_id` are Klaviyo's special properties. */
export type KlaviyoProperties = Record<string, unknown>;
