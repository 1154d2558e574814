/**
 * One same-origin JSON request to the server's browser API (docs/architecture.md §5), shared by
 * the cart and customer APIs. Every answer is `ApiResult<T>`; a request that never got an answer
 * (offline, refused, unreadable body) is the spec §8 "Network Error".
 */
import type { ApiResult } from '../../shared/types';
import { fetchWithRetry } from '../runtime/fetch-retry';

export const NETWORK_ERROR = 'Network Error';

/**
 * Send `body` as JSON (state-changing requests always carry one: the server's /api guard refuses
 * anything that is not `application/json`) and read the `ApiResult` the server answers. A GET is
 * retried once on a transient status (spec §7, client/runtime/fetch-retry.ts); writes never.
 */
export async function jsonCall<T>(method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
  try {
    const res = await fetchWithRetry(path, {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
    return (await res.json()) as ApiResult<T>;
  } catch {
    return { isError: true, message: NETWORK_ERROR };
  }
}
