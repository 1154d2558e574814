/**
 * Logs never carry what grants access (docs/architecture.md §9 "Logs"): a whole cart
 * journey — sign up and in, create a cart, add a line, set the delivery date, attach the buyer,
 * fetch the checkout URL, the cart page and the no-JavaScript form, a cart that does not exist —
 * runs against the real app and emulators with the app's own logger (server/logger.ts) at
 * `trace`, captured; the captured text is then searched for the cart id, its key, the checkout
 * token, every cookie value and the bearer credential.
 */
import request from 'supertest';
import { startTestApp, type TestApp } from '../support/app';
import { captureLogLines } from '../support/log-lines';
import { firstSelectableDay, VARIANTS } from '../support/cart';
import { completeSignIn, CookieJar, followAuthorization, latestMail, newCustomer, setCookies } from '../support/customer';

let t: TestApp;
const { log, lines } = captureLogLines('trace');
beforeAll(async () => {
  t = await startTestApp({ log });
});
afterAll(() => t?.stop());

test('cookies and authorization headers are redacted from request logs', async () => {
  const token = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
  const res = await request(t.app)
    .get('/api/customer')
    .set('Cookie', `customer_access_token=${token}; customer_authorization=pending-secret; cart_id=cart-secret`)
    .set('Authorization', 'Bearer bearer-secret');
  expect(res.status).toBe(401);
  const log = lines.join('');
  // The request was logged, with its headers…
  expect(log).toContain('/api/customer');
  expect(log).toContain('[redacted]');
  // …but none of the secrets.
  for (const secret of [token, 'pending-secret', 'cart-secret', 'bearer-secret']) expect(log).not.toContain(secret);
});

test('a cart journey leaves no cart id, checkout token, cookie value or token in the logs', async () => {
  lines.length = 0;
  const { jar } = await newCustomer(t);
  const session = jar.header();

  const created = await request(t.app).post('/api/cart').set('Cookie', session).send({});
  expect(created.status).toBe(201);
  const cartId: string = created.body.data.id;
  const added = await request(t.app).post('/api/cart/lines').send({ cartId, merchandiseId: VARIANTS.classicPetite, quantity: 1 });
  expect(added.status).toBe(200);
  const deliveryDate = await firstSelectableDay(t.app, cartId, 'delivery');
  const dated = await request(t.app)
    .put('/api/cart/attributes')
    .send({ cartId, checkoutType: 'delivery', deliveryDate, pickupDate: null, isGift: false, giftNote: '', receiverEmail: '' });
  expect(dated.status).toBe(200);
  const buyer = await request(t.app).put('/api/cart/buyer-identity').set('Cookie', session).send({ cartId });
  expect(buyer.status).toBe(200);
  const fetched = await request(t.app).get('/api/cart').query({ id: cartId });
  expect(fetched.status).toBe(200);
  const checkoutUrl = new URL(fetched.body.data.checkoutUrl);
  const cartCookie = `cart_id=${encodeURIComponent(cartId)}`;
  expect((await request(t.app).get('/cart').set('Cookie', `${session}; ${cartCookie}`)).status).toBe(200);
  const form = await request(t.app)
    .post('/cart')
    .set('Cookie', `${session}; ${cartCookie}`)
    .type('form')
    .send({ merchandiseId: VARIANTS.bodega, quantity: '1' });
  expect(form.status).toBe(303);
  // A cart that is not there: the id travels into an error answer and, maybe, an error log.
  const unknown = 'gid://shopify/Cart/ghosttoken0123456789?key=ghostkey0123456789';
  expect((await request(t.app).get('/api/cart').query({ id: unknown })).status).toBe(404);
  expect((await request(t.app).get('/api/customer').set('Authorization', 'Bearer journey-bearer-0123456789')).status).toBe(401);

  const log = lines.join('');
  // The journey was logged, down to its URLs…
  for (const path of [
    '/api/cart/lines',
    '/api/cart/attributes',
    '/api/cart/buyer-identity',
    '/api/cart?id=[redacted]',
    '/accounts/account?code=[redacted]',
  ]) {
    expect(log).toContain(path);
  }
  // …and nothing in it opens the cart or the account.
  const [, cartToken, cartKey] = /^gid:\/\/shopify\/Cart\/([^?]+)\?key=(.+)$/.exec(cartId) ?? [];
  expect(cartToken && cartKey).toBeTruthy();
  const secrets = [
    cartId,
    encodeURIComponent(cartId),
    cartToken,
    cartKey,
    checkoutUrl.pathname.split('/').pop()!,
    'ghosttoken0123456789',
    'ghostkey0123456789',
    'journey-bearer-0123456789',
    // The session's cookie values that grant something (a flag such as `1` is no secret).
    ...[...jar.values.values()].filter((value) => value.length >= 8),
  ];
  for (const secret of secrets) {
    expect(secret.length).toBeGreaterThanOrEqual(8);
    expect({ secret, found: log.includes(secret) }).toEqual({ secret, found: false });
  }
});

