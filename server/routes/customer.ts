/**
 * The customer JSON API (docs/architecture.md §5; the table in shared/customer.ts; spec §4/§5/§7/§8)
 * over the customer service, plus the cart's buyer identity. The customer access token comes
 * only from the HttpOnly session cookie (server/http/customer-session.ts), never from a body.
 *
 * Sign-in (login, registration, activation, reset) does not set the session yet: the token waits in the
 * short-lived authorization cookie while the browser goes through the customer-account
 * authorization (PKCE) and is installed by the callback (./customer-callback.ts) once that
 * round trip is verified. If the authorization server cannot be reached the customer is signed
 * in directly (logged): an outage there must not stop anyone from reaching their orders.
 *
 * Any answer that finds the session invalid (401) clears its cookies.
 */
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import type { AddressInput, MailSentResult, SignInResult } from '../../shared/customer';
import { EMAIL_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/customer';
import { safeReturnTo, type CustomerAuthorization } from '../auth/customer-authorization';
import { cartIdSchema } from '../cart/input';
import type { CartService } from '../cart/service';
import type { CustomerService, SignedIn } from '../customer/service';
import { ShopperError } from '../http/errors';
import { clearCustomerSession, readCustomerToken, setCustomerSession } from '../http/customer-session';
import { sendResult } from '../http/json-api';
import { MESSAGES } from '../http/messages';
import type { RateLimitTier } from '../http/rate-limit';
import { requestLog } from '../http/request-context';
import type { Logger } from '../logger';
import { phoneE164 } from '../marketing/input';
import { ACCOUNT_PATH, LOGIN_PATH } from '../loaders/account';
import { UpstreamError } from '../upstream/errors';
import { keepPendingSignIn } from './customer-callback';

export type CustomerRoutesDeps = {
  customers: CustomerService;
  cart: CartService;
  authorization: CustomerAuthorization;
  limits: Record<RateLimitTier, RequestHandler>;
  siteUrl: string;
  /** Local mode: the emulator's mail inbox page, handed to the browser after recover. */
  inboxUrl: string | null;
  log: Logger;
};

const text = (max: number) => z.string().trim().max(max);
const email = text(EMAIL_MAX_LENGTH).min(1);
const password = z.string().min(1).max(256);
const optional = (max: number) => text(max).optional();

const LoginBody = z.object({ email, password, returnTo: z.string().max(2048).optional() });
const RegisterBody = z.object({
  email,
  password,
  firstName: optional(255),
  lastName: optional(255),
  acceptsMarketing: z.boolean().optional(),
});
const ByUrlBody = z.object({ url: z.url({ protocol: /^https?$/ }).max(2048), password });
const RecoverBody = z.object({ email });
/** A field absent from the body stays as it is (the platform is not sent it). */
const ProfileBody = z.object({
  email,
  firstName: optional(255),
  lastName: optional(255),
  // Checked by phoneE164 (the shop's one phone rule), which answers its own message.
  phone: z.string().optional(),
  acceptsMarketing: z.boolean().optional(),
});
const AddressBody = z.object({
  address: z.object({
    firstName: optional(255),
    lastName: optional(255),
    company: optional(255),
    address1: text(255).min(1),
    address2: optional(255),
    city: text(255).min(1),
    province: optional(255),
    zip: text(32).min(1),
    country: text(255).min(1),
    phone: optional(32),
  }) satisfies z.ZodType<AddressInput>,
  makeDefault: z.boolean().default(false),
});
const AddressKey = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const BuyerIdentityBody = z.object({ cartId: cartIdSchema });

/** The value at `path` inside `value`, undefined when there is none. */
function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined), value);
}

/**
 * The parsed value, or a 400. `missing` answers a required field that is absent or blank (spec
 * §5's message of the form); `malformed`, by default the same, answers a field that is there
 * but refused (too long, of the wrong type): for the account forms, spec §8's failure message of
 * the operation, since a value that cannot be valid was not missing.
 * @throws ShopperError 400
 */
function parse<T>(schema: z.ZodType<T>, value: unknown, missing: string, malformed = missing): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const absent = parsed.error.issues.some((i) => i.code === 'too_small' || (i.code === 'invalid_type' && valueAt(value, i.path) == null));
  throw new ShopperError(400, absent ? missing : malformed);
}

const ok = <T>(res: Response, message: string, data?: T, status = 200) =>
  sendResult<T>(res, status, data === undefined ? { isError: false, message } : { isError: false, message, data });

