/**
 * The URLs of account activation and password reset, shaped like Shopify's and, like Shopify's,
 * on the shop's own domain (the storefront's URL, not the emulator's):
 *
 * - activation URL: `{shopUrl}/account/activate/{numeric customer id}/{token}`
 * - reset URL:      `{shopUrl}/account/reset/{numeric customer id}/{token}`
 *
 * The mail links to the URL itself. On Shopify the online store answers it; a headless
 * storefront on that domain maps it to its own page, which sends the whole URL to
 * customerActivateByUrl / customerResetByUrl. The emulator answers no such path itself: the link
 * a customer follows is always the shop's, whatever base URL the emulator is reached at.
 */
export type AccountLinkKind = 'activate' | 'reset';

/** The activation or reset URL for a customer's token. */
export const accountUrl = (shopUrl: string, kind: AccountLinkKind, customerId: number, token: string) =>
  `${shopUrl.replace(/\/+$/, '')}/account/${kind}/${customerId}/${encodeURIComponent(token)}`;

/**
 * The customer id and token of an activation or reset URL, or null when it is not one of `kind`.
 * Any origin is accepted: the shop may be reached as 127.0.0.1 or localhost.
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
