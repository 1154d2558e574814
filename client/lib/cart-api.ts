/** The browser's cart calls: same-origin JSON endpoints of the server (docs/architecture.md §5). */
import type { AvailabilityAnswer } from '../../shared/availability';
import type { CartAttributeInput } from '../../shared/cart-attributes';
import type { ApiResult, Cart } from '../../shared/types';
import { jsonCall as call, type ApiAnswer } from './json-call';

/** Body of `PUT /api/cart/attributes`: the client-held checkout values (spec §3); the server adds the lines. */
export type CheckoutDetails = Omit<CartAttributeInput, 'lines'>;

/**
 * What the stores need from the network; tests and SSR may pass another one. `fetch` and
 * `addLine` say their HTTP status: a 404 there means the cart is gone (checked out, expired).
 */
export interface CartApi {
  fetch(id: string): Promise<ApiAnswer<Cart>>;
  /** Without `cartId` the server creates the cart holding the line (the first add, spec §4). */
  addLine(input: { cartId?: string; merchandiseId: string; quantity?: number; sellingPlanId?: string }): Promise<ApiAnswer<Cart>>;
  updateLine(input: { cartId: string; line: { id: string; merchandiseId: string; quantity: number } }): Promise<ApiResult<Cart>>;
  removeLine(input: { cartId: string; lineId: string }): Promise<ApiResult<Cart>>;
  saveAttributes(input: { cartId: string } & CheckoutDetails): Promise<ApiResult<Cart>>;
  /** The scheduler's calendar for the cart's lines; `data` null when there is nothing to show. */
  availability(input: { cartId: string; type: 'delivery' | 'pickup' }): Promise<ApiResult<AvailabilityAnswer | null>>;
}

/** `CartApi` over fetch, for the browser. */
export const httpCartApi: CartApi = {
  fetch: (id) => call('GET', `/api/cart?id=${encodeURIComponent(id)}`),
  addLine: (input) => call('POST', '/api/cart/lines', input),
  updateLine: (input) => call('PATCH', '/api/cart/lines', input),
  removeLine: (input) => call('DELETE', '/api/cart/lines', input),
  saveAttributes: (input) => call('PUT', '/api/cart/attributes', input),
  availability: (input) => call('POST', '/api/availability', input),
};
