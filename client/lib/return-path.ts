/**
 * The login page's `?return=` (spec §2: protected screens send a visitor to
 * /accounts/login?return={path}): passed on only when it is a path on this site, never another
 * origin (`//host`, `https://…`) — the server checks it again before redirecting.
 */
export function returnPath(value: string | null): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  return value;
}
