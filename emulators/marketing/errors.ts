/**
 * Klaviyo's error documents (JSON:API, as its API answers every 4xx/5xx):
 *
 *   { "errors": [ { "id": "<uuid>", "status": 400, "code": "invalid", "title": "Invalid input.",
 *                   "detail": "Invalid email address", "source": { "pointer": "/data/attributes/email" },
 *                   "links": {}, "meta": {} } ] }
 *
 * `status` is a number, `id` a fresh UUID per error, `source` either a JSON pointer into the
 * request body or the name of a query/header `parameter`. Codes and titles follow the ones
 * Klaviyo's API sends (Django REST framework's: invalid, parse_error, not_authenticated,
 * authentication_failed, not_found, method_not_allowed, unsupported_media_type, throttled…).
 */
import { randomUUID } from 'node:crypto';

export type ErrorSource = { pointer: string } | { parameter: string };

export type KlaviyoErrorObject = {
  id: string;
  status: number;
  code: string;
  title: string;
  detail: string;
  source?: ErrorSource;
  links: Record<string, never>;
  meta: Record<string, never>;
};

export type KlaviyoErrorDocument = { errors: KlaviyoErrorObject[] };

/** An error the HTTP layer answers as-is: status, Klaviyo error document, extra headers. */
export class KlaviyoHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail: string,
    readonly source?: ErrorSource,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'KlaviyoHttpError';
  }

  /** The response body (a new error `id` on every call). */
  document(): KlaviyoErrorDocument {
    const error: KlaviyoErrorObject = {
      id: randomUUID(),
      status: this.status,
      code: this.code,
      title: this.title,
      detail: this.detail,
      ...(this.source ? { source: this.source } : {}),
      links: {},
      meta: {},
    };
    return { errors: [error] };
  }
}

/** 400 "Invalid input.": a body field is missing or wrong; `pointer` names it, e.g. `/data/attributes/email`. */
export const invalidInput = (pointer: string, detail: string) => new KlaviyoHttpError(400, 'invalid', 'Invalid input.', detail, { pointer });

/** 400 for a bad query parameter or header (`revision`, `company_id`). */
export const invalidParameter = (parameter: string, detail: string) => new KlaviyoHttpError(400, 'invalid', 'Invalid input.', detail, { parameter });

/** 400 "Malformed request.": the body is not JSON. */
export const parseError = (detail: string) =>
  new KlaviyoHttpError(400, 'parse_error', 'Malformed request.', `JSON parse error - ${detail}`, { pointer: '/data' });

/** 401 without an `Authorization` header. */
export const notAuthenticated = () =>
  new KlaviyoHttpError(401, 'not_authenticated', 'Authentication credentials were not provided.', 'Missing or invalid authorization', {
    pointer: '/data/',
  });

/** 401 with a header that is not `Klaviyo-API-Key <the emulator's private key>`. */
export const authenticationFailed = () =>
  new KlaviyoHttpError(401, 'authentication_failed', 'Incorrect authentication credentials.', 'Missing or invalid authorization', {
    pointer: '/data/',
  });

export const notFound = () => new KlaviyoHttpError(404, 'not_found', 'Not found.', 'The requested resource was not found.');

/** 405, with the `Allow` header listing what the path takes. */
export const methodNotAllowed = (method: string, allow: string) =>
  new KlaviyoHttpError(405, 'method_not_allowed', `Method "${method}" not allowed.`, `Method "${method}" not allowed.`, undefined, { Allow: allow });

export const unsupportedMediaType = (contentType: string) =>
  new KlaviyoHttpError(
    415,
    'unsupported_media_type',
    `Unsupported media type "${contentType}" in request.`,
    'The request body must be application/vnd.api+json or application/json.',
  );

export const payloadTooLarge = () => new KlaviyoHttpError(413, 'payload_too_large', 'Payload too large.', 'The request body exceeds 5 MB.');

/** 429 with `Retry-After` in whole seconds. */
export const throttled = (retryAfterSeconds: number) =>
  new KlaviyoHttpError(
    429,
    'throttled',
    'Request was throttled.',
    `Request was throttled. Expected available in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );

const SERVER_ERRORS: Record<number, { code: string; title: string }> = {
  500: { code: 'error', title: 'A server error occurred.' },
  502: { code: 'bad_gateway', title: 'Bad gateway.' },
  503: { code: 'service_unavailable', title: 'Service temporarily unavailable, try again later.' },
  504: { code: 'gateway_timeout', title: 'Gateway timeout.' },
};

/** A 5xx (500, 502, 503, 504); `retryAfterSeconds` adds a `Retry-After` header. */
export function serverError(status: number, retryAfterSeconds?: number): KlaviyoHttpError {
  const { code, title } = SERVER_ERRORS[status] ?? SERVER_ERRORS[500];
  const headers: Record<string, string> = retryAfterSeconds === undefined ? {} : { 'Retry-After': String(retryAfterSeconds) };
  return new KlaviyoHttpError(status, code, title, `${title} (emulated failure)`, undefined, headers);
}
