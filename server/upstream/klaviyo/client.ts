/**
 * The Klaviyo client the sign-up outbox delivers with (docs/architecture.md §8, spec §7 "Email
 * marketing provider"): one `send` per MarketingCall, against Klaviyo's server-side API in live
 * mode (https://a.klaviyo.com) or the marketing emulator locally, with the global fetch.
 *
 * Every request: `POST {apiUrl}{path}` with the headers `Authorization: Klaviyo-API-Key <private
 * key>`, `revision: <revision>`, `content-type` and `accept: application/vnd.api+json`, and the
 * JSON:API body of ./requests.ts. Klaviyo answers 202 with an empty body. Each call is made
 * once: retrying is the outbox's job, guided by the KlaviyoError it gets.
 */
import type { MarketingCall } from '../../../shared/marketing';
import { describeKlaviyoErrors, isRetryableStatus, KlaviyoError, parseRetryAfter } from './errors';
import { InvalidMarketingCall, klaviyoRequest, type KlaviyoRequest } from './requests';

/** The revision the shop's requests are written for (spec §7). */
export const KLAVIYO_REVISION = '2024-02-15';

export type KlaviyoClientOptions = {
  /** API origin, e.g. https://a.klaviyo.com or the emulator's URL; a trailing slash is ignored. */
  apiUrl: string;
  /** Private API key (`pk_…`); only ever sent in the Authorization header. */
  privateKey: string;
  /** `revision` header, default 2024-02-15. */
  revision?: string;
  /** Upper bound of one call, in ms (connect, send and read the answer). */
  timeoutMs: number;
  /** Clock for HTTP-date Retry-After values (tests), epoch ms; default Date.now. */
  now?: () => number;
};

export type KlaviyoClient = {
  /**
   * Sends one call. Resolves when Klaviyo accepted it (any 2xx).
   * @param signal aborts the call (e.g. the outbox stopping); combined with the timeout
   * @throws KlaviyoError — `status` the HTTP status or null (network error, timeout, abort);
   *   `retryable` true for null, 408, 429 and 5xx, false otherwise (and for a call that cannot be
   *   built, e.g. a non-numeric variant id); `retryAfterMs` from Retry-After on 429/503; the
   *   message names the method, path, status and Klaviyo's first error detail, never the key
   */
  send(call: MarketingCall, signal?: AbortSignal): Promise<void>;
};

/** The Content-Type of Klaviyo's JSON:API documents. */
const JSON_API = 'application/vnd.api+json';

export function createKlaviyoClient({
  apiUrl,
  privateKey,
  revision = KLAVIYO_REVISION,
  timeoutMs,
  now = Date.now,
}: KlaviyoClientOptions): KlaviyoClient {
  const origin = apiUrl.replace(/\/+$/, '');
  const headers = {
    Authorization: `Klaviyo-API-Key ${privateKey}`,
    revision,
    accept: JSON_API,
    'content-type': JSON_API,
  };

  async function post({ path, body }: KlaviyoRequest, signal?: AbortSignal): Promise<void> {
    const what = `Klaviyo POST ${path}`;
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetch(`${origin}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        // A redirect is not followed: it would be a misconfigured apiUrl, and following it
        // would send the key somewhere else.
        redirect: 'manual',
      });
    } catch (err) {
      const reason = timeout.aborted ? `timed out after ${timeoutMs} ms` : signal?.aborted ? 'was aborted' : `failed: ${networkReason(err)}`;
      throw new KlaviyoError(`${what} ${reason}`, null, true, undefined, undefined, { cause: err });
    }

    const text = await response.text().catch(() => '');
    if (response.ok) return;

    const status = response.status;
    const retryAfterMs = status === 429 || status === 503 ? parseRetryAfter(response.headers.get('retry-after'), now()) : undefined;
    const described = describeKlaviyoErrors(parseJson(text));
    const detail = described?.text ?? (text.trim() ? text.trim().slice(0, 200) : response.statusText || 'no body');
    throw new KlaviyoError(`${what} answered ${status}: ${detail}`, status, isRetryableStatus(status), retryAfterMs, described?.code);
  }

  return {
    async send(call, signal) {
      let request: KlaviyoRequest;
      try {
        request = klaviyoRequest(call);
      } catch (err) {
        if (err instanceof InvalidMarketingCall) throw new KlaviyoError(`Klaviyo ${call.kind} call not sent: ${err.message}`, null, false);
        throw err;
      }
      await post(request, signal);
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** "fetch failed" says little; undici puts the socket error (ECONNREFUSED…) in `cause`. */
function networkReason(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } } | null)?.cause;
  const base = err instanceof Error ? err.message : String(err);
  return cause?.code ? `${base} (${cause.code})` : cause?.message ? `${base} (${cause.message})` : base;
}
