/**
 * The browser's customer-account calls: the same-origin JSON API of shared/customer.ts (spec §4
 * Customer session, §5 account validation). The session itself is an HttpOnly cookie the server
 * sets and reads; nothing here ever sees the customer access token.
 */
import type {
  AddressInput,
  Customer,
  MailSentResult,
  OrderDetail,
  OrderSummary,
  ProfileInput,
  RegisterInput,
  SignInResult,
} from '../../shared/customer';
import type { ApiResult, Cart } from '../../shared/types';
import { jsonCall as call } from './json-call';

/** Body of the address writes: the address, and whether it becomes the default one. */
export type AddressWrite = { address: AddressInput; makeDefault?: boolean };

/** What the customer store and the account pages need from the network; tests pass a fake. */
export interface CustomerApi {
  /** Sign in; `returnTo` is the protected path the login page was sent from (`?return=`). */
  login(input: { email: string; password: string; returnTo?: string }): Promise<ApiResult<SignInResult>>;
  logout(): Promise<ApiResult<{ redirectTo: string }>>;
  /** Create an account, signed in at once (the answer is where to go, as a login's). */
  register(input: RegisterInput): Promise<ApiResult<SignInResult>>;
  activate(input: { activationUrl: string; password: string }): Promise<ApiResult<SignInResult>>;
  recover(input: { email: string }): Promise<ApiResult<MailSentResult>>;
  reset(input: { resetUrl: string; password: string }): Promise<ApiResult<SignInResult>>;
  /** The signed-in customer (401 without a valid session, which also clears the session cookies). */
  fetch(): Promise<ApiResult<Customer>>;
  updateProfile(input: ProfileInput): Promise<ApiResult<Customer>>;
  createAddress(input: AddressWrite): Promise<ApiResult<Customer>>;
  updateAddress(id: string, input: AddressWrite): Promise<ApiResult<Customer>>;
  deleteAddress(id: string): Promise<ApiResult<Customer>>;
  setDefaultAddress(id: string): Promise<ApiResult<Customer>>;
  orders(): Promise<ApiResult<OrderSummary[]>>;
  order(orderNumber: number | string): Promise<ApiResult<OrderDetail>>;
  /** Spec §4: attach the signed-in customer to the cart (the server adds the token). */
  updateBuyerIdentity(input: { cartId: string }): Promise<ApiResult<Cart>>;
}

const address = (id: string) => `/api/customer/addresses/${encodeURIComponent(id)}`;

/** `CustomerApi` over fetch, for the browser. Writes without fields send `{}` (the API takes JSON only). */
export const httpCustomerApi: CustomerApi = {
  login: (input) => call('POST', '/api/customer/login', input),
  logout: () => call('POST', '/api/customer/logout', {}),
  register: (input) => call('POST', '/api/customer/register', input),
  activate: (input) => call('POST', '/api/customer/activate', input),
  recover: (input) => call('POST', '/api/customer/recover', input),
  reset: (input) => call('POST', '/api/customer/reset', input),
  fetch: () => call('GET', '/api/customer'),
  updateProfile: (input) => call('PUT', '/api/customer', input),
  createAddress: (input) => call('POST', '/api/customer/addresses', input),
  updateAddress: (id, input) => call('PUT', address(id), input),
  deleteAddress: (id) => call('DELETE', address(id), {}),
  setDefaultAddress: (id) => call('PUT', `${address(id)}/default`, {}),
  orders: () => call('GET', '/api/customer/orders'),
  order: (orderNumber) => call('GET', `/api/customer/orders/${encodeURIComponent(String(orderNumber))}`),
  updateBuyerIdentity: (input) => call('PUT', '/api/cart/buyer-identity', input),
};
