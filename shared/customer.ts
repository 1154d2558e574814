/**
 * Customer accounts: the shapes the server's customer JSON API and the account pages share
 * with the browser (spec §3 Customer / Address / Order; docs/architecture.md §5).
 *
 * Personal data: every value here is only ever sent with `Cache-Control: private, no-store`
 * (account pages, their payloads, `/api/customer*`). The customer access token itself is never
 * in any of them: it lives in an HttpOnly cookie that only the server reads.
 *
 * Units: money is MoneyV2 (decimal string amount, ISO 4217 code, never cents); dates are ISO
 * 8601 strings in UTC (the browser shows them in New York time).
 *
 * The browser's JSON API (all answers `ApiResult<T>` = `{ isError, message, data? }`):
 *
 * | method + path                              | body                              | data                     |
 * |--------------------------------------------|-----------------------------------|--------------------------|
 * | POST   /api/customer/login                 | { email, password, returnTo? }     | SignInResult             |
 * | POST   /api/customer/logout                | {}                                | { redirectTo: '/' }      |
 * | POST   /api/customer/register              | RegisterInput                     | SignInResult (201)       |
 * | POST   /api/customer/activate              | { activationUrl, password }       | SignInResult             |
 * | POST   /api/customer/recover               | { email }                         | MailSentResult           |
 * | POST   /api/customer/reset                 | { resetUrl, password }            | SignInResult             |
 * | GET    /api/customer                       |                                   | Customer                 |
 * | PUT    /api/customer                       | ProfileInput                      | Customer                 |
 * | POST   /api/customer/addresses             | { address: AddressInput, makeDefault? } | Customer           |
 * | PUT    /api/customer/addresses/:id         | { address: AddressInput, makeDefault? } | Customer           |
 * | DELETE /api/customer/addresses/:id         |                                   | Customer                 |
 * | PUT    /api/customer/addresses/:id/default |                                   | Customer                 |
 * | GET    /api/customer/orders                |                                   | OrderSummary[]           |
 * | GET    /api/customer/orders/:orderNumber   |                                   | OrderDetail              |
 * | PUT    /api/cart/buyer-identity            | { cartId }                        | Cart                     |
 *
 * Statuses: 400 malformed or missing fields (spec §5 messages), 401 no or invalid session
 * (the session cookies are cleared), 403 a foreign Origin, 404 an address or order that is not
 * this customer's, 422 refused by the platform (its first `customerUserErrors` message, spec §8),
 * 429 too many sign-in / recover attempts, 502/504 the platform failed.
 */
import type { Money } from './types';

/** A mailing address (spec §3 Address). `id` is opaque (no token in it); `formatted` is display lines. */
export type Address = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  zip: string | null;
  country: string | null;
  phone: string | null;
  formatted: string[];
};

/** What the address form sends; empty strings are treated as absent. */
export type AddressInput = {
  firstName?: string;
  lastName?: string;
  company?: string;
  address1: string;
  address2?: string;
  city: string;
  province?: string;
  zip: string;
  country: string;
  phone?: string;
};

/** Spec §3 Customer, with up to 250 addresses (spec §9). */
export type Customer = {
  id: string;
  displayName: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  acceptsMarketing: boolean;
  numberOfOrders: number;
  defaultAddress: Address | null;
  addresses: Address[];
};

/** One row of the order list: number, date, status, total. */
export type OrderSummary = {
  id: string;
  /** e.g. 1001; the detail page is /accounts/orders/{orderNumber}. */
  orderNumber: number;
  /** e.g. "#1001". */
  name: string;
  processedAt: string;
  /** Storefront API OrderFinancialStatus, e.g. "PAID"; null when unknown. */
  financialStatus: string | null;
  /** Storefront API OrderFulfillmentStatus, e.g. "UNFULFILLED". */
  fulfillmentStatus: string;
  total: Money;
};

/** One line of an order (spec §3: title, quantity, variant), up to 250 per order. */
export type OrderLineItem = {
  title: string;
  quantity: number;
  /** The variant's title ("Petite"), null for "Default Title" or a deleted variant. */
  variantTitle: string | null;
  total: Money;
};

export type OrderDetail = OrderSummary & {
  /** The email the order was placed with (spec §3 Order). */
  email: string | null;
  /**
   * Spec §3 Order customerUrl: the platform's own page where the customer follows the order
   * (its status), absolute; null when the platform gives none.
   */
  customerUrl: string | null;
  lineItems: OrderLineItem[];
  shippingAddress: Address | null;
  billingAddress: Address | null;
  subtotal: Money | null;
  shipping: Money | null;
  tax: Money | null;
};

/**
 * `data` of recover: in local mode, where the emulator keeps the mail the platform would send,
 * the inbox page's URL (so a tester can open the reset link); null live.
 */
export type MailSentResult = { inboxUrl: string | null };

/**
 * After a sign-in (login, registration, activation, reset): where the browser goes next (the
 * authorize redirect, which ends on the account page).
 */
export type SignInResult = { redirectTo: string };

export type RegisterInput = {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  acceptsMarketing?: boolean;
};

/**
 * Spec §5: email required; first name, last name and phone sent only when non-empty; the form
 * always sends acceptsMarketing. A field the body leaves out stays as it is.
 */
export type ProfileInput = {
  email: string;
  firstName?: string;
  lastName?: string;
  /** As typed, e.g. "(212) 555-0123"; the server keeps it as E.164 (+12125550123). */
  phone?: string;
  acceptsMarketing?: boolean;
};

/**
 * A non-HttpOnly cookie holding only "1" while a customer session cookie exists, so the browser
 * knows to fetch `/api/customer` (the token cookie itself is HttpOnly and unreadable to script).
 */
export const CUSTOMER_SESSION_HINT_COOKIE = 'customer_signed_in';

/** The longest email the account forms take (RFC 5321's 254-character address). */
export const EMAIL_MAX_LENGTH = 254;

/** Shopify's password rule (customerCreate TOO_SHORT below it). */
export const PASSWORD_MIN_LENGTH = 5;
