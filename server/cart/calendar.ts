/**
 * Delivery / pickup calendars for a cart's lines (spec §7 scheduling service, docs/architecture.md §7/§8):
 * the scheduler's answer for the configured location, cached for `availabilityTtlMs` under the
 * fulfillment type and the sorted `variant:quantity` lines — never the cart id, so every cart
 * with the same contents shares one answer. Failures are not cached.
 */
import type { AvailabilityAnswer } from '../../shared/availability';
import type { Cache } from '../cache';
import type { Config } from '../config';
import { fetchAvailability, type SchedulerLine } from '../scheduler/client';

export type FulfillmentDateType = 'delivery' | 'pickup';

export type AvailabilityService = {
  /**
   * The calendar for `lines` (non-empty).
   * @throws UpstreamError('scheduler'): 504 on timeout, 502 otherwise (network, HTTP error, invalid answer)
   */
  calendar(type: FulfillmentDateType, lines: SchedulerLine[]): Promise<AvailabilityAnswer>;
};

/** Cache key: type plus the lines as sorted `variantGid:quantity` (line order does not matter). */
export function availabilityKey(type: FulfillmentDateType, lines: SchedulerLine[]): string {
  const items = lines.map((l) => `${l.merchandise.id}:${l.quantity}`).sort();
  return `availability:${type}:${items.join(',')}`;
}

export function createAvailabilityService(scheduler: Config['scheduler'], cache: Cache): AvailabilityService {
  return {
    calendar(type, lines) {
      const locationId = type === 'pickup' ? scheduler.pickupLocationId : scheduler.deliveryLocationId;
      // staleMs 0: an answer is never served past its TTL (dates move at the cut-off hour).
      return cache.swr(availabilityKey(type, lines), scheduler.availabilityTtlMs, 0, () =>
        fetchAvailability({ baseUrl: scheduler.url, shop: scheduler.shop, locationId, type, lines, timeoutMs: scheduler.timeoutMs }),
      );
    },
  };
}
