/**
 * Client for the scheduling service's calendar endpoints (spec §7 "Scheduling service",
 * DESIGN §7), the same code in live mode (Zapiet) and local mode (emulators/scheduler):
 *
 *   POST {baseUrl}/v1.0/{pickup|delivery}/locations/{locationId}/calendar?shop={shop}
 *   body { shoppingCart: [{ variant_id, product_id, quantity }] }   (integers)
 *
 * `baseUrl` is the service origin (SCHEDULER_URL, e.g. https://api-us.zapiet.com). Every failure
 * is a SchedulerError; the availability route turns it into "no dates" (spec §7).
 */
import { parseAvailability, type AvailabilityAnswer } from '../../shared/availability';
import type { CartLine } from '../../shared/types';

export type SchedulerErrorKind = 'invalid-cart' | 'timeout' | 'network' | 'http' | 'invalid-response';

/** A failed availability call; `status` is set for kind 'http'. */
export class SchedulerError extends Error {
  constructor(
    readonly kind: SchedulerErrorKind,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SchedulerError';
  }
}

export type ShoppingCartItem = { variant_id: number; product_id: number; quantity: number };

/** The cart-line fields the scheduler needs. */
export type SchedulerLine = Pick<CartLine, 'quantity'> & {
  merchandise: Pick<CartLine['merchandise'], 'id'> & { product: Pick<CartLine['merchandise']['product'], 'id'> };
};

function numericId(gid: string, type: 'ProductVariant' | 'Product'): number {
  const match = new RegExp(`^gid://shopify/${type}/(\\d+)$`).exec(gid);
  const id = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(id)) throw new SchedulerError('invalid-cart', `Not a Shopify ${type} id: ${gid}`);
  return id;
}

/**
 * The request body's `shoppingCart` from cart lines: numeric ids taken from the Shopify GIDs
 * (`gid://shopify/ProductVariant/9001` → 9001). Throws SchedulerError('invalid-cart') for an
 * id that is not such a GID.
 */
export function shoppingCartFromLines(lines: SchedulerLine[]): ShoppingCartItem[] {
  return lines.map((line) => ({
    variant_id: numericId(line.merchandise.id, 'ProductVariant'),
    product_id: numericId(line.merchandise.product.id, 'Product'),
    quantity: line.quantity,
  }));
}

export type FetchAvailabilityOptions = {
  baseUrl: string;
  shop: string;
  locationId: string;
  type: 'pickup' | 'delivery';
  lines: SchedulerLine[];
  /** Whole-call limit (connect, answer and body) in milliseconds. */
  timeoutMs: number;
  fetch?: typeof fetch;
};

/** Asks the scheduler for a calendar; resolves to the validated answer or rejects with a SchedulerError. */
export async function fetchAvailability(options: FetchAvailabilityOptions): Promise<AvailabilityAnswer> {
  const { baseUrl, shop, locationId, type, lines, timeoutMs, fetch: fetchImpl = fetch } = options;
  const url = new URL(`v1.0/${type}/locations/${encodeURIComponent(locationId)}/calendar`, baseUrl.replace(/\/?$/, '/'));
  url.searchParams.set('shop', shop);
  const body = JSON.stringify({ shoppingCart: shoppingCartFromLines(lines) });
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body,
      signal,
    });
    text = await response.text();
  } catch (error) {
    if (signal.aborted) throw new SchedulerError('timeout', `Scheduler ${type} calendar took over ${timeoutMs} ms`, undefined, { cause: error });
    throw new SchedulerError('network', `Scheduler ${type} calendar unreachable: ${(error as Error).message}`, undefined, { cause: error });
  }
  if (!response.ok) throw new SchedulerError('http', `Scheduler ${type} calendar answered HTTP ${response.status}`, response.status);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new SchedulerError('invalid-response', `Scheduler ${type} calendar sent invalid JSON`, undefined, { cause: error });
  }
  const answer = parseAvailability(raw);
  if (!answer) throw new SchedulerError('invalid-response', `Scheduler ${type} calendar answer is not { minDate, maxDate, disabled }`);
  return answer;
}