export function customerRoutes(deps: CustomerRoutesDeps): Router {
  const { customers, siteUrl } = deps;
  const router = Router();
  const log = () => requestLog(deps.log);

  /** The session's token, or a 401 with `message` (spec §8's text for the operation). */
  function tokenOf(req: Request, message: string, status: 401 | 403 = 401): string {
    const token = readCustomerToken(req.get('cookie'));
    if (!token) throw new ShopperError(status, message);
    return token;
  }

  /** Runs `work`; a 401 from the platform (token invalid or expired) clears the session first. */
  async function signedIn<T>(res: Response, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof ShopperError && err.status === 401) clearCustomerSession(res, siteUrl);
      throw err;
    }
  }

  /**
   * After the password was checked: start the authorization round trip (the token waits for
   * its callback) and tell the browser where to go, with `message` and `status`.
   */
  async function startSession(
    res: Response,
    signIn: SignedIn,
    returnTo: string | null,
    message: string = MESSAGES.signedIn,
    status = 200,
  ): Promise<void> {
    let redirectTo: string;
    try {
      const { url, transaction } = await deps.authorization.start({ loginHint: signIn.email ?? undefined, returnTo: returnTo ?? undefined });
      keepPendingSignIn(res, { transaction, token: signIn.token, email: signIn.email }, siteUrl);
      redirectTo = url;
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      log().error({ err }, 'customer authorization unavailable: signing in without it');
      setCustomerSession(res, signIn.token, siteUrl);
      redirectTo = returnTo ?? ACCOUNT_PATH;
    }
    ok<SignInResult>(res, message, { redirectTo }, status);
  }

  const mailSent = (): MailSentResult => ({ inboxUrl: deps.inboxUrl });

  router.post('/api/customer/login', deps.limits.signIn, async (req, res) => {
    const body = parse(LoginBody, req.body, MESSAGES.requiredFieldsMissing, MESSAGES.tokenCreateFailed);
    await startSession(res, await customers.signIn(body.email, body.password), safeReturnTo(body.returnTo));
  });

  router.post('/api/customer/logout', async (req, res) => {
    const token = readCustomerToken(req.get('cookie'));
    if (token) await customers.signOut(token);
    clearCustomerSession(res, siteUrl);
    ok(res, MESSAGES.signedOut, { redirectTo: '/' });
  });

  /**
   * customerCreate makes an enabled account (as on Shopify), so the new customer is signed in at
   * once through the same path as a login (spec §8 "Customer sucessfully created", 201). Should
   * the sign-in fail after the account exists, the answer is still the account's: the browser
   * goes to the sign-in page (an error here would invite a second registration of a taken email).
   */
  router.post('/api/customer/register', deps.limits.signUp, async (req, res) => {
    const body = parse(RegisterBody, req.body, MESSAGES.requiredFieldsMissing, MESSAGES.createCustomerFailed);
    if (body.password.length < PASSWORD_MIN_LENGTH) throw new ShopperError(400, MESSAGES.passwordTooShort);
    await customers.register(body);
    let signIn: SignedIn;
    try {
      signIn = await customers.signIn(body.email, body.password);
    } catch (err) {
      log().error({ err }, 'a new customer could not be signed in');
      return ok<SignInResult>(res, MESSAGES.customerCreated, { redirectTo: LOGIN_PATH }, 201);
    }
    await startSession(res, signIn, null, MESSAGES.customerCreated, 201);
  });

  router.post('/api/customer/activate', async (req, res) => {
    const { activationUrl, password: pw } = req.body as { activationUrl?: unknown; password?: unknown };
    if (!activationUrl || !pw) throw new ShopperError(400, MESSAGES.requiredFieldsMissing);
    const body = parse(ByUrlBody, { url: activationUrl, password: pw }, MESSAGES.badActivationUrl);
    if (body.password.length < PASSWORD_MIN_LENGTH) throw new ShopperError(400, MESSAGES.passwordTooShort);
    await startSession(res, await customers.activate(body.url, body.password), null);
  });

  router.post('/api/customer/recover', deps.limits.recover, async (req, res) => {
    const body = parse(RecoverBody, req.body, MESSAGES.emailRequired, MESSAGES.recoverFailed);
    await customers.recover(body.email);
    ok<MailSentResult>(res, MESSAGES.recoverSent, mailSent());
  });

  router.post('/api/customer/reset', async (req, res) => {
    const { resetUrl, password: pw } = req.body as { resetUrl?: unknown; password?: unknown };
    if (!resetUrl || !pw) throw new ShopperError(400, MESSAGES.requiredFieldsMissing);
    const body = parse(ByUrlBody, { url: resetUrl, password: pw }, MESSAGES.badResetUrl);
    if (body.password.length < PASSWORD_MIN_LENGTH) throw new ShopperError(400, MESSAGES.passwordTooShort);
    await startSession(res, await customers.reset(body.url, body.password), null);
  });

  router.get('/api/customer', async (req, res) => {
    const token = tokenOf(req, MESSAGES.fetchNoToken);
    const { customer, renewed } = await signedIn(res, () => customers.fetch(token, { renew: true }));
    if (renewed) setCustomerSession(res, renewed, siteUrl);
    ok(res, MESSAGES.customerFetched, customer);
  });

  router.put('/api/customer', async (req, res) => {
    const token = tokenOf(req, MESSAGES.forbidden, 403);
    const profile = parse(ProfileBody, req.body, MESSAGES.missingRequiredField, MESSAGES.updateFailed);
    const phone = phoneE164(profile.phone);
    const updated = await signedIn(res, () => customers.update(token, { ...profile, phone }));
    if (updated.token) setCustomerSession(res, updated.token, siteUrl);
    ok(res, MESSAGES.profileSaved, updated.customer);
  });

  router.post('/api/customer/addresses', async (req, res) => {
    const token = tokenOf(req, MESSAGES.forbiddenNoToken);
    const { address, makeDefault } = parse(AddressBody, req.body, MESSAGES.badAddress);
    ok(res, MESSAGES.addressSaved, await signedIn(res, () => customers.addAddress(token, address, makeDefault)), 201);
  });

  router.put('/api/customer/addresses/:id', async (req, res) => {
    const token = tokenOf(req, MESSAGES.forbiddenNoToken);
    const id = parse(AddressKey, req.params.id, MESSAGES.addressNotFound);
    const { address, makeDefault } = parse(AddressBody, req.body, MESSAGES.badAddress);
    ok(res, MESSAGES.addressSaved, await signedIn(res, () => customers.updateAddress(token, id, address, makeDefault)));
  });

  router.delete('/api/customer/addresses/:id', async (req, res) => {
    const token = tokenOf(req, MESSAGES.forbiddenNoToken);
    const id = parse(AddressKey, req.params.id, MESSAGES.addressNotFound);
    ok(res, MESSAGES.addressDeleted, await signedIn(res, () => customers.deleteAddress(token, id)));
  });

  router.put('/api/customer/addresses/:id/default', async (req, res) => {
    const token = tokenOf(req, MESSAGES.forbiddenNoToken);
    const id = parse(AddressKey, req.params.id, MESSAGES.addressNotFound);
    ok(res, MESSAGES.defaultAddressSet, await signedIn(res, () => customers.setDefaultAddress(token, id)));
  });

  router.get('/api/customer/orders', async (req, res) => {
    const token = tokenOf(req, MESSAGES.fetchNoToken);
    ok(res, MESSAGES.ordersFetched, await signedIn(res, () => customers.orders(token)));
  });

  router.get('/api/customer/orders/:orderNumber', async (req, res) => {
    const token = tokenOf(req, MESSAGES.fetchNoToken);
    const orderNumber = parse(z.coerce.number().int().positive().max(1e12), req.params.orderNumber, MESSAGES.orderNotFound);
    ok(res, MESSAGES.ordersFetched, await signedIn(res, () => customers.order(token, orderNumber)));
  });

  /** Spec §4/§5: attach the signed-in customer to the cart (needs a customer and a token). */
  router.put('/api/cart/buyer-identity', async (req, res) => {
    const { cartId } = parse(BuyerIdentityBody, req.body, MESSAGES.badCartId);
    const token = tokenOf(req, MESSAGES.forbiddenNoToken);
    const { customer } = await signedIn(res, async () => {
      try {
        return await customers.fetch(token);
      } catch (err) {
        if (err instanceof ShopperError && err.status === 401) throw new ShopperError(401, MESSAGES.noCustomerNoBuyerIdentity);
        throw err;
      }
    });
    // The token may die between that check and the mutation: attachBuyer then answers the same 401, and the session goes.
    const cart = await signedIn(res, () =>
      deps.cart.attachBuyer(cartId, { customerAccessToken: token, email: customer.email, phone: customer.phone }),
    );
    ok(res, MESSAGES.buyerIdentityUpdated, cart);
  });

  return router;
}
