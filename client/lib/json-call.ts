/**
 * One same-origin JSON request to the server's browser API (docs/architecture.md §5), shared by
 * the cart, customer and sign-up APIs. Every answer is `ApiResult<T>` with its HTTP status; a
 * request that never got an answer (offline, refused, unreadable body) is the spec §8 "Network
 * Error", status 0.
 */
import type { ApiResult } from '../../shared/types';
import { fetchWithRetry } from '../runtime/fetch-retry';

export const NETWORK_ERROR = 'Network Error';

/** The server's `ApiResult` and the HTTP status it came with; `status` 0 when no answer came. */
export type ApiAnswer<T> = ApiResult<T> & { status: number };

/**
 * Send `body` as JSON (state-changing requests always carry one: the server's /api guard refuses
 * anything that is not `application/json`) and read the `ApiResult` the server answers. A GET is
 * retried once on a transient status (spec §7, client/runtime/fetch-retry.ts); writes never.
 */
export async function jsonCall<T>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
  try {
    const res = await fetchWithRetry(path, {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
    return { ...((await res.json()) as ApiResult<T>), status: res.status };
  } catch {
    return { isError: true, message: NETWORK_ERROR, status: 0 };
  }
}
