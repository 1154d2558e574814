/**
 * Relay connections as the Storefront API pages them: `first`/`after` or `last`/`before`,
 * `reverse`, opaque cursors, `pageInfo` computed from real positions, and Shopify's rules
 * (one of first/last is required; at most 250 per page).
 */
import { GraphQLError } from 'graphql';

export const MAX_PAGE_SIZE = 250;

export type PageArgs = {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  reverse?: boolean | null;
};

export type Connection<T> = {
  edges: { cursor: string; node: T }[];
  nodes: T[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
};

/** Cursors are base64 JSON naming the item, like Shopify's (`{"last_id":…}`); clients must treat them as opaque. */
function encodeCursor(key: string | number): string {
  return Buffer.from(JSON.stringify({ last_id: key })).toString('base64');
}

function decodeCursor(cursor: string): string | number {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as { last_id?: unknown };
    if (typeof parsed.last_id === 'string' || typeof parsed.last_id === 'number') return parsed.last_id;
  } catch {
    // fall through to the error below
  }
  throw new GraphQLError(`Invalid cursor: ${cursor}`, { extensions: { code: 'BAD_REQUEST' } });
}

function checkSize(name: 'first' | 'last', value: number | null | undefined): void {
  if (value == null) return;
  if (value < 0) throw new GraphQLError(`\`${name}\` argument must be greater than or equal to 0`);
  if (value > MAX_PAGE_SIZE) throw new GraphQLError(`\`${name}\` argument must be less than or equal to ${MAX_PAGE_SIZE}`);
}

/**
 * One page of `items` (already in their sort order). `keyOf` names an item for its cursor.
 * @throws GraphQLError for missing first/last, sizes over 250 and unknown cursors.
 */
export function paginate<T>(items: readonly T[], args: PageArgs, keyOf: (item: T) => string | number): Connection<T> {
  if (args.first == null && args.last == null) throw new GraphQLError('you must provide one of first or last');
  checkSize('first', args.first);
  checkSize('last', args.last);
  const ordered = args.reverse ? [...items].reverse() : items;
  const indexOf = (cursor: string) => {
    const key = decodeCursor(cursor);
    const index = ordered.findIndex((item) => keyOf(item) === key);
    if (index < 0) throw new GraphQLError(`Invalid cursor: ${cursor}`, { extensions: { code: 'BAD_REQUEST' } });
    return index;
  };
  let start = args.after ? indexOf(args.after) + 1 : 0;
  let end = args.before ? indexOf(args.before) : ordered.length;
  if (args.first != null) end = Math.min(end, start + args.first);
  if (args.last != null) start = Math.max(start, end - args.last);
  const page = ordered.slice(start, end);
  const edges = page.map((node) => ({ cursor: encodeCursor(keyOf(node)), node }));
  return {
    edges,
    nodes: page,
    pageInfo: {
      hasNextPage: end < ordered.length,
      hasPreviousPage: start > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
