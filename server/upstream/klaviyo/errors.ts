/**
 * How a failed Klaviyo call is reported: `KlaviyoError`, which satisfies the outbox's
 * `DeliveryFailure` (server/outbox/types.ts), so the outbox knows whether to retry and how long
 * to wait. Never carries the private key: messages are built from the method, path, status and
 * Klaviyo's own error document only.
 */
import type { DeliveryFailure } from '../../outbox/types';

/** Klaviyo's error document: `{ errors: [{ id, status, code, title, detail, source: { pointer | parameter } }] }`. */
export type KlaviyoErrorBody = {
  errors?: Array<{
    id?: string;
    status?: number | string;
    code?: string;
    title?: string;
    detail?: string;
    source?: { pointer?: string; parameter?: string };
  }>;
};

export class KlaviyoError extends Error implements DeliveryFailure {
  /**
   * @param status HTTP status, or null when there was no answer (network error, timeout, abort)
   * @param retryable true for no answer, 408, 429 and 5xx; false for other statuses (the request
   *   itself is wrong and would be refused again) and for calls that cannot be built
   * @param retryAfterMs Klaviyo's Retry-After in ms (429/503), when it sent one
   * @param code Klaviyo's first error `code` (e.g. 'invalid', 'throttled'), when it sent one
   */
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
    readonly code?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'KlaviyoError';
  }
}

/** Whether a call that got `status` may succeed later: 408, 429 and 5xx (and no answer at all). */
export function isRetryableStatus(status: number | null): boolean {
  return status === null || status === 408 || status === 429 || status >= 500;
}

/**
 * A `Retry-After` header value in ms: delay-seconds (`"30"`) or an HTTP date (the time left
 * until it, 0 when past). Undefined when absent or unreadable.
 * @param now epoch ms the date form is measured from
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The first error of Klaviyo's error document, as "code: detail (pointer)", or null when the body is not one. */
export function describeKlaviyoErrors(body: unknown): { text: string; code?: string } | null {
  const first = (body as KlaviyoErrorBody | null)?.errors?.[0];
  if (!first || typeof first !== 'object') return null;
  const where = first.source?.pointer ?? first.source?.parameter;
  const detail = first.detail ?? first.title ?? 'no detail';
  return { text: `${first.code ? `${first.code}: ` : ''}${detail}${where ? ` (${where})` : ''}`, code: first.code };
}