test("a password reset through the mail's link leaves no reset token in the logs", async () => {
  const { email } = await newCustomer(t);
  lines.length = 0;
  expect((await request(t.app).post('/api/customer/recover').send({ email })).status).toBe(200);
  const { link } = await latestMail(t, email, 'password-reset');
  const token = link.split('/').pop()!;
  expect(token).toMatch(/^[0-9a-f]{64}$/);
  // As the browser goes: the mail's link on the shop, the page it leads to, the form's request.
  const redirected = await request(t.app).get(new URL(link).pathname);
  expect(redirected.status).toBe(302);
  expect((await request(t.app).get(redirected.headers.location)).status).toBe(200);
  const resetUrl = new URL(redirected.headers.location, t.config.siteUrl).searchParams.get('resetUrl');
  const reset = await request(t.app).post('/api/customer/reset').send({ resetUrl, password: 'fresh-petals-1' });
  expect(reset.status).toBe(200);
  await completeSignIn(t.app, t.config.siteUrl, reset);

  const log = lines.join('');
  expect(log).toContain('/account/reset/[redacted]');
  expect(log).toContain('/accounts/reset-password?resetUrl=[redacted]');
  expect(log).not.toContain(token);
});

test("a sign-in round trip leaves no OAuth code, state or customer email in the logs, the request log's query object included", async () => {
  const email = `query-log${Date.now()}@example.com`;
  lines.length = 0;
  const registered = await request(t.app).post('/api/customer/register').send({ email, password: 'petals-and-stems', firstName: 'Iris' });
  expect(registered.status).toBe(201);
  const jar = new CookieJar().take(setCookies(registered));
  const callbackUrl = await followAuthorization(t.app, registered.body.data.redirectTo, t.config.siteUrl);
  const code = callbackUrl.searchParams.get('code')!;
  const state = callbackUrl.searchParams.get('state')!;
  expect(code.length).toBeGreaterThanOrEqual(16);
  expect(state.length).toBeGreaterThanOrEqual(16);
  const callback = await request(t.app)
    .get(callbackUrl.pathname + callbackUrl.search)
    .set('Cookie', jar.header());
  expect(callback.status).toBe(303);

  const log = lines.join('');
  // The callback was logged, with its query object (pino-http's `req.query`)…
  expect(log).toContain('/accounts/account?code=[redacted]');
  expect(log).toMatch(/"query":\{"code":"\[redacted\]"/);
  // …and neither the code, the state nor the email is in any line.
  for (const secret of [code, state, email, encodeURIComponent(email)])
    expect({ secret, found: log.includes(secret) }).toEqual({ secret, found: false });
});

test('upstream failures that quote a customer email are logged without it', async () => {
  lines.length = 0;
  // 1. The Storefront API's own error text names the email: an invited customer registering
  //    ("We have sent an email to katherine@example.com…", a GraphQL customerUserError).
  const invited = 'katherine@example.com';
  const refused = await request(t.app).post('/api/customer/register').send({ email: invited, password: 'whatever-1' });
  expect(refused.status).toBe(422);
  // The shopper is told (their own address); the log is not.
  expect(refused.body.message).toBe(`We have sent an email to ${invited}, please click the link included to verify your email address.`);
  // 2. The authorization server sends the browser back with a server error whose description
  //    names the account: an UpstreamError (502) whose message quotes it, logged with its stack.
  const seeded = 'ada@example.com';
  const email = `upstream-log${Date.now()}@example.com`;
  const signIn = await request(t.app).post('/api/customer/login').send({ email: seeded, password: 'flowers-ada-1815' });
  expect(signIn.status).toBe(200);
  const jar = new CookieJar().take(setCookies(signIn));
  const state = new URL(signIn.body.data.redirectTo).searchParams.get('state')!;
  const failed = await request(t.app)
    .get('/accounts/account')
    .query({ state, error: 'server_error', error_description: `no session store for ${email}` })
    .set('Cookie', jar.header());
  expect(failed.status).toBe(502);

  const log = lines.join('');
  // Both failures were logged, their text kept but for the address.
  expect(log).toContain('"message":"We have sent an email to [redacted email], please click the link');
  expect(log).toContain('customer-account failed: The authorization server answered server_error: no session store for [redacted email]');
  for (const secret of [invited, seeded, email, encodeURIComponent(email)])
    expect({ secret, found: log.includes(secret) }).toEqual({ secret, found: false });
});
