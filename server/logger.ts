/**
 * The process logger: pino, structured JSON on stdout (docs/architecture.md §9). Request logs are children
 * carrying the request id (see http/request-context.ts). Secrets never reach the output: see
 * ./log-redaction.ts.
 */
import pino, { type DestinationStream, type Logger } from 'pino';
import { REDACT_PATHS, REDACTED, redactQuery, scrubSecrets } from './log-redaction';

export type { Logger };

/**
 * A JSON logger at `level` ('silent' in tests unless LOG_LEVEL says otherwise), redacting.
 * @param destination where lines go (default stdout; tests pass a stream to search them)
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'storefront' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    // The last word on every line, children's included: whatever a message or error quotes.
    hooks: { streamWrite: scrubSecrets },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Header values that grant something (a customer's session, a cart, an API key): never logged. */
const SECRET_HEADERS = new Set(['cookie', 'set-cookie', 'authorization', 'shopify-storefront-private-token']);

function redactHeaders(headers: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!headers) return headers;
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, SECRET_HEADERS.has(name.toLowerCase()) ? '[redacted]' : value]));
}

/**
 * pino-http serializers that keep request and response logs free of cookies (the customer
 * access token, the pending sign-in, the cart id), authorization headers and the secret query
 * parameters of the parsed `query` object (the sign-in callback's OAuth code and state).
 * Input: pino-http's serialized `req` / `res` objects; output: the same without those values.
 */
export const redactingHttpSerializers = {
  req: (req: { headers?: Record<string, unknown>; query?: unknown }) => ({
    ...req,
    headers: redactHeaders(req.headers),
    query: redactQuery(req.query),
  }),
  res: (res: { headers?: Record<string, unknown> }) => ({ ...res, headers: redactHeaders(res.headers) }),
};
