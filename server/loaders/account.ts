/**
 * The account routes' data (spec §2 account routes, §4 "Customer session"; shared/route-data.ts).
 * Personal routes: they read the session cookie and answer `private, no-store`.
 *
 * - Protected screens (account, addresses, orders, one order): no session → a redirect to
 *   `/accounts/login?return={path}`; a token the platform no longer accepts → the session
 *   cookies are cleared and the same redirect; a successful customer fetch renews the token.
 * - Sign-in screens (login, register, activate, forgot / reset password): a signed-in customer
 *   is sent to `/accounts/account`.
 * - Another customer's (or an unknown) order number is a 404 page, like any unknown path.
 */
import { redirect } from 'react-router';
import type { RouteDataMap } from '../../shared/route-data';
import { notFoundMessage, RouteError, type RouteParams } from '../../shared/route-data';
import type { Seo } from '../../shared/types';
import type { CustomerService } from '../customer/service';
import { ShopperError } from '../http/errors';
import { clearCustomerSession, readCustomerToken } from '../http/customer-session';
import { currentRequest, requestLog } from '../http/request-context';
import type { Logger } from '../logger';
import { UpstreamError } from '../upstream/errors';

export const ACCOUNT_PATH = '/accounts/account';
export const LOGIN_PATH = '/accounts/login';

/**
 * Where a visitor without a session goes, coming back to `pagePath` after signing in. The page's
 * path is rebuilt from the route, not read from the request: a client navigation's request is
 * the payload endpoint's (`/__payload/orders`), not the page's.
 */
export const loginRedirect = (pagePath: string) => redirect(`${LOGIN_PATH}?return=${encodeURIComponent(pagePath)}`);

type AccountLoaders = Pick<
  { [R in keyof RouteDataMap]: (params: RouteParams, request: Request) => Promise<RouteDataMap[R]> },
  'login' | 'register' | 'activate' | 'forgotPassword' | 'resetPassword' | 'account' | 'addresses' | 'orders' | 'order'
>;

export function accountLoaders(deps: { customers: CustomerService; siteUrl: string; log: Logger }): AccountLoaders {
  const cookies = () => {
    const writer = currentRequest()?.cookies;
    if (!writer) throw new Error('account loaders run inside a request');
    return writer;
  };

  /** Runs `work` with the session's token; no token or a refused one → the login redirect. */
  async function withSession<T>(request: Request, pagePath: string, work: (token: string) => Promise<T>): Promise<T> {
    const token = readCustomerToken(request.headers.get('cookie'));
    if (!token) throw loginRedirect(pagePath);
    try {
      return await work(token);
    } catch (err) {
      if (err instanceof ShopperError && err.status === 401) {
        clearCustomerSession(cookies(), deps.siteUrl);
        throw loginRedirect(pagePath);
      }
      throw err;
    }
  }

  /** The signed-in customer (the browser's own customer fetch renews the token, spec §4). */
  const customerPage = (title: string, pagePath: string) => async (_params: RouteParams, request: Request) =>
    withSession(request, pagePath, async (token) => {
      const { customer } = await deps.customers.fetch(token);
      return { seo: { title }, customer };
    });

  /** A sign-in screen: a valid session goes to the account instead; an invalid one is cleared. */
  const signInPage = (title: string) => async (_params: RouteParams, request: Request) => {
    const seo: Seo = { title };
    const token = readCustomerToken(request.headers.get('cookie'));
    if (!token) return { seo };
    try {
      await deps.customers.fetch(token);
    } catch (err) {
      if (err instanceof ShopperError && err.status === 401) clearCustomerSession(cookies(), deps.siteUrl);
      // The platform being down must not keep anyone from the sign-in screens.
      else if (err instanceof UpstreamError) requestLog(deps.log).warn({ err }, 'session check failed on a sign-in screen');
      else throw err;
      return { seo };
    }
    throw redirect(ACCOUNT_PATH);
  };

  return {
    login: signInPage('Sign in'),
    register: signInPage('Create an account'),
    activate: signInPage('Activate your account'),
    forgotPassword: signInPage('Reset your password'),
    resetPassword: signInPage('Choose a new password'),
    account: customerPage('Account', ACCOUNT_PATH),
    addresses: customerPage('Addresses', '/accounts/addresses'),
    orders: (_params, request) =>
      withSession(request, '/accounts/orders', async (token) => ({ seo: { title: 'Orders' }, orders: await deps.customers.orders(token) })),
    order: (params, request) => {
      const pagePath = `/accounts/orders/${encodeURIComponent(params.orderNumber ?? '')}`;
      // The 404 message shows the path as decoded (the one rule of shared/route-data.ts).
      const notFound = () => new RouteError(404, notFoundMessage(`/accounts/orders/${params.orderNumber ?? ''}`));
      return withSession(request, pagePath, async (token) => {
        const orderNumber = /^\d{1,12}$/.test(params.orderNumber ?? '') ? Number(params.orderNumber) : null;
        if (orderNumber === null) throw notFound();
        try {
          const order = await deps.customers.order(token, orderNumber);
          return { seo: { title: `Order ${order.name}` }, order };
        } catch (err) {
          if (err instanceof ShopperError && err.status === 404) throw notFound();
          throw err;
        }
      });
    },
  };
}
