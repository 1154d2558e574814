/**
 * Content Lake error responses, in the two body shapes the real API uses and @sanity/client
 * parses into `ClientError.message`:
 * - request-level errors: `{ error: "Not Found", message, statusCode }` → "Not Found - message";
 * - query errors: `{ error: { description, type, … } }` → the description, or for
 *   `type: "queryParseError"` (with `query`, `start`, `end`) a code frame pointing at the error.
 */
export class ContentLakeError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error: unknown; message?: string; statusCode?: number },
  ) {
    super(typeof body.error === 'string' ? `${body.error}: ${body.message}` : JSON.stringify(body.error));
  }
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found' };

/** A request-level error (unknown dataset, bad token…). */
export function httpError(status: 400 | 401 | 404, message: string): ContentLakeError {
  return new ContentLakeError(status, { error: STATUS_TEXT[status], message, statusCode: status });
}

/** A malformed request parameter (e.g. a `$param` that is not JSON): 400 `httpBadRequest`. */
export function badRequest(description: string): ContentLakeError {
  return new ContentLakeError(400, { error: { description, type: 'httpBadRequest' } });
}

/** A GROQ error at `start`–`end` (UTF-16 offsets into `query`): 400 `queryParseError`. */
export function queryParseError(description: string, query: string, start: number, end: number): ContentLakeError {
  return new ContentLakeError(400, { error: { description, type: 'queryParseError', query, start, end } });
}

/**
 * A query refused for exceeding a limit (run time, nesting depth, result size): 400 with
 * Sanity's query error shape, `type: "queryLimitError"` (docs/architecture.md §2 "The emulators").
 */
export function queryLimitError(description: string): ContentLakeError {
  return new ContentLakeError(400, { error: { description, type: 'queryLimitError' } });
}
