/**
 * Failures of an upstream service, mapped to the status the shopper gets: 504 when it did not
 * answer in time, 502 when it answered badly or not at all (DESIGN §4.4).
 */
export type UpstreamName = 'storefront' | 'content' | 'scheduler';

export class UpstreamError extends Error {
  constructor(
    public readonly upstream: UpstreamName,
    public readonly status: 502 | 504,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'UpstreamError';
  }
}

/** True for the DOMException raised by `AbortSignal.timeout`, however deeply it was wrapped. */
export function isTimeout(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const name = (e as { name?: string }).name;
    if (name === 'TimeoutError' || (e as { code?: string }).code === 'ETIMEDOUT') return true;
  }
  return false;
}

/** Wrap any thrown value from `upstream` as an UpstreamError (504 on timeout, else 502). */
export function toUpstreamError(upstream: UpstreamName, err: unknown): UpstreamError {
  if (err instanceof UpstreamError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return isTimeout(err)
    ? new UpstreamError(upstream, 504, `${upstream} timed out: ${message}`, { cause: err })
    : new UpstreamError(upstream, 502, `${upstream} failed: ${message}`, { cause: err });
}
