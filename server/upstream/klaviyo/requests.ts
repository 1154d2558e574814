/**
 * Each MarketingCall (shared/marketing.ts) as the Klaviyo request that carries it (revision
 * 2024-02-15, JSON:API bodies; https://developers.klaviyo.com/en/v2024-02-15/reference):
 *
 * | call          | request                                          | body `data.type`                         |
 * |---------------|--------------------------------------------------|------------------------------------------|
 * | `subscribe`   | POST /api/profile-subscription-bulk-create-jobs  | `profile-subscription-bulk-create-job`   |
 * | `backInStock` | POST /api/back-in-stock-subscriptions            | `back-in-stock-subscription`             |
 * | `event`       | POST /api/events                                 | `event`                                  |
 *
 * Pure: no I/O, so the shapes can be read and tested on their own.
 */
import type { MarketingCall } from '../../../shared/marketing';

/** A request to send: the path under the API origin and the JSON:API document. */
export type KlaviyoRequest = { path: string; body: { data: Record<string, unknown> } };

/** Thrown for a call that cannot be turned into a request (never retryable: it would never succeed). */
export class InvalidMarketingCall extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidMarketingCall';
  }
}

/**
 * Klaviyo's catalog variant id for a Shopify variant: `$shopify:::$default:::<N>`, from the
 * numeric id `N` (a `gid://shopify/ProductVariant/N` is accepted too).
 * @throws InvalidMarketingCall when there is no numeric id in it
 */
export function catalogVariantId(variantId: string): string {
  const numeric = /^(?:gid:\/\/shopify\/ProductVariant\/)?(\d+)$/.exec(variantId.trim())?.[1];
  if (!numeric) throw new InvalidMarketingCall(`back-in-stock variant id "${variantId}" is not a numeric Shopify variant id`);
  return `$shopify:::$default:::${numeric}`;
}

const SUBSCRIBED = { marketing: { consent: 'SUBSCRIBED' } } as const;

/**
 * The Klaviyo request for `call`. Optional fields (phone number, first name) are left out when
 * absent; a subscription asks for SMS consent only when a phone number is given.
 * @throws InvalidMarketingCall for a back-in-stock call without a numeric variant id
 */
export function klaviyoRequest(call: MarketingCall): KlaviyoRequest {
  switch (call.kind) {
    case 'subscribe':
      return {
        path: '/api/profile-subscription-bulk-create-jobs',
        body: {
          data: {
            type: 'profile-subscription-bulk-create-job',
            attributes: {
              custom_source: call.customSource,
              profiles: {
                data: [
                  {
                    type: 'profile',
                    attributes: {
                      email: call.email,
                      ...(call.phoneNumber ? { phone_number: call.phoneNumber } : {}),
                      subscriptions: { email: SUBSCRIBED, ...(call.phoneNumber ? { sms: SUBSCRIBED } : {}) },
                    },
                  },
                ],
              },
            },
            relationships: { list: { data: { type: 'list', id: call.listId } } },
          },
        },
      };
    case 'backInStock':
      return {
        path: '/api/back-in-stock-subscriptions',
        body: {
          data: {
            type: 'back-in-stock-subscription',
            attributes: {
              channels: call.channels,
              profile: {
                data: { type: 'profile', attributes: { email: call.email, ...(call.phoneNumber ? { phone_number: call.phoneNumber } : {}) } },
              },
            },
            relationships: { variant: { data: { type: 'catalog-variant', id: catalogVariantId(call.variantId) } } },
          },
        },
      };
    case 'event':
      return {
        path: '/api/events',
        body: {
          data: {
            type: 'event',
            attributes: {
              properties: call.properties,
              metric: { data: { type: 'metric', attributes: { name: call.metric } } },
              profile: {
                data: {
                  type: 'profile',
                  attributes: {
                    email: call.email,
                    ...(call.firstName ? { first_name: call.firstName } : {}),
                    ...(call.phoneNumber ? { phone_number: call.phoneNumber } : {}),
                  },
                },
              },
              unique_id: call.uniqueId,
              time: call.time,
            },
          },
        },
      };
  }
}
