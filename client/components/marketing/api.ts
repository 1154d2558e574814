/**
 * The sign-up requests of the marketing forms (the endpoint table in shared/marketing.ts), over
 * the shared same-origin JSON call. Every answer comes back as a `SignupOutcome`: the popup's
 * `{ isSuccess, message }` (spec §7) and the other endpoints' `ApiResult` alike, so the forms
 * have one success/failure path. A request that got no answer is spec §8's "Network Error".
 */
import {
  MARKETING_MESSAGES,
  type BackInStockInput,
  type DropTheHintInput,
  type NewsletterInput,
  type PopupResult,
  type ReserveInput,
} from '../../../shared/marketing';
import type { ApiResult } from '../../../shared/types';
import { jsonCall } from '../../lib/json-call';

/**
 * Whether the server accepted the sign-up, and its message: on a failure the spec §8 failure
 * text when it sent none; on a success possibly empty (the forms have their own defaults).
 * `refused`: the server answered 4xx, so its message is about what the shopper sent (a bad
 * email, too many sign-ups), not a failure on our end.
 */
export type SignupOutcome = { ok: boolean; message: string; refused: boolean };

const outcome = (ok: boolean, message: string | undefined, status: number): SignupOutcome => ({
  ok,
  message: message || (ok ? '' : MARKETING_MESSAGES.failure),
  refused: !ok && status >= 400 && status < 500,
});

/** `ApiResult` endpoints: only an explicit `isError: false` is a success. */
async function post(path: string, body: unknown): Promise<SignupOutcome> {
  const result = await jsonCall<null>('POST', path, body);
  return outcome(result.isError === false, result.message, result.status);
}

/** POST /api/newsletter (the footer card). */
export const subscribeNewsletter = (input: NewsletterInput) => post('/api/newsletter', input);

/**
 * POST /api/newsletter/popup: answered `{ isSuccess, message }`, failures included. Refusals
 * made before the route (rate limit, the /api guard) and network errors come as `ApiResult`
 * and count as failures.
 */
export async function subscribeFromPopup(input: NewsletterInput): Promise<SignupOutcome> {
  const result = (await jsonCall<null>('POST', '/api/newsletter/popup', input)) as Partial<PopupResult> &
    Partial<ApiResult<null>> & { status: number };
  return outcome(result.isSuccess === true, result.message, result.status);
}

/** POST /api/back-in-stock (a sold-out variant). */
export const notifyBackInStock = (input: BackInStockInput) => post('/api/back-in-stock', input);

/** POST /api/drop-the-hint. */
export const sendHint = (input: DropTheHintInput) => post('/api/drop-the-hint', input);

/** POST /api/reserve (a product drop). */
export const reserveProduct = (input: ReserveInput) => post('/api/reserve', input);
