/**
 * The URLs of account activation and password reset, shaped like Shopify's:
 *
 * - activation URL: `{emulator origin}/account/activate/{numeric customer id}/{token}`
 * - reset URL:      `{emulator origin}/account/reset/{numeric customer id}/{token}`
 *
 * Mails do not link to these directly but to the storefront's pages, which carry them in a query
 * parameter (the storefront then calls customerActivateByUrl / customerResetByUrl):
 * `{shopUrl}/accounts/activate?activationUrl=…` and `{shopUrl}/accounts/reset-password?resetUrl=…`.
 */
export type AccountLinkKind = 'activate' | 'reset';

/** The storefront page that handles each kind, and the query parameter carrying the URL. */
const STOREFRONT_PAGE: Record<AccountLinkKind, { path: string; param: string }> = {
  activate: { path: '/accounts/activate', param: 'activationUrl' },
  reset: { path: '/accounts/reset-password', param: 'resetUrl' },
};

/** The activation or reset URL for a customer's token. */
export const accountUrl = (origin: string, kind: AccountLinkKind, customerId: number, token: string) =>
  `${origin}/account/${kind}/${customerId}/${encodeURIComponent(token)}`;

/** The storefront link a mail carries for `url` (an `accountUrl` result). */
export function storefrontLink(shopUrl: string, kind: AccountLinkKind, url: string): string {
  const { path, param } = STOREFRONT_PAGE[kind];
  return `${shopUrl.replace(/\/+$/, '')}${path}?${param}=${encodeURIComponent(url)}`;
}

/**
 * The customer id and token of an activation or reset URL, or null when it is not one of `kind`.
 * Any origin is accepted: the emulator may be reached as 127.0.0.1 or localhost.
 */
export function parseAccountUrl(kind: AccountLinkKind, value: string): { customerId: number; token: string } | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const match = new RegExp(`^/account/${kind}/(\\d{1,15})/([A-Za-z0-9]+)/?$`).exec(url.pathname);
  return match ? { customerId: Number(match[1]), token: match[2] } : null;
}
