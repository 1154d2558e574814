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
};

export const AppConfigContext = createContext<AppConfig>({ siteUrl: '', shippingExcludedTag: DEFAULT_SHIPPING_EXCLUDED_TAG, calendarCss: null });

export const useAppConfig = (): AppConfig => useContext(AppConfigContext);
