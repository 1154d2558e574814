/**
 * The analytics API the app calls (spec §7 "Analytics"): one `Analytics` over this page's
 * `window`, created on first use; on the server (no `window`) every call does nothing. Nothing
 * here throws: failures are caught and logged (analytics.ts).
 *
 * | call                     | tag event (gtag, dataLayer) | marketing event (Klaviyo) |
 * |--------------------------|-----------------------------|---------------------------|
 * | trackViewedProduct       | Viewed Product              | Viewed Product            |
 * | trackAddToCart           | add_to_cart                 | Added to Cart             |
 * | trackViewCart            | view_cart                   | —                         |
 * | trackBeginCheckout       | begin_checkout              | Checkout Began            |
 * | trackHintDropped         | drop_the_hint               | Hint Dropped              |
 *
 * NB drop_the_hint carries the gifter's email and phone and the visitor's name because the spec
 * lists them word for word; Google's terms forbid sending personal data to GA4, so whoever turns
 * GA4 on should decide whether to keep those fields (events.ts `gaDropTheHintParams`).
 */
import type { DropTheHintInput } from '../../shared/marketing';
import type { Cart, CartLine, ProductDetail, ProductVariant } from '../../shared/types';
import type { AnalyticsConfig } from '../lib/app-config';
import { Analytics } from './analytics';
import {
  GA_EVENTS,
  gaAddToCartParams,
  gaCartParams,
  gaDropTheHintParams,
  gaViewedProductParams,
  KLAVIYO_METRICS,
  klaviyoAddedToCart,
  klaviyoCheckoutBegan,
  klaviyoHintDropped,
  klaviyoViewedProduct,
} from './events';
import type { Consent } from './types';

export { Analytics } from './analytics';
export type { AnalyticsWindow, Consent } from './types';

let instance: Analytics | null | undefined;

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** This page's analytics, or null outside a browser. */
function analytics(): Analytics | null {
  if (instance === undefined) {
    instance = typeof window === 'undefined' ? null : new Analytics(window, { storage: browserStorage() });
  }
  return instance;
}

/** Browser entry, after the stores (so a restored consent precedes gtag's `config`). */
export function startAnalytics(config: AnalyticsConfig): void {
  analytics()?.start(config);
}

/** The consent store's signal: a choice, or one restored from storage (spec §4). */
export function updateAnalyticsConsent(consent: Consent): void {
  analytics()?.updateConsent(consent);
}

/** The signed-in customer's email, or null: Klaviyo's profile identity. */
export function identifyShopper(email: string | null): void {
  analytics()?.identify(email);
}

/** A product page view (once per product and variant shown). */
export function trackViewedProduct(product: ProductDetail, variant: ProductVariant): void {
  const a = analytics();
  if (!a) return;
  a.event(GA_EVENTS.viewedProduct, gaViewedProductParams(product, variant));
  a.klaviyo(KLAVIYO_METRICS.viewedProduct, klaviyoViewedProduct(product, variant, a.origin));
}

/** A successful add to cart: `cart` as the server answered it, `line` the added line. */
export function trackAddToCart(cart: Cart, line: CartLine, quantity = 1): void {
  const a = analytics();
  if (!a) return;
  a.event(GA_EVENTS.addToCart, gaAddToCartParams(line, quantity));
  a.klaviyo(KLAVIYO_METRICS.addedToCart, klaviyoAddedToCart(cart, line, quantity));
}

/** The cart drawer opened on a cart with an id (spec §4 cart drawer). */
export function trackViewCart(cart: Cart): void {
  analytics()?.event(GA_EVENTS.viewCart, gaCartParams(cart));
}

/** The shopper pressed Checkout (and may leave the page at once). */
export function trackBeginCheckout(cart: Cart): void {
  const a = analytics();
  if (!a) return;
  a.event(GA_EVENTS.beginCheckout, gaCartParams(cart));
  const properties = klaviyoCheckoutBegan(cart, Date.now());
  a.klaviyo(KLAVIYO_METRICS.checkoutBegan, properties, String(properties.$event_id));
}

/** A hint was accepted by the server (the drop-the-hint form calls this after success). */
export function trackHintDropped(hint: DropTheHintInput): void {
  const a = analytics();
  if (!a) return;
  a.event(GA_EVENTS.dropTheHint, gaDropTheHintParams(hint));
  a.klaviyo(KLAVIYO_METRICS.hintDropped, klaviyoHintDropped(hint));
}
