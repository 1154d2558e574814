/**
 * The process logger: pino, structured JSON on stdout (docs/architecture.md §9). Request logs are children
 * carrying the request id (see http/request-context.ts).
 */
import pino, { type Logger } from 'pino';

export type { Logger };

/** A JSON logger at `level` ('silent' in tests unless LOG_LEVEL says otherwise). */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'storefront' }, timestamp: pino.stdTimeFunctions.isoTime });
}

/** Header values that grant something (a customer's session, a cart, an API key): never logged. */
const SECRET_HEADERS = new Set(['cookie', 'set-cookie', 'authorization', 'shopify-storefront-private-token']);

function redactHeaders(headers: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!headers) return headers;
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, SECRET_HEADERS.has(name.toLowerCase()) ? '[redacted]' : value]));
}

/**
 * pino-http serializers that keep request and response logs free of cookies (the customer
 * access token, the pending sign-in, the cart id) and authorization headers.
 * Input: pino-http's serialized `req` / `res` objects; output: the same without those values.
 */
export const redactingHttpSerializers = {
  req: (req: { headers?: Record<string, unknown> }) => ({ ...req, headers: redactHeaders(req.headers) }),
  res: (res: { headers?: Record<string, unknown> }) => ({ ...res, headers: redactHeaders(res.headers) }),
};
