/**
 * The customer service: the one place that talks to the Storefront API about customers (spec §7
 * customer operations). The JSON API (server/routes/customer.ts), the account page loaders
 * (server/loaders/account.ts) and the cart's buyer identity go through it. It knows nothing of
 * cookies: callers pass the customer access token and keep the one it hands back.
 *
 * Errors (the one error handler answers them, server/http/errors.ts):
 *   ShopperError 400  input the platform calls malformed (spec §5 messages are checked by the routes)
 *   ShopperError 401  wrong email or password, or a token that is invalid or expired
 *   ShopperError 404  an address or order that is not this customer's
 *   ShopperError 422  refused by the platform: its first `customerUserErrors` message (spec §8)
 *   UpstreamError 502/504  the platform failed; `shopperMessage` is the spec §8 text of the
 *                     operation ("Customer fetch failed." …)
 */
import type { AddressInput, Customer, OrderDetail, OrderSummary, ProfileInput, RegisterInput } from '../../shared/customer';
import { ShopperError, type ShopperStatus } from '../http/errors';
import { MESSAGES } from '../http/messages';
import { buyerIp, requestLog } from '../http/request-context';
import type { AccessToken } from '../http/customer-session';
import type { Logger } from '../logger';
import { upstreamMessage } from '../upstream/errors';
import type { StorefrontClient, StorefrontClientFactory } from '../upstream/storefront/client';
import {
  CUSTOMER_ACCESS_TOKEN_CREATE,
  CUSTOMER_ACCESS_TOKEN_DELETE,
  CUSTOMER_ACCESS_TOKEN_RENEW,
  CUSTOMER_ACTIVATE_BY_URL,
  CUSTOMER_ADDRESS_CREATE,
  CUSTOMER_ADDRESS_DELETE,
  CUSTOMER_ADDRESS_UPDATE,
  CUSTOMER_CREATE,
  CUSTOMER_DEFAULT_ADDRESS_UPDATE,
  CUSTOMER_ORDERS_QUERY,
  CUSTOMER_QUERY,
  CUSTOMER_RECOVER,
  CUSTOMER_RESET_BY_URL,
  CUSTOMER_UPDATE,
} from '../upstream/storefront/customer';
import type { CustomerFieldsFragment, CustomerUserErrorsFragment, MailingAddressInput } from '../upstream/storefront/generated';
import { findAddressGid, toCustomer, toOrderDetail, toOrderSummary } from '../upstream/storefront/reshape-customer';

export type CustomerServiceDeps = { storefront: StorefrontClientFactory; log: Logger };

/** A signed-in customer and the token to keep (renewed, or replaced after a password change). */
export type SignedIn = { token: AccessToken; email: string | null };

export type CustomerService = ReturnType<typeof createCustomerService>;

type UserError = Pick<CustomerUserErrorsFragment, 'message'> & { code?: CustomerUserErrorsFragment['code'] };

/** Empty strings are absent (spec §5: first name, last name and phone only when non-empty). */
const present = (value: string | undefined): string | undefined => (value?.trim() ? value.trim() : undefined);

/** The Storefront API's address input from the form's, without empty fields. */
function mailingAddress(input: AddressInput): MailingAddressInput {
  return Object.fromEntries(Object.entries(input).flatMap(([key, value]) => (present(value) ? [[key, present(value)]] : [])));
}

