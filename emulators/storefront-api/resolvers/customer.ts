/**
 * Resolvers for customer accounts: `customer(customerAccessToken:)`, the customer mutations, and
 * the Customer / MailingAddress fields. Account rules live in customers.ts, mail in mail.ts, the
 * order fields in order.ts.
 *
 * Every payload with `customerUserErrors` also fills the deprecated `userErrors` with the same
 * errors (field and message). A token that is unknown, revoked or expired answers `customer: null`
 * on the query and TOKEN_INVALID on `["customerAccessToken"]` from the mutations that need one
 * (customerAccessTokenRenew/-Delete, whose payloads only have `userErrors`, say "Access token
 * does not exist").
 */
import { parseAccountUrl, type AccountLinkKind } from '../account-urls';
import { addressName, formatAddress, formattedArea, type MailingAddressInput, type MailingAddressModel } from '../addresses';
import { paginate, type PageArgs } from '../connections';
import type { StorefrontContext } from '../context';
import { ERRORS, type CustomerUserError } from '../customer-rules';
import { addressModel, customerGid, type CustomerCreateInput, type CustomerUpdateInput, type StoredCustomer } from '../customers';
import { activationMail, passwordResetMail, welcomeMail, type MailLinks } from '../mail';
import { searchOrders, sortOrders } from '../order-search';

type Ctx = StorefrontContext;
type Refusal = { errors: CustomerUserError[] };

/** A payload with its errors under both `customerUserErrors` and the deprecated `userErrors`. */
const payload = <T extends object>(errors: CustomerUserError[], fields: T) => ({ ...fields, customerUserErrors: errors, userErrors: errors });

const links = (ctx: Ctx): MailLinks => ({ shopUrl: ctx.shopUrl, shopName: ctx.catalog.shop.name });

const TOKEN_NOT_FOUND = [{ field: ['customerAccessToken'], message: 'Access token does not exist' }];

/**
 * Run `action` for the customer of `token`; otherwise the TOKEN_INVALID payload, with `empty`'s
 * fields (the payload's nulls).
 */
async function asCustomer<Empty extends object, Done extends object>(
  ctx: Ctx,
  token: string,
  empty: Empty,
  action: (customer: StoredCustomer) => Promise<Refusal | Done> | Refusal | Done,
) {
  const customer = ctx.customers.byAccessToken(token);
  if (!customer) return payload([ERRORS.tokenInvalid()], empty);
  const result = await action(customer);
  return 'errors' in result ? payload(result.errors, empty) : payload([], result);
}

/** customerActivateByUrl / customerResetByUrl: parse the URL, redeem its token, sign in. */
async function redeemUrl(ctx: Ctx, kind: AccountLinkKind, url: string, password: string) {
  const empty = { customer: null, customerAccessToken: null };
  const parsed = parseAccountUrl(kind, url);
  if (!parsed) return payload([kind === 'activate' ? ERRORS.activationUrlInvalid() : ERRORS.resetUrlInvalid()], empty);
  const result =
    kind === 'activate'
      ? await ctx.customers.activate(parsed.customerId, parsed.token, password)
      : await ctx.customers.resetPassword(parsed.customerId, parsed.token, password);
  return 'errors' in result ? payload(result.errors, empty) : payload([], { customer: result.customer, customerAccessToken: result.token });
}

type OrdersArgs = PageArgs & { query?: string | null; sortKey?: string | null };

