/**
 * Whether a back-in-stock sign-up names a real variant (spec §5 "Back-in-stock needs email and a
 * variant id"): the Storefront API's `node(id:)` for the variant's GID, through the request's
 * client (the shopper's buyer IP, the call's timeout and the storefront circuit breaker).
 */
import { buyerIp, requestLog } from '../http/request-context';
import type { Logger } from '../logger';
import type { StorefrontClientFactory } from '../upstream/storefront/client';
import { VARIANT_AVAILABILITY_QUERY } from '../upstream/storefront/queries';

/**
 * A lookup by numeric variant id (as the sign-up carries it): true when the platform knows the
 * variant, false when it does not, null when it cannot be asked (an outage: the caller keeps the
 * sign-up rather than lose it, as for a hint's product title).
 */
export function variantLookup(storefront: StorefrontClientFactory, log: Logger): (variantId: string) => Promise<boolean | null> {
  return async (variantId) => {
    try {
      const { node } = await storefront(buyerIp()).query(VARIANT_AVAILABILITY_QUERY, { id: `gid://shopify/ProductVariant/${variantId}` });
      return node?.__typename === 'ProductVariant';
    } catch (err) {
      requestLog(log).warn({ err }, 'variant lookup failed: back-in-stock sign-up kept unchecked');
      return null;
    }
  };
}
