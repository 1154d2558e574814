/**
 * Failures of an upstream service (Storefront API, content lake, scheduler, customer-account
 * authorization server), mapped to the status the shopper gets: 504 when it did not answer in
 * time, 502 when it answered badly or not at all, 503 when it was not even called because its
 * circuit is open (server/upstream/circuit.ts; docs/architecture.md §4.4). The one Express
 * error handler (server/http/errors.ts) answers them; `shopperMessage` is what it says (spec §8
 * wording for the operation), set by the service that knows which operation failed.
 */
export type UpstreamName = 'storefront' | 'content' | 'scheduler' | 'customer-account';

export class UpstreamError extends Error {
  /** The text the shopper sees, e.g. "Cart fetch or cart line item addition went wrong."; set once. */
  shopperMessage: string | undefined;

  constructor(
    public readonly upstream: UpstreamName,
    public readonly status: 502 | 503 | 504,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'UpstreamError';
  }
}

/** Timeout codes of Node's and get-it's (@sanity/client's) HTTP layers: connect, and socket idle. */
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT']);

/**
 * True for a timeout, however deeply it was wrapped: the `TimeoutError` of `AbortSignal.timeout`
 * and of the request deadline (server/http/deadline.ts), or a connect / socket timeout code.
 */
export function isTimeout(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const name = (e as { name?: string }).name;
    if (name === 'TimeoutError' || TIMEOUT_CODES.has((e as { code?: string }).code ?? '')) return true;
  }
  return false;
}

/**
 * Wrap any thrown value from `upstream` as an UpstreamError (504 on timeout, else 502).
 * @param signal the call's signal: once it has aborted, the failure is its reason (a client may
 *   report an abort as a plain AbortError, @sanity/client does), so a call cut by its timeout or
 *   the request deadline is a 504
 */
export function toUpstreamError(upstream: UpstreamName, err: unknown, signal?: AbortSignal): UpstreamError {
  if (err instanceof UpstreamError) return err;
  if (signal?.aborted && isTimeout(signal.reason)) {
    const reason = signal.reason instanceof Error ? signal.reason.message : String(signal.reason);
    return new UpstreamError(upstream, 504, `${upstream} timed out: ${reason}`, { cause: err });
  }
  const message = err instanceof Error ? err.message : String(err);
  return isTimeout(err)
    ? new UpstreamError(upstream, 504, `${upstream} timed out: ${message}`, { cause: err })
    : new UpstreamError(upstream, 502, `${upstream} failed: ${message}`, { cause: err });
}

/**
 * Runs `work`; an UpstreamError it throws leaves with `shopperMessage` set to `message` (unless
 * an inner operation already set a more precise one). Other errors pass through unchanged.
 */
export async function upstreamMessage<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof UpstreamError) err.shopperMessage ??= message;
    throw err;
  }
}
