/** Per-deployment values the UI needs, provided by server and entry alike (JSON state block). */
import { createContext, useContext } from 'react';

/** The server's default for products that cannot ship (config `SHIPPING_EXCLUDED_TAG`). */
export const DEFAULT_SHIPPING_EXCLUDED_TAG = 'local-delivery-only';

export type AppConfig = {
  /** Canonical site url. */
  siteUrl: string;
  /** Products carrying this tag make a cart ineligible for shipping (spec §4). */
  shippingExcludedTag: string;
  /** Stylesheet of the lazily loaded calendar chunk (react-day-picker), or null. */
  calendarCss: string | null;
  /** Browser analytics ids (server config `analytics`, spec §7): each tool loads only when its id is set. */
  analytics: AnalyticsConfig;
  /** The build that rendered the page (client manifest `buildId`), for the hourly new-build poll (client/runtime/build-watch.ts); null when unknown. */
  buildId: string | null;
};

/**
 * `ga4MeasurementId`: load gtag.js (live). `klaviyoPublicKey`: Klaviyo onsite events.
 * `klaviyoClientEventsUrl`: local mode, where the browser posts those events instead of loading
 * Klaviyo's script (the marketing stand-in). Events always also go to `window.dataLayer`.
 */
export type AnalyticsConfig = { ga4MeasurementId: string | null; klaviyoPublicKey: string | null; klaviyoClientEventsUrl: string | null };

export const NO_ANALYTICS: AnalyticsConfig = { ga4MeasurementId: null, klaviyoPublicKey: null, klaviyoClientEventsUrl: null };

export const AppConfigContext = createContext<AppConfig>({
  siteUrl: '',
  shippingExcludedTag: DEFAULT_SHIPPING_EXCLUDED_TAG,
  calendarCss: null,
  analytics: NO_ANALYTICS,
  buildId: null,
});

export const useAppConfig = (): AppConfig => useContext(AppConfigContext);
