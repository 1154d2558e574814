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
