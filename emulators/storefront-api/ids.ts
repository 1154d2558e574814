/**
 * Shopify global ids: `gid://shopify/{Type}/{id}` with an optional query string
 * (carts: `gid://shopify/Cart/{token}?key={key}`; lines: `gid://shopify/CartLine/{id}?cart={token}`).
 */
export function gid(type: string, id: string | number, query?: Record<string, string>): string {
  const search = query ? `?${new URLSearchParams(query)}` : '';
  return `gid://shopify/${type}/${id}${search}`;
}

export type ParsedGid = { type: string; id: string; params: URLSearchParams };

/** Parse a GID; null when the text is not one (callers turn that into their own error). */
export function parseGid(value: string): ParsedGid | null {
  const match = /^gid:\/\/shopify\/([A-Za-z]+)\/([^/?#]+)(?:\?(.*))?$/.exec(value);
  if (!match) return null;
  return { type: match[1], id: decodeURIComponent(match[2]), params: new URLSearchParams(match[3] ?? '') };
}

/** The numeric id of a GID of `type`, or null when it is another type or malformed. */
export function numericIdOf(value: string, type: string): number | null {
  const parsed = parseGid(value);
  if (!parsed || parsed.type !== type || !/^\d+$/.test(parsed.id)) return null;
  return Number(parsed.id);
}
