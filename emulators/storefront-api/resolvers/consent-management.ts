/**
 * The `unstable` version's `consentManagement` query, as far as Hydrogen uses it: hydrogen-react's
 * `useShopifyCookies` (fetchTrackingValues) posts
 * `query ensureCookies { consentManagement { cookies(visitorConsent: {}) { trackingConsentCookie
 * cookieDomain shopifyUnique shopifyVisit } } }` to `/api/unstable/graphql.json` and needs a 200.
 * The types are the emulator's own reading of that query (Shopify does not publish the unstable
 * schema); a dated version (2026-04) does not have the field, as on Shopify.
 *
 * Answers: `trackingConsentCookie` the `_tracking_consent` cookie's JSON for the consent given
 * (each purpose granted unless it is false), `cookieDomain` the shop's host, `shopifyUnique` and
 * `shopifyVisit` fresh UUIDs (the emulator keeps no visitor state).
 */
import { randomUUID } from 'node:crypto';
import type { StorefrontContext } from '../context';

/** SDL added to the 2026-04 schema for the `unstable` version (resolvers/index.ts). */
export const UNSTABLE_SDL = /* GraphQL */ `
  "Consent cookies the storefront should set for the visitor (emulator subset of Shopify's unstable API)."
  type ConsentManagementCookies {
    trackingConsentCookie: String!
    cookieDomain: String!
    shopifyUnique: String!
    shopifyVisit: String!
  }
  "Customer privacy and consent (emulator subset of Shopify's unstable API)."
  type ConsentManagement {
    cookies(visitorConsent: VisitorConsent): ConsentManagementCookies!
  }
  extend type QueryRoot {
    consentManagement: ConsentManagement!
  }
`;

type VisitorConsent = { analytics?: boolean | null; marketing?: boolean | null; preferences?: boolean | null; saleOfData?: boolean | null };

export const consentManagementResolvers = {
  QueryRoot: { consentManagement: () => ({}) },
  ConsentManagement: {
    cookies: (_: unknown, { visitorConsent }: { visitorConsent?: VisitorConsent | null }, ctx: StorefrontContext) => {
      const granted = (value: boolean | null | undefined) => value !== false;
      const consent = visitorConsent ?? {};
      return {
        trackingConsentCookie: JSON.stringify({
          con: {
            CMP: {
              a: granted(consent.analytics) ? '1' : '0',
              m: granted(consent.marketing) ? '1' : '0',
              p: granted(consent.preferences) ? '1' : '0',
              s: granted(consent.saleOfData) ? '1' : '0',
            },
          },
          v: '2.1',
        }),
        cookieDomain: new URL(ctx.shopUrl).hostname,
        shopifyUnique: randomUUID(),
        shopifyVisit: randomUUID(),
      };
    },
  },
};