export const customerResolvers = {
  QueryRoot: {
    customer: (_: unknown, { customerAccessToken }: { customerAccessToken: string }, ctx: Ctx) => ctx.customers.byAccessToken(customerAccessToken),
  },

  Mutation: {
    customerAccessTokenCreate: async (_: unknown, { input }: { input: { email: string; password: string } }, ctx: Ctx) => {
      const result = await ctx.customers.signIn(input.email, input.password);
      return 'errors' in result ? payload(result.errors, { customerAccessToken: null }) : payload([], { customerAccessToken: result.token });
    },

    customerAccessTokenRenew: (_: unknown, { customerAccessToken }: { customerAccessToken: string }, ctx: Ctx) => {
      const renewed = ctx.customers.renew(customerAccessToken);
      return renewed ? { customerAccessToken: renewed, userErrors: [] } : { customerAccessToken: null, userErrors: TOKEN_NOT_FOUND };
    },

    customerAccessTokenDelete: (_: unknown, { customerAccessToken }: { customerAccessToken: string }, ctx: Ctx) => {
      const id = ctx.customers.revoke(customerAccessToken);
      return id
        ? { deletedAccessToken: customerAccessToken, deletedCustomerAccessTokenId: id, userErrors: [] }
        : { deletedAccessToken: null, deletedCustomerAccessTokenId: null, userErrors: TOKEN_NOT_FOUND };
    },

    customerCreate: async (_: unknown, { input }: { input: CustomerCreateInput }, ctx: Ctx) => {
      const result = await ctx.customers.register(input);
      if (result.customer) ctx.mailbox.send(welcomeMail(result.customer, links(ctx)));
      if (result.invitation) ctx.mailbox.send(activationMail(result.invitation.customer, result.invitation.token, links(ctx)));
      return payload(result.errors, { customer: result.customer });
    },

    customerRecover: (_: unknown, { email }: { email: string }, ctx: Ctx) => {
      const result = ctx.customers.issueReset(email);
      if ('errors' in result) return payload(result.errors, {});
      ctx.mailbox.send(passwordResetMail(result.customer, result.token, links(ctx)));
      return payload([], {});
    },

    customerActivateByUrl: (_: unknown, a: { activationUrl: string; password: string }, ctx: Ctx) =>
      redeemUrl(ctx, 'activate', a.activationUrl, a.password),

    customerResetByUrl: (_: unknown, a: { resetUrl: string; password: string }, ctx: Ctx) => redeemUrl(ctx, 'reset', a.resetUrl, a.password),

    customerUpdate: (_: unknown, a: { customerAccessToken: string; customer: CustomerUpdateInput }, ctx: Ctx) =>
      asCustomer(ctx, a.customerAccessToken, { customer: null, customerAccessToken: null }, async (customer) => {
        const result = await ctx.customers.update(customer, a.customer);
        return 'errors' in result ? result : { customer: result.customer, customerAccessToken: result.token };
      }),

    customerAddressCreate: (_: unknown, a: { customerAccessToken: string; address: MailingAddressInput }, ctx: Ctx) =>
      asCustomer(ctx, a.customerAccessToken, { customerAddress: null }, (customer) => {
        const result = ctx.customers.addAddress(customer, a.address);
        return 'errors' in result ? result : { customerAddress: addressModel(result.address) };
      }),

    customerAddressUpdate: (_: unknown, a: { customerAccessToken: string; id: string; address: MailingAddressInput }, ctx: Ctx) =>
      asCustomer(ctx, a.customerAccessToken, { customerAddress: null }, (customer) => {
        const result = ctx.customers.updateAddress(customer, a.id, a.address);
        return 'errors' in result ? result : { customerAddress: addressModel(result.address) };
      }),

    customerAddressDelete: (_: unknown, a: { customerAccessToken: string; id: string }, ctx: Ctx) =>
      asCustomer(ctx, a.customerAccessToken, { deletedCustomerAddressId: null }, (customer) => {
        const result = ctx.customers.deleteAddress(customer, a.id);
        return 'errors' in result ? result : { deletedCustomerAddressId: addressModel(result.deleted).id };
      }),

    customerDefaultAddressUpdate: (_: unknown, a: { customerAccessToken: string; addressId: string }, ctx: Ctx) =>
      asCustomer(ctx, a.customerAccessToken, { customer: null }, (customer) => ctx.customers.setDefaultAddress(customer, a.addressId)),
  },

  Customer: {
    id: (c: StoredCustomer) => customerGid(c),
    // Shopify shows the name when there is one, else the email.
    displayName: (c: StoredCustomer) => [c.firstName, c.lastName].filter(Boolean).join(' ') || c.email,
    numberOfOrders: (c: StoredCustomer, _: unknown, ctx: Ctx) => ctx.orders.forCustomer(c.id).length,
    defaultAddress: (c: StoredCustomer, _: unknown, ctx: Ctx) => {
      const address = ctx.customers.defaultAddress(c);
      return address ? addressModel(address) : null;
    },
    addresses: (c: StoredCustomer, args: PageArgs) => paginate(c.addresses.map(addressModel), args, (a) => a.id),
    orders: (c: StoredCustomer, args: OrdersArgs, ctx: Ctx) => {
      const found = sortOrders(searchOrders(ctx.orders.forCustomer(c.id), args.query), args.sortKey);
      // totalCount is UnsignedInt64, a string on the wire; it counts every match, not the page.
      return { ...paginate(found, args, (o) => o.orderNumber), totalCount: String(found.length) };
    },
    avatarUrl: () => null,
    socialLoginProvider: () => null,
    metafield: () => null,
    metafields: (_: unknown, { identifiers }: { identifiers: unknown[] }) => identifiers.map(() => null),
  },

  MailingAddress: {
    name: (a: MailingAddressModel) => addressName(a),
    countryCodeV2: (a: MailingAddressModel) => a.countryCode,
    formatted: (a: MailingAddressModel, args: { withName?: boolean; withCompany?: boolean }) => formatAddress(a, args),
    formattedArea: (a: MailingAddressModel) => formattedArea(a),
    latitude: () => null,
    longitude: () => null,
  },
};
