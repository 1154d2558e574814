/**
 * Client for the scheduling service's calendar endpoints (spec §7 "Scheduling service",
 * docs/architecture.md §7), the same code in live mode (Zapiet) and local mode (emulators/scheduler):
 *
 *   POST {baseUrl}/v1.0/{pickup|delivery}/locations/{locationId}/calendar?shop={shop}
 *   body { shoppingCart: [{ variant_id, product_id, quantity }] }   (integers)
 *
 * `baseUrl` is the service origin (SCHEDULER_URL, e.g. https://api-us.zapiet.com). Every failure
 * is an UpstreamError('scheduler'): 504 when it took longer than `timeoutMs` or reached the
 * request's deadline (server/http/deadline.ts), else 502 (refused,
 * HTTP error, invalid answer, or a cart line whose ids are not Shopify GIDs). The browser then
 * shows no dates (spec §7).
 */
import { parseAvailability, type AvailabilityAnswer } from '../../shared/availability';
import type { CartLine } from '../../shared/types';
import { DeadlineExceededError } from '../http/deadline';
import { upstreamSignal } from '../http/request-context';
import { UpstreamError } from '../upstream/errors';

const failed = (message: string, cause?: unknown) => new UpstreamError('scheduler', 502, message, { cause });

export type ShoppingCartItem = { variant_id: number; product_id: number; quantity: number };

/** The cart-line fields the scheduler needs. */
export type SchedulerLine = Pick<CartLine, 'quantity'> & {
  merchandise: Pick<CartLine['merchandise'], 'id'> & { product: Pick<CartLine['merchandise']['product'], 'id'> };
};

function numericId(gid: string, type: 'ProductVariant' | 'Product'): number {
  const match = new RegExp(`^gid://shopify/${type}/(\\d+)$`).exec(gid);
  const id = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(id)) throw failed(`Not a Shopify ${type} id: ${gid}`);
  return id;
}

/**
 * The request body's `shoppingCart` from cart lines: numeric ids taken from the Shopify GIDs
 * (`gid://shopify/ProductVariant/9001` → 9001). Throws an UpstreamError (502) for an id that
 * is not such a GID.
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
  /** Whole-call limit (connect, answer and body) in milliseconds; the request's deadline may cut it shorter. */
  timeoutMs: number;
  fetch?: typeof fetch;
};

/** Asks the scheduler for a calendar; resolves to the validated answer or rejects with an UpstreamError('scheduler'). */
export async function fetchAvailability(options: FetchAvailabilityOptions): Promise<AvailabilityAnswer> {
  const { baseUrl, shop, locationId, type, lines, timeoutMs, fetch: fetchImpl = fetch } = options;
  const url = new URL(`v1.0/${type}/locations/${encodeURIComponent(locationId)}/calendar`, baseUrl.replace(/\/?$/, '/'));
  url.searchParams.set('shop', shop);
  const body = JSON.stringify({ shoppingCart: shoppingCartFromLines(lines) });
  const signal = upstreamSignal(timeoutMs);
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
    if (signal.aborted) {
      const reason = signal.reason instanceof DeadlineExceededError ? signal.reason.message : `took over ${timeoutMs} ms`;
      throw new UpstreamError('scheduler', 504, `Scheduler ${type} calendar timed out: ${reason}`, { cause: error });
    }
    throw failed(`Scheduler ${type} calendar unreachable: ${(error as Error).message}`, error);
  }
  if (!response.ok) throw failed(`Scheduler ${type} calendar answered HTTP ${response.status}`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw failed(`Scheduler ${type} calendar sent invalid JSON`, error);
  }
  const answer = parseAvailability(raw);
  if (!answer) throw failed(`Scheduler ${type} calendar answer is not { minDate, maxDate, disabled }`);
  return answer;
}
