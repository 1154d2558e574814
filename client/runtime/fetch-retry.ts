/**
 * `fetch` that retries once (spec §7 "Framework calls": idempotent requests on 408, 409, 425,
 * 429, 500, 502, 503, 504; write methods never). Used by the route payload fetch
 * (client/data-source.ts) and the browser API's GETs (client/lib/json-call.ts).
 *
 * Idempotent here means GET, HEAD and OPTIONS: POST, PUT, PATCH and DELETE are sent once, as
 * the cart's writes must never be doubled. A network failure (fetch rejects, not aborted) is
 * retried like a retryable status. The wait before the retry is the answer's `Retry-After`
 * (seconds or an HTTP date) cut to FETCH_RETRY_AFTER_CAP_MS, else FETCH_RETRY_DELAY_MS.
 */
import { FETCH_RETRIES, FETCH_RETRY_AFTER_CAP_MS, FETCH_RETRY_DELAY_MS } from './timing';

/** Spec §7: the statuses worth one more try. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type RetryOptions = {
  /** Retries after the first attempt (default FETCH_RETRIES = 1). */
  retries?: number;
  /** Wait without Retry-After, in ms (default FETCH_RETRY_DELAY_MS). */
  delayMs?: number;
  /** Longest Retry-After honoured, in ms (default FETCH_RETRY_AFTER_CAP_MS). */
  retryAfterCapMs?: number;
  /** The fetch to call (default the global one). */
  fetch?: typeof fetch;
};

/** Whether a request with this method may be sent again. */
export const isIdempotent = (method: string | undefined): boolean => IDEMPOTENT_METHODS.has((method ?? 'GET').toUpperCase());

/** The wait a `Retry-After` header asks for, in ms (null when absent or unreadable), cut to `capMs`. */
export function retryAfterMs(header: string | null, capMs: number, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header.trim());
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  if (!Number.isFinite(ms)) return null;
  return Math.min(Math.max(ms, 0), capMs);
}

/** The abort's reason as an Error (fetch rejects with it too). */
const abortReason = (signal: AbortSignal): Error => (signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));

function wait(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', abort);
      resolve();
    }
    function abort() {
      clearTimeout(timer);
      reject(abortReason(signal!));
    }
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/** `fetch(input, init)`, retried per spec §7. The last answer (or error) is the result. */
export async function fetchWithRetry(input: string | URL, init: RequestInit = {}, options: RetryOptions = {}): Promise<Response> {
  const { retries = FETCH_RETRIES, delayMs = FETCH_RETRY_DELAY_MS, retryAfterCapMs = FETCH_RETRY_AFTER_CAP_MS } = options;
  const send = options.fetch ?? ((i: string | URL, r?: RequestInit) => fetch(i, r));
  const left = isIdempotent(init.method) ? retries : 0;
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await send(input, init);
    } catch (error) {
      if (attempt >= left || init.signal?.aborted) throw error;
      await wait(delayMs, init.signal);
      continue;
    }
    if (attempt >= left || !RETRYABLE_STATUSES.has(res.status)) return res;
    const pause = retryAfterMs(res.headers.get('retry-after'), retryAfterCapMs) ?? delayMs;
    // The first answer is dropped: free its connection.
    await res.body?.cancel().catch(() => undefined);
    await wait(pause, init.signal);
  }
}
