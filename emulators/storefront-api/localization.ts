/**
 * `localization` and the markets the emulated shop sells in. The seed shop sells in one market,
 * the United States, in USD and English (catalog.json `shop.currencyCode` is USD only), so
 * `@inContext(country:)` for any other country answers the primary market (United States, USD)
 * and prices never change; `@inContext(language:)` other than EN answers English. This is what
 * Shopify does for a country or language the shop has not enabled.
 */
import type { StorefrontContext } from './context';

const ENGLISH = { isoCode: 'EN', name: 'English', endonymName: 'English' };
const PRIMARY_MARKET = { __typename: 'Market', id: 'gid://shopify/Market/1', handle: 'us' };

/** The countries with a localized experience, the first being the primary market's. */
export const AVAILABLE_COUNTRIES = [
  {
    isoCode: 'US',
    name: 'United States',
    currency: { isoCode: 'USD', name: 'US Dollar', symbol: '$' },
    unitSystem: 'IMPERIAL_SYSTEM',
    defaultLanguage: ENGLISH,
    availableLanguages: [ENGLISH],
    market: PRIMARY_MARKET,
  },
];

/** The Localization object for the request's `@inContext`. */
export function localization(ctx: StorefrontContext) {
  const country = AVAILABLE_COUNTRIES.find((c) => c.isoCode === ctx.country) ?? AVAILABLE_COUNTRIES[0];
  const language = country.availableLanguages.find((l) => l.isoCode === ctx.language) ?? country.defaultLanguage;
  return { availableCountries: AVAILABLE_COUNTRIES, availableLanguages: country.availableLanguages, country, language, market: country.market };
}