export function createCustomerService(deps: CustomerServiceDeps) {
  const client = (): StorefrontClient => deps.storefront(buyerIp());
  const log = () => requestLog(deps.log);

  /**
   * Throws the first user error's message (spec §8) with `status` (a token the platform no longer
   * knows is a 401 whatever the operation); returns when there is none.
   */
  function refuseOn(errors: readonly UserError[] | null | undefined, status: ShopperStatus, operation: string): void {
    const first = errors?.[0];
    if (!first) return;
    log().info({ operation, userErrors: errors }, 'customer operation refused');
    throw new ShopperError(first.code === 'TOKEN_INVALID' && status !== 422 ? 401 : status, first.message);
  }

  /** The customer of `token`, or a 401 (the caller clears the session). */
  async function customerOf(token: string): Promise<CustomerFieldsFragment> {
    const { customer } = await client().query(CUSTOMER_QUERY, { customerAccessToken: token });
    if (!customer) throw new ShopperError(401, MESSAGES.customerFetchFailed);
    return customer;
  }

  async function renew(token: string): Promise<AccessToken | null> {
    try {
      const { customerAccessTokenRenew: payload } = await client().mutate(CUSTOMER_ACCESS_TOKEN_RENEW, { customerAccessToken: token });
      return payload?.customerAccessToken ?? null;
    } catch (err) {
      // The customer was fetched: a failed renewal only means the cookie keeps its old expiry.
      log().warn({ err }, 'customer access token renewal failed');
      return null;
    }
  }

  /** The full gid of one of the customer's addresses, or a 404. */
  async function ownAddress(token: string, key: string): Promise<string> {
    const gid = findAddressGid(await customerOf(token), key);
    if (!gid) throw new ShopperError(404, MESSAGES.addressNotFound);
    return gid;
  }

  async function makeDefault(token: string, addressId: string): Promise<void> {
    const { customerDefaultAddressUpdate: payload } = await client().mutate(CUSTOMER_DEFAULT_ADDRESS_UPDATE, {
      customerAccessToken: token,
      addressId,
    });
    refuseOn(payload?.customerUserErrors, 422, 'customerDefaultAddressUpdate');
  }

  async function orders(token: string) {
    const { customer } = await client().query(CUSTOMER_ORDERS_QUERY, { customerAccessToken: token });
    if (!customer) throw new ShopperError(401, MESSAGES.customerFetchFailed);
    return customer.orders.nodes;
  }

  return {
    /**
     * Spec §7 customerAccessTokenCreate.
     * @throws ShopperError 401 (first user error, e.g. "Unidentified customer") or 422; UpstreamError
     */
    signIn(email: string, password: string): Promise<SignedIn> {
      return upstreamMessage(MESSAGES.tokenCreateFailed, async () => {
        const { customerAccessTokenCreate: payload } = await client().mutate(CUSTOMER_ACCESS_TOKEN_CREATE, { input: { email, password } });
        refuseOn(payload?.customerUserErrors, 401, 'customerAccessTokenCreate');
        if (!payload?.customerAccessToken) throw new ShopperError(401, MESSAGES.tokenCreateFailed);
        return { token: payload.customerAccessToken, email };
      });
    },

    /** Spec §4 logout: the platform forgets the token. Best effort: a failure is only logged. */
    async signOut(token: string): Promise<void> {
      try {
        await client().mutate(CUSTOMER_ACCESS_TOKEN_DELETE, { customerAccessToken: token });
      } catch (err) {
        log().warn({ err }, 'customer access token delete failed');
      }
    },

    /**
     * Spec §7 customerCreate. `acceptsMarketing` is the customer's own choice (the form's box is
     * ticked by default), never assumed.
     * @throws ShopperError 422 (first user error, e.g. "Email has already been taken"); UpstreamError
     */
    register(input: RegisterInput): Promise<void> {
      return upstreamMessage(MESSAGES.createCustomerFailed, async () => {
        const { customerCreate: payload } = await client().mutate(CUSTOMER_CREATE, {
          input: {
            email: input.email,
            password: input.password,
            firstName: present(input.firstName),
            lastName: present(input.lastName),
            acceptsMarketing: input.acceptsMarketing ?? false,
          },
        });
        refuseOn(payload?.customerUserErrors, 422, 'customerCreate');
        if (!payload?.customer) throw new ShopperError(422, MESSAGES.createCustomerFailed);
      });
    },

    /**
     * Spec §7 customerRecover. An unknown email answers like a known one, so the form cannot be
     * used to find out who has an account.
     * @throws ShopperError 422 for other refusals; UpstreamError ("Customer recover mutation failed.")
     */
    recover(email: string): Promise<void> {
      return upstreamMessage(MESSAGES.recoverFailed, async () => {
        const { customerRecover: payload } = await client().mutate(CUSTOMER_RECOVER, { email });
        const errors = (payload?.customerUserErrors ?? []).filter((e) => e.code !== 'UNIDENTIFIED_CUSTOMER');
        refuseOn(errors, 422, 'customerRecover');
      });
    },

    /**
     * Spec §7 customerActivateByUrl: sets the password and signs the customer in.
     * @throws ShopperError 422 (first user error); UpstreamError ("Customer Activate mutation failed.")
     */
    activate(activationUrl: string, password: string): Promise<SignedIn> {
      return upstreamMessage(MESSAGES.activateFailed, async () => {
        const { customerActivateByUrl: payload } = await client().mutate(CUSTOMER_ACTIVATE_BY_URL, { activationUrl, password });
        refuseOn(payload?.customerUserErrors, 422, 'customerActivateByUrl');
        if (!payload?.customerAccessToken) throw new ShopperError(422, MESSAGES.activateFailed);
        return { token: payload.customerAccessToken, email: payload.customer?.email ?? null };
      });
    },

    /**
     * Storefront API customerResetByUrl: sets the new password and signs the customer in.
     * @throws ShopperError 422 (first user error); UpstreamError
     */
    reset(resetUrl: string, password: string): Promise<SignedIn> {
      return upstreamMessage(MESSAGES.somethingWentWrong, async () => {
        const { customerResetByUrl: payload } = await client().mutate(CUSTOMER_RESET_BY_URL, { resetUrl, password });
        refuseOn(payload?.customerUserErrors, 422, 'customerResetByUrl');
        if (!payload?.customerAccessToken) throw new ShopperError(422, MESSAGES.somethingWentWrong);
        return { token: payload.customerAccessToken, email: payload.customer?.email ?? null };
      });
    },

    /**
     * Spec §4: the customer of `token`; with `renew`, a successful fetch renews the token
     * (`renewed` is null without it, or when the renewal failed: keep the old one). Only the
     * browser's customer fetch renews (GET /api/customer, which signing out waits for): a page
     * or a prefetch answered after a logout would otherwise set the deleted token's cookie again.
     * @throws ShopperError 401 "Customer fetch failed." for an invalid or expired token; UpstreamError
     */
    fetch(token: string, options: { renew?: boolean } = {}): Promise<{ customer: Customer; renewed: AccessToken | null }> {
      return upstreamMessage(MESSAGES.customerFetchFailed, async () => {
        const customer = toCustomer(await customerOf(token));
        return { customer, renewed: options.renew ? await renew(token) : null };
      });
    },

    /**
     * Spec §7 customerUpdate: the email always; acceptsMarketing when given; names and phone only
     * when non-empty (spec §5). A field not given is not sent, so the platform keeps it as it is.
     * `profile.phone` is already E.164 (the route checked it). `token` is the new one when the
     * platform replaced it (an email change), else null.
     * @throws ShopperError 401, 422 (first user error); UpstreamError ("Customer update mutation failed.")
     */
    update(token: string, profile: ProfileInput): Promise<{ customer: Customer; token: AccessToken | null }> {
      return upstreamMessage(MESSAGES.updateFailed, async () => {
        const { customerUpdate: payload } = await client().mutate(CUSTOMER_UPDATE, {
          customerAccessToken: token,
          customer: {
            email: profile.email,
            acceptsMarketing: profile.acceptsMarketing,
            firstName: present(profile.firstName),
            lastName: present(profile.lastName),
            phone: present(profile.phone),
          },
        });
        refuseOn(payload?.customerUserErrors, 422, 'customerUpdate');
        if (!payload?.customer) throw new ShopperError(422, MESSAGES.updateFailed);
        return { customer: toCustomer(payload.customer), token: payload.customerAccessToken ?? null };
      });
    },

    /**
     * Adds an address (and makes it the default when asked); answers the customer as it now is.
     * @throws ShopperError 401, 422; UpstreamError
     */
    addAddress(token: string, address: AddressInput, setDefault: boolean): Promise<Customer> {
      return upstreamMessage(MESSAGES.somethingWentWrong, async () => {
        const { customerAddressCreate: payload } = await client().mutate(CUSTOMER_ADDRESS_CREATE, {
          customerAccessToken: token,
          address: mailingAddress(address),
        });
        refuseOn(payload?.customerUserErrors, 422, 'customerAddressCreate');
        if (!payload?.customerAddress) throw new ShopperError(422, MESSAGES.somethingWentWrong);
        if (setDefault) await makeDefault(token, payload.customerAddress.id);
        return toCustomer(await customerOf(token));
      });
    },

    /**
     * Changes one of the customer's addresses (`key` is the browser's address id).
     * @throws ShopperError 401, 404 not theirs, 422; UpstreamError
     */
    updateAddress(token: string, key: string, address: AddressInput, setDefault: boolean): Promise<Customer> {
      return upstreamMessage(MESSAGES.somethingWentWrong, async () => {
        const id = await ownAddress(token, key);
        const { customerAddressUpdate: payload } = await client().mutate(CUSTOMER_ADDRESS_UPDATE, {
          customerAccessToken: token,
          id,
          address: mailingAddress(address),
        });
        refuseOn(payload?.customerUserErrors, 422, 'customerAddressUpdate');
        if (setDefault) await makeDefault(token, payload?.customerAddress?.id ?? id);
        return toCustomer(await customerOf(token));
      });
    },

    /** @throws ShopperError 401, 404 not theirs, 422; UpstreamError */
    deleteAddress(token: string, key: string): Promise<Customer> {
      return upstreamMessage(MESSAGES.somethingWentWrong, async () => {
        const id = await ownAddress(token, key);
        const { customerAddressDelete: payload } = await client().mutate(CUSTOMER_ADDRESS_DELETE, { customerAccessToken: token, id });
        refuseOn(payload?.customerUserErrors, 422, 'customerAddressDelete');
        return toCustomer(await customerOf(token));
      });
    },

    /** @throws ShopperError 401, 404 not theirs, 422; UpstreamError */
    setDefaultAddress(token: string, key: string): Promise<Customer> {
      return upstreamMessage(MESSAGES.somethingWentWrong, async () => {
        await makeDefault(token, await ownAddress(token, key));
        return toCustomer(await customerOf(token));
      });
    },

    /** The customer's orders, newest first (up to 250). @throws ShopperError 401; UpstreamError */
    orders(token: string): Promise<OrderSummary[]> {
      return upstreamMessage(MESSAGES.customerFetchFailed, async () => (await orders(token)).map(toOrderSummary));
    },

    /**
     * One of the customer's orders by its number; another customer's number is a 404 like an
     * unknown one (nothing tells them apart).
     * @throws ShopperError 401, 404; UpstreamError
     */
    order(token: string, orderNumber: number): Promise<OrderDetail> {
      return upstreamMessage(MESSAGES.customerFetchFailed, async () => {
        const order = (await orders(token)).find((o) => o.orderNumber === orderNumber);
        if (!order) throw new ShopperError(404, MESSAGES.orderNotFound);
        return toOrderDetail(order);
      });
    },
  };
}
