/**
 * Reading the few cookies the browser is meant to see (the HttpOnly session cookie is not one of
 * them): the no-JavaScript form's `cart_id` and the customer session hint (shared/customer.ts).
 */
import { CUSTOMER_SESSION_HINT_COOKIE } from '../../shared/customer';

/** A cookie's URL-decoded value from `document.cookie`, or null when absent or badly encoded. */
export function browserCookie(name: string, cookies: string = document.cookie): string | null {
  for (const pair of cookies.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** The `cart_id` cookie (set by the no-JavaScript add-to-cart form), or null. */
export const cookieCartId = (): string | null => browserCookie('cart_id');

/** True while the server says a customer session exists (the hint cookie holds "1"). */
export const hasCustomerSession = (): boolean => browserCookie(CUSTOMER_SESSION_HINT_COOKIE) === '1';
