/**
 * GROQ evaluation with groq-js (Sanity's reference implementation) over one perspective's
 * documents, reporting errors the way the Content Lake does: syntax errors, unknown functions
 * and parameters the query references but the request does not provide are all 400
 * `queryParseError` (groq-js alone would silently treat a missing `$param` as null).
 */
import { evaluate, parse, type ExprNode } from 'groq-js';
import type { SanityDocument } from './dataset';
import { queryLimitError, queryParseError } from './errors';

/** Deepest nesting of (), [] and {} a query may have; groq-js's recursive parser overflows the stack far beyond it. */
export const MAX_QUERY_DEPTH = 64;
/** Longest query accepted, in characters (Sanity caps GET queries at 11 kB; POST bodies allow more). */
export const MAX_QUERY_LENGTH = 100_000;

/** Documents plus an `_id` index, so `->` is a map lookup rather than groq-js's linear scan. */
export type QueryView = { documents: SanityDocument[]; byId: Map<string, SanityDocument> };

export function createView(documents: SanityDocument[]): QueryView {
  return { documents, byId: new Map(documents.map((doc) => [doc._id, doc])) };
}

/**
 * Evaluate `query` with `params` against `view`.
 * @returns the result as JSON-ready data.
 * @throws ContentLakeError 400 `queryParseError` for syntax, function or parameter errors.
 */
export async function runQuery(view: QueryView, query: string, params: Record<string, unknown>): Promise<unknown> {
  checkShape(query);
  let tree: ExprNode;
  try {
    tree = parse(query, { params });
  } catch (error) {
    throw asQueryError(error, query);
  }
  const missing = referencedParams(tree).find((name) => !(name in params));
  if (missing !== undefined) {
    const start = Math.max(query.indexOf(`$${missing}`), 0);
    throw queryParseError(`param $${missing} referenced, but not provided`, query, start, start + missing.length + 1);
  }
  try {
    const value = await evaluate(tree, {
      dataset: view.documents,
      params,
      dereference: ({ _ref }) => view.byId.get(_ref) ?? null,
    });
    return await value.get();
  } catch (error) {
    throw asQueryError(error, query);
  }
}

/**
 * Refuses a query too long, or nested deeper than MAX_QUERY_DEPTH (brackets outside string
 * literals), before parsing it.
 * @throws ContentLakeError 400 `queryLimitError` (length) or `queryParseError` (depth, at the offending bracket)
 */
function checkShape(query: string): void {
  if (query.length > MAX_QUERY_LENGTH) throw queryLimitError(`The query is longer than ${MAX_QUERY_LENGTH} characters`);
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < query.length; i++) {
    const c = query[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[' || c === '{') {
      if (++depth > MAX_QUERY_DEPTH) throw queryParseError(`The query is nested deeper than ${MAX_QUERY_DEPTH} levels`, query, i, i + 1);
    } else if (c === ')' || c === ']' || c === '}') depth--;
  }
}

/**
 * groq-js errors as Sanity's: a GroqSyntaxError has a position; a GroqQueryError (unknown
 * function, bad arity, non-constant slice…), which Sanity reports at parse time but groq-js
 * may raise while evaluating, has none, so it spans the whole query. Anything else is a bug.
 */
function asQueryError(error: unknown, query: string): unknown {
  if (!(error instanceof Error)) return error;
  // Nesting the bracket check does not see (`!!!!…x`, `a->b->…`) still overflows the recursion.
  if (error instanceof RangeError && /call stack/i.test(error.message)) return queryLimitError('The query is nested too deeply');
  const position = (error as { position?: unknown }).position;
  if (error.name === 'GroqSyntaxError' && typeof position === 'number') {
    const description = error.message.replace(/^Syntax error in GROQ query at position \d+: /, '');
    return queryParseError(description, query, position, position + 1);
  }
  if (error.name === 'GroqQueryError') return queryParseError(error.message, query, 0, query.length);
  return error;
}

/** Names of every `$param` node in the tree (the AST is plain data, so walk its values). */
function referencedParams(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((child) => referencedParams(child, found));
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (record.type === 'Value') return found; // literal data, incl. already substituted params
    if (record.type === 'Parameter' && typeof record.name === 'string') found.push(record.name);
    Object.values(record).forEach((child) => referencedParams(child, found));
  }
  return found;
}
