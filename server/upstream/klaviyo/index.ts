/**
 * The email marketing provider's client (Klaviyo, revision 2024-02-15): `createKlaviyoClient`
 * (./client.ts) sends MarketingCalls, failing with `KlaviyoError` (./errors.ts), a
 * `DeliveryFailure` the outbox reads; ./requests.ts holds the request shapes.
 */
export { createKlaviyoClient, type KlaviyoClient } from './client';
export { KlaviyoError, parseRetryAfter } from './errors';
