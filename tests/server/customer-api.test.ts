/**
 * Customer accounts through the real app (supertest), the real Storefront emulator (customers,
 * mail inbox, checkout) and the real authorization stand-in (oidc-provider), all over HTTP:
 * every endpoint with good and bad input, the spec §5/§8 messages word for word, the session
 * cookie's flags and lifecycle, other customers' data refused, CSRF and the sign-in limit.
 */
import request from 'supertest';
import { startTestApp, type TestApp } from '../support/app';
import { cartWith, VARIANTS } from '../support/cart';
import { completeSignIn, CookieJar, latestMail, newCustomer, setCookies, signIn } from '../support/customer';

let t: TestApp;
beforeAll(async () => {
  // This suite signs dozens of customers up from one IP; the limits have their own tests below.
  const generous = { limit: 1000, windowMs: 60_000, failuresOnly: false };
  t = await startTestApp({ rateLimits: { signIn: generous, recover: generous, signUp: generous } });
});
afterAll(() => t?.stop());

const api = () => request(t.app);
const withJar = (jar: CookieJar) => jar.header();

describe('sign-in', () => {
  test.each([
    [{}, 'no fields'],
    [{ email: 'ada@example.com' }, 'no password'],
    [{ password: 'x' }, 'no email'],
    [{ email: '   ', password: 'secret' }, 'blank email'],
  ])('%j (%s) → 400 "Required fields missing."', async (body, _label) => {
    const res = await api().post('/api/customer/login').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ isError: true, message: 'Required fields missing.' });
    expect(setCookies(res)).toEqual([]);
  });

  test('an email too long to be anyone\'s → 400 with the spec §8 sign-in failure, not "Required fields missing."', async () => {
    const res = await api()
      .post('/api/customer/login')
      .send({ email: `${'a'.repeat(250)}@example.com`, password: 'secret' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ isError: true, message: 'Customer access token create failed.' });
    expect(setCookies(res)).toEqual([]);
  });

  test("a wrong password → 401 with the platform's first customerUserErrors message, and no cookie", async () => {
    const { email } = await newCustomer(t);
    const res = await api().post('/api/customer/login').send({ email, password: 'not-the-password' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ isError: true, message: 'Unidentified customer' });
    expect(setCookies(res)).toEqual([]);
  });

  test('the answer sends the browser to the authorize endpoint with PKCE S256, state and the account page as redirect', async () => {
    const { email, password } = await newCustomer(t);
    const res = await api().post('/api/customer/login').send({ email, password });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const authorize = new URL(res.body.data.redirectTo);
    // Local mode: on the shop's origin, through the /__local proxy to the authorization stand-in.
    expect(authorize.origin).toBe(new URL(t.config.siteUrl).origin);
    expect(authorize.pathname).toMatch(/^\/__local\/customer-account\//);
    const q = authorize.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')!.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'customer-account-api:full']));
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')!.length).toBeGreaterThanOrEqual(16);
    expect(q.get('redirect_uri')).toBe('http://shop.test/accounts/account');
    // No session yet: only the pending sign-in, HttpOnly, short-lived, scoped to /accounts.
    const cookies = setCookies(res);
    expect(cookies.some((c) => c.startsWith('customer_access_token='))).toBe(false);
    const pending = cookies.find((c) => c.startsWith('customer_authorization='))!;
    expect(pending).toMatch(/HttpOnly/i);
    expect(pending).toMatch(/Path=\/accounts/);
    expect(pending).toMatch(/Max-Age=600/);
    expect(pending).toMatch(/SameSite=Lax/i);
    // The verifier never appears in what the page can read.
    expect(JSON.stringify(res.body)).not.toMatch(/verifier/i);
  });

  test('the callback installs an HttpOnly SameSite=Lax session and lands on the account page', async () => {
    const { email, password } = await newCustomer(t);
    const login = await api().post('/api/customer/login').send({ email, password });
    const { jar, callback } = await completeSignIn(t.app, t.config.siteUrl, login);
    expect(callback.status).toBe(303);
    expect(callback.headers.location).toBe('/accounts/account');
    const session = setCookies(callback).find((c) => c.startsWith('customer_access_token='))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Expires=/);
    expect(setCookies(callback).find((c) => c.startsWith('customer_signed_in='))).not.toMatch(/HttpOnly/i);
    const me = await api().get('/api/customer').set('Cookie', withJar(jar));
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email, firstName: 'Rosa' });
    // A successful fetch renews the token (spec §4).
    expect(setCookies(me).some((c) => c.startsWith('customer_access_token='))).toBe(true);
    // The token itself never travels in a body.
    expect(JSON.stringify(me.body)).not.toContain(jar.values.get('customer_access_token'));
  });

  test('returnTo brings the customer back to the page they wanted', async () => {
    const { email, password } = await newCustomer(t);
    const login = await api().post('/api/customer/login').send({ email, password, returnTo: '/accounts/orders' });
    const { callback } = await completeSignIn(t.app, t.config.siteUrl, login);
    expect(callback.headers.location).toBe('/accounts/orders');
  });

  test.each(['https://evil.test/x', '//evil.test/x', '/\\evil.test'])('an off-site returnTo (%s) lands on the account page', async (returnTo) => {
    const { email, password } = await newCustomer(t);
    const login = await api().post('/api/customer/login').send({ email, password, returnTo });
    const { callback } = await completeSignIn(t.app, t.config.siteUrl, login);
    expect(callback.headers.location).toBe('/accounts/account');
  });

  test('a forged state signs nobody in', async () => {
    const { email, password } = await newCustomer(t);
    const login = await api().post('/api/customer/login').send({ email, password });
    const jar = new CookieJar().take(setCookies(login));
    const res = await api().get('/accounts/account?code=forged&state=forged').set('Cookie', jar.header());
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/accounts/login?error=authorization');
    expect(setCookies(res).some((c) => /^customer_access_token=[^;]+/.test(c))).toBe(false);
  });

  test('a callback without the pending sign-in cookie signs nobody in', async () => {
    const res = await api().get('/accounts/account?code=abc&state=def');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/accounts/login?error=authorization');
  });

  test('a foreign Origin is refused (CSRF) before any work', async () => {
    const res = await api().post('/api/customer/login').set('Origin', 'https://evil.test').send({ email: 'a@b.c', password: 'x' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ isError: true, message: 'Forbidden' });
  });
});

/** Seeded in content/customers.json as invited: no password until the invitation's link is used (README "The seeded shop"). */
const INVITED = 'katherine@example.com';

describe('register, activate, recover, reset', () => {
  test('register: missing fields → 400; short password → 400; success → 201, signed in through the authorization round trip', async () => {
    expect((await api().post('/api/customer/register').send({ email: 'x@example.com' })).body.message).toBe('Required fields missing.');
    const short = await api().post('/api/customer/register').send({ email: 'short@example.com', password: 'abc' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password is too short (minimum is 5 characters)');
    const email = `new${Date.now()}@example.com`;
    const res = await api().post('/api/customer/register').send({ email, password: 'long-enough', firstName: 'Iris' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ isError: false, message: 'Customer sucessfully created', data: { redirectTo: expect.any(String) } });
    // The same sign-in as a login (ADR-0015): the authorize redirect, no session before the callback.
    expect(new URL(res.body.data.redirectTo).pathname).toMatch(/^\/__local\/customer-account\//);
    expect(setCookies(res).some((c) => c.startsWith('customer_access_token='))).toBe(false);
    const { jar, callback } = await completeSignIn(t.app, t.config.siteUrl, res);
    expect(callback.status).toBe(303);
    expect(callback.headers.location).toBe('/accounts/account');
    const me = await api().get('/api/customer').set('Cookie', jar.header());
    expect(me.body.data).toMatchObject({ email, firstName: 'Iris' });
    expect((await api().get('/accounts/account').set('Cookie', jar.header())).status).toBe(200);
    // The platform welcomed the new customer; there is nothing to activate.
    const mail = await latestMail(t, email, 'welcome');
    expect(mail.link).toBe(`${t.config.siteUrl}/accounts/account`);
    // And a login works at once, as on Shopify.
    await signIn(t, email, 'long-enough');
  });

  test("acceptsMarketing is the shopper's choice at sign-up, false when not given", async () => {
    const optIn = await newCustomer(t, { acceptsMarketing: true });
    const silent = await newCustomer(t);
    expect((await api().get('/api/customer').set('Cookie', optIn.jar.header())).body.data.acceptsMarketing).toBe(true);
    expect((await api().get('/api/customer').set('Cookie', silent.jar.header())).body.data.acceptsMarketing).toBe(false);
  });

  test('register an email already taken → 422 with the platform message', async () => {
    const { email } = await newCustomer(t);
    const res = await api().post('/api/customer/register').send({ email, password: 'another-one' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ isError: true, message: 'Email has already been taken' });
  });

  test("the mail's account links are the shop's: /account/{activate|reset}/{id}/{token} → the page, with the whole URL", async () => {
    const activate = await api().get('/account/activate/123/0a1b2c');
    expect(activate.status).toBe(302);
    expect(activate.headers.location).toBe(`/accounts/activate?activationUrl=${encodeURIComponent('http://shop.test/account/activate/123/0a1b2c')}`);
    expect(activate.headers['cache-control']).toBe('private, no-store');
    const reset = await api().get('/account/reset/7/f00d');
    expect(reset.status).toBe(302);
    expect(reset.headers.location).toBe(`/accounts/reset-password?resetUrl=${encodeURIComponent('http://shop.test/account/reset/7/f00d')}`);
    // Not a link of that shape: the 404 page.
    for (const path of ['/account/activate/abc/0a1b', '/account/activate/1/a.b', '/account/other/1/abc', '/account/activate/1']) {
      expect([path, (await api().get(path)).status]).toEqual([path, 404]);
    }
  });

  test('an invited customer: signing in is refused; the invitation link activates once and signs in', async () => {
    const early = await api().post('/api/customer/login').send({ email: INVITED, password: 'whatever-1' });
    expect(early.status).toBe(401);
    const mail = await latestMail(t, INVITED, 'activation');
    // The link is the activation URL on the shop's domain, which the shop hands to its page.
    expect(mail.link).toMatch(/^http:\/\/shop\.test\/account\/activate\/\d+\/[0-9a-f]{64}$/);
    const link = await api().get(new URL(mail.link).pathname);
    expect(link.status).toBe(302);
    const activationUrl = new URL(link.headers.location, t.config.siteUrl).searchParams.get('activationUrl')!;
    expect(activationUrl).toBe(mail.link);

    expect((await api().post('/api/customer/activate').send({ password: 'abcdef' })).body.message).toBe('Required fields missing.');
    expect((await api().post('/api/customer/activate').send({ activationUrl: 'not a url', password: 'abcdef' })).status).toBe(400);
    const forged = await api()
      .post('/api/customer/activate')
      .send({ activationUrl: activationUrl.replace(/\/[^/]+$/, '/forged'), password: 'abcdef' });
    expect(forged.status).toBe(422);
    expect(forged.body.isError).toBe(true);

    const activated = await api().post('/api/customer/activate').send({ activationUrl, password: 'orbit-1962' });
    expect(activated.status).toBe(200);
    const { jar } = await completeSignIn(t.app, t.config.siteUrl, activated);
    expect((await api().get('/api/customer').set('Cookie', jar.header())).body.data).toMatchObject({ email: INVITED, firstName: 'Katherine' });
    const again = await api().post('/api/customer/activate').send({ activationUrl, password: 'other-password' });
    expect(again.status).toBe(422);
    await signIn(t, INVITED, 'orbit-1962');
  });

  test("an email too long to be anyone's → 400 with the operation's spec §8 failure", async () => {
    const long = `${'c'.repeat(250)}@example.com`;
    const register = await api().post('/api/customer/register').send({ email: long, password: 'long-enough' });
    expect(register.status).toBe(400);
    expect(register.body).toEqual({ isError: true, message: 'Create customer failed.' });
    const recover = await api().post('/api/customer/recover').send({ email: long });
    expect(recover.status).toBe(400);
    expect(recover.body).toEqual({ isError: true, message: 'Customer recover mutation failed.' });
  });

  test('recover: no email → 400 "Email required."; known and unknown emails answer alike', async () => {
    const none = await api().post('/api/customer/recover').send({});
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ isError: true, message: 'Email required.' });
    const { email } = await newCustomer(t);
    const known = await api().post('/api/customer/recover').send({ email });
    const unknown = await api().post('/api/customer/recover').send({ email: 'nobody-here@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
  });

  test('reset: the mailed link sets a new password; the old one stops working', async () => {
    const { email, password } = await newCustomer(t);
    await api().post('/api/customer/recover').send({ email });
    const { link } = await latestMail(t, email, 'password-reset');
    expect(link).toMatch(/^http:\/\/shop\.test\/account\/reset\/\d+\/[0-9a-f]{64}$/);
    const page = await api().get(new URL(link).pathname);
    const resetUrl = new URL(page.headers.location, t.config.siteUrl).searchParams.get('resetUrl');
    expect(resetUrl).toBe(link);
    const res = await api().post('/api/customer/reset').send({ resetUrl, password: 'brand-new-petals' });
    expect(res.status).toBe(200);
    const { callback } = await completeSignIn(t.app, t.config.siteUrl, res);
    expect(callback.status).toBe(303);
    expect((await api().post('/api/customer/login').send({ email, password })).status).toBe(401);
    await signIn(t, email, 'brand-new-petals');
  });
});

describe('session', () => {
  test('no session: fetch 401, update 403, addresses and orders 401 with the spec messages', async () => {
    expect((await api().get('/api/customer')).body).toEqual({ isError: true, message: 'Fetch customer no customer access token' });
    const update = await api().put('/api/customer').send({ email: 'a@b.c', acceptsMarketing: false });
    expect(update.status).toBe(403);
    expect(update.body.message).toBe('Forbidden');
    const address = await api().post('/api/customer/addresses').send({});
    expect(address.status).toBe(401);
    expect(address.body.message).toBe('Forbidden—No customer access token.');
    expect((await api().get('/api/customer/orders')).status).toBe(401);
  });

  test('a forged token → 401 "Customer fetch failed." and the cookies are cleared', async () => {
    const res = await api().get('/api/customer').set('Cookie', 'customer_access_token=0123456789abcdef0123456789abcdef; customer_signed_in=1');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ isError: true, message: 'Customer fetch failed.' });
    const cleared = setCookies(res);
    expect(cleared.find((c) => c.startsWith('customer_access_token='))).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(cleared.find((c) => c.startsWith('customer_signed_in='))).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  test('logout clears the cookies, goes to / and the token no longer works upstream', async () => {
    const { jar } = await newCustomer(t);
    const token = jar.values.get('customer_access_token')!;
    const res = await api().post('/api/customer/logout').set('Cookie', jar.header()).send({});
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ redirectTo: '/' });
    jar.take(setCookies(res));
    expect(jar.values.has('customer_access_token')).toBe(false);
    // Even a stolen copy of the old cookie is dead.
    expect((await api().get('/api/customer').set('Cookie', `customer_access_token=${token}`)).status).toBe(401);
  });
});

describe('profile', () => {
  test('update: no email → 400 "Missing required field."; names and phone only when given', async () => {
    const { jar, email } = await newCustomer(t);
    const missing = await api().put('/api/customer').set('Cookie', jar.header()).send({ firstName: 'X', acceptsMarketing: true });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Missing required field.');
    const res = await api()
      .put('/api/customer')
      .set('Cookie', jar.header())
      .send({ email, firstName: 'Marigold', lastName: '', phone: '+12125550123', acceptsMarketing: true });
    expect(res.status).toBe(200);
    // An empty last name is not sent, so the old one stays.
    expect(res.body.data).toMatchObject({ firstName: 'Marigold', lastName: 'Parks', phone: '+12125550123', acceptsMarketing: true });
  });

  test.each([
    ['call me', 'not a number'],
    ['(212) 555-0123 ext. 45', 'an extension'],
    ['212 555 0123 x45', 'an extension written x'],
    ['(２１２) ５５５-０１２３', 'full-width digits'],
    ['٢١٢٥٥٥٠١٢٣', 'Arabic-Indic digits'],
    ['+44 20 7946 0958', 'outside North America'],
  ])('phone %j (%s) → 400 with the phone rule; nothing changes', async (phone) => {
    const { jar, email } = await newCustomer(t);
    const res = await api().put('/api/customer').set('Cookie', jar.header()).send({ email, firstName: 'Changed', phone, acceptsMarketing: true });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ isError: true, message: 'Enter a 10-digit US phone number, e.g. (212) 555-0123.' });
    const me = await api().get('/api/customer').set('Cookie', jar.header());
    expect(me.body.data).toMatchObject({ phone: null, firstName: 'Rosa', acceptsMarketing: false });
  });

  test('a phone as the form shows it, (212) 555-0142, is kept as +12125550142', async () => {
    const { jar, email } = await newCustomer(t);
    const res = await api().put('/api/customer').set('Cookie', jar.header()).send({ email, phone: '(212) 555-0142', acceptsMarketing: false });
    expect(res.status).toBe(200);
    expect(res.body.data.phone).toBe('+12125550142');
  });

  test('a field absent from the body stays as it was: no acceptsMarketing keeps the subscription', async () => {
    const { jar, email } = await newCustomer(t, { acceptsMarketing: true });
    const res = await api().put('/api/customer').set('Cookie', jar.header()).send({ email, firstName: 'Peony' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ firstName: 'Peony', lastName: 'Parks', acceptsMarketing: true });
    const me = await api().get('/api/customer').set('Cookie', jar.header());
    expect(me.body.data.acceptsMarketing).toBe(true);
    // Sent, it is the customer's choice.
    const off = await api().put('/api/customer').set('Cookie', jar.header()).send({ email, acceptsMarketing: false });
    expect(off.body.data.acceptsMarketing).toBe(false);
  });

  test('a too-long email on the profile → 400 "Customer update mutation failed." (spec §8); nothing changes', async () => {
    const { jar, email } = await newCustomer(t);
    const res = await api()
      .put('/api/customer')
      .set('Cookie', jar.header())
      .send({ email: `${'b'.repeat(250)}@example.com`, acceptsMarketing: true });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ isError: true, message: 'Customer update mutation failed.' });
    expect((await api().get('/api/customer').set('Cookie', jar.header())).body.data.email).toBe(email);
  });
});

describe('addresses', () => {
  const HOME = { firstName: 'Rosa', lastName: 'Parks', address1: '12 E 20th St', city: 'New York', province: 'NY', zip: '10003', country: 'US' };
  const WORK = { ...HOME, address1: '200 Park Ave S', zip: '10003' };

  test('add, edit, make default, delete', async () => {
    const { jar } = await newCustomer(t);
    const cookie = jar.header();
    const added = await api().post('/api/customer/addresses').set('Cookie', cookie).send({ address: HOME });
    expect(added.status).toBe(201);
    expect(added.body.data.addresses).toHaveLength(1);
    const second = await api().post('/api/customer/addresses').set('Cookie', cookie).send({ address: WORK, makeDefault: true });
    const [home, work] = second.body.data.addresses as { id: string; address1: string }[];
    expect(second.body.data.defaultAddress.address1).toBe('200 Park Ave S');
    expect(home.id).toMatch(/^[A-Za-z0-9_-]+$/); // no token inside an id the page can read
    const edited = await api()
      .put(`/api/customer/addresses/${home.id}`)
      .set('Cookie', cookie)
      .send({ address: { ...HOME, address2: 'Apt 4' } });
    expect(edited.status).toBe(200);
    expect(edited.body.data.addresses.find((a: { id: string }) => a.id === home.id).address2).toBe('Apt 4');
    const made = await api().put(`/api/customer/addresses/${home.id}/default`).set('Cookie', cookie).send({});
    expect(made.body.data.defaultAddress.id).toBe(home.id);
    const deleted = await api().delete(`/api/customer/addresses/${work.id}`).set('Cookie', cookie).send({});
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.addresses.map((a: { id: string }) => a.id)).toEqual([home.id]);
  });

  test('missing street, city, ZIP or country → 400; nothing is written', async () => {
    const { jar } = await newCustomer(t);
    const res = await api()
      .post('/api/customer/addresses')
      .set('Cookie', jar.header())
      .send({ address: { ...HOME, city: '' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Street address, city, ZIP code and country are required.');
    expect((await api().get('/api/customer').set('Cookie', jar.header())).body.data.addresses).toEqual([]);
  });

  test("another customer's address → 404, and it is left as it was", async () => {
    const owner = await newCustomer(t);
    const other = await newCustomer(t);
    const added = await api().post('/api/customer/addresses').set('Cookie', owner.jar.header()).send({ address: HOME });
    const id = added.body.data.addresses[0].id;
    for (const res of [
      await api().delete(`/api/customer/addresses/${id}`).set('Cookie', other.jar.header()).send({}),
      await api().put(`/api/customer/addresses/${id}`).set('Cookie', other.jar.header()).send({ address: WORK }),
      await api().put(`/api/customer/addresses/${id}/default`).set('Cookie', other.jar.header()).send({}),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('That address is not in your address book.');
    }
    const mine = await api().get('/api/customer').set('Cookie', owner.jar.header());
    expect(mine.body.data.addresses[0]).toMatchObject({ id, address1: '12 E 20th St' });
  });
});

/** Places an order for the signed-in customer: cart → buyer identity → the emulator's checkout. */
async function buyAs(jar: CookieJar): Promise<number> {
  const cartId = await cartWith(t.app, [{ merchandiseId: VARIANTS.bodega, quantity: 1 }]);
  const linked = await api().put('/api/cart/buyer-identity').set('Cookie', jar.header()).send({ cartId });
  expect(linked.status).toBe(200);
  const checkout = new URL(linked.body.data.checkoutUrl);
  const page = await (await fetch(checkout)).text();
  const email = /name="email"[^>]*value="([^"]*)"/.exec(page)?.[1] ?? /value="([^"]*)"[^>]*name="email"/.exec(page)?.[1];
  const form = new URLSearchParams({
    email: email ?? '',
    name: 'Rosa Parks',
    address1: '12 E 20th St',
    address2: '',
    city: 'New York',
    province: 'NY',
    zip: '10003',
  });
  const placed = await fetch(checkout, { method: 'POST', redirect: 'manual', body: form });
  expect(placed.status).toBe(303);
  const orders = (await (
    await fetch(`${t.emulators.connection.storefront.origin}/__emulator/orders`, { headers: { 'x-emulator-token': t.emulators.debugToken } })
  ).json()) as {
    orders: { orderNumber: number }[];
  };
  return orders.orders.at(-1)!.orderNumber;
}

describe('buyer identity and orders', () => {
  test('buyer identity: no session → 401; an unknown cart → 404', async () => {
    const cartId = await cartWith(t.app, []);
    const none = await api().put('/api/cart/buyer-identity').send({ cartId });
    expect(none.status).toBe(401);
    expect(none.body.message).toBe('Forbidden—No customer access token.');
    const { jar } = await newCustomer(t);
    const unknown = await api().put('/api/cart/buyer-identity').set('Cookie', jar.header()).send({ cartId: 'gid://shopify/Cart/nope?key=x' });
    expect(unknown.status).toBe(404);
  });

  test("the checkout is pre-filled with the customer's email; the order is theirs alone", async () => {
    const buyer = await newCustomer(t);
    const other = await newCustomer(t);
    const orderNumber = await buyAs(buyer.jar);

    const list = await api().get('/api/customer/orders').set('Cookie', buyer.jar.header());
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ orderNumber, name: `#${orderNumber}`, total: { amount: expect.any(String), currencyCode: 'USD' } });
    const one = await api().get(`/api/customer/orders/${orderNumber}`).set('Cookie', buyer.jar.header());
    expect(one.status).toBe(200);
    expect(one.body.data.email).toBe(buyer.email);
    // Spec §3 Order customerUrl: the platform's status page of this order.
    const status = await fetch(one.body.data.customerUrl);
    expect(status.status).toBe(200);
    expect(await status.text()).toContain(`#${orderNumber}`);
    expect(one.body.data.lineItems[0]).toMatchObject({ title: 'The Bodega Bunch', quantity: 1 });

    expect((await api().get('/api/customer/orders').set('Cookie', other.jar.header())).body.data).toEqual([]);
    const theirs = await api().get(`/api/customer/orders/${orderNumber}`).set('Cookie', other.jar.header());
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Order not found.');
    const page = await api().get(`/accounts/orders/${orderNumber}`).set('Cookie', other.jar.header());
    expect(page.status).toBe(404);
    expect(page.text).toContain(`Page Not Found: /accounts/orders/${orderNumber}`);
  });
});

describe('account pages', () => {
  test.each(['/accounts/account', '/accounts/addresses', '/accounts/orders', '/accounts/orders/1001'])(
    '%s without a session → redirect to login and back',
    async (path) => {
      const res = await api().get(path);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(`/accounts/login?return=${encodeURIComponent(path)}`);
      expect(res.headers['cache-control']).toBe('private, no-store');
      // The same redirect for a client navigation (payload endpoint), back to the page, not the payload.
      const payloadUrl: Record<string, string> = {
        '/accounts/account': '/__payload/account',
        '/accounts/addresses': '/__payload/addresses',
        '/accounts/orders': '/__payload/orders',
        '/accounts/orders/1001': '/__payload/order?orderNumber=1001',
      };
      const payload = await api().get(payloadUrl[path]);
      expect(payload.status).toBe(204);
      expect(payload.headers['x-route-redirect']).toBe(`/accounts/login?return=${encodeURIComponent(path)}`);
      expect(payload.headers['cache-control']).toBe('private, no-store');
    },
  );

  test('signed in: the pages render privately with the customer; the sign-in page sends them to the account', async () => {
    const { jar, email } = await newCustomer(t, { firstName: 'Camellia' });
    const res = await api().get('/accounts/account').set('Cookie', jar.header());
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.text).toContain(email);
    const login = await api().get('/accounts/login').set('Cookie', jar.header());
    expect(login.status).toBe(302);
    expect(login.headers.location).toBe('/accounts/account');
  });

  test('a stale session on an account page clears the cookies and redirects to login', async () => {
    const res = await api().get('/accounts/orders').set('Cookie', 'customer_access_token=0123456789abcdef0123456789abcdef; customer_signed_in=1');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/accounts/login?return=%2Faccounts%2Forders');
    expect(setCookies(res).find((c) => c.startsWith('customer_access_token='))).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  test('a product page and its payload are the same for a signed-in customer and an anonymous shopper', async () => {
    const { jar, email } = await newCustomer(t, { firstName: 'Zinnia' });
    for (const path of ['/products/bodega-bunch', '/__payload/product?handle=bodega-bunch', '/']) {
      const anonymous = await api().get(path);
      const signedIn = await api().get(path).set('Cookie', jar.header());
      expect(signedIn.status).toBe(200);
      expect(setCookies(signedIn)).toEqual([]);
      expect(signedIn.headers['cache-control']).toMatch(/^public/);
      const strip = (body: string) => body.replace(/"requestId":"[^"]*"/g, '');
      expect(strip(signedIn.text)).toBe(strip(anonymous.text));
      expect(signedIn.text).not.toContain(email);
      expect(signedIn.text).not.toContain('Zinnia');
      expect(signedIn.text).not.toContain(jar.values.get('customer_access_token'));
    }
  });
});

describe('token expiry', () => {
  test('an expired token: the API answers 401 and clears the session; the pages redirect to login', async () => {
    let skewMs = 0;
    const short = await startTestApp({ customerAccessTokenTtlMs: 1500, storefrontNow: () => new Date(Date.now() + skewMs) });
    try {
      const { jar } = await newCustomer(short);
      expect((await request(short.app).get('/api/customer/orders').set('Cookie', jar.header())).status).toBe(200);
      skewMs = 1_600; // the Storefront's clock moves past the token's lifetime
      const res = await request(short.app).get('/api/customer').set('Cookie', jar.header());
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Customer fetch failed.');
      expect(setCookies(res).find((c) => c.startsWith('customer_access_token='))).toMatch(/Expires=Thu, 01 Jan 1970/);
      const page = await request(short.app).get('/accounts/account').set('Cookie', jar.header());
      expect(page.status).toBe(302);
    } finally {
      await short.stop();
    }
  });

  test('a fetch renews the token: its cookie lives on past the first expiry', async () => {
    // The Storefront's clock is moved, not waited for (a busy machine's sign-in round trip takes what it takes).
    let skewMs = 0;
    const short = await startTestApp({ customerAccessTokenTtlMs: 5000, storefrontNow: () => new Date(Date.now() + skewMs) });
    try {
      const { jar } = await newCustomer(short);
      skewMs = 2_500;
      const renewed = await request(short.app).get('/api/customer').set('Cookie', jar.header());
      expect(renewed.status).toBe(200);
      jar.take(setCookies(renewed));
      skewMs = 5_500;
      // 5.5 s after sign-in by the Storefront's clock, beyond the first 5 s lifetime: still signed in thanks to the renewal.
      expect((await request(short.app).get('/api/customer').set('Cookie', jar.header())).status).toBe(200);
      skewMs = 11_000;
      // Unused for more than a lifetime after the last renewing fetch (5.5 s + 5 s): a renewal is a new lifetime, not a forever.
      expect((await request(short.app).get('/api/customer').set('Cookie', jar.header())).status).toBe(401);
    } finally {
      await short.stop();
    }
  });
  test("an account page answered after a sign-out never sets the session cookies again: only the browser's customer fetch renews", async () => {
    const { jar } = await newCustomer(t);
    // A prefetch of an account page, answered after the logout (its cookies reach the browser last).
    const page = await request(t.app).get('/__payload/addresses').set('Cookie', jar.header());
    expect(page.status).toBe(200);
    const logout = await request(t.app).post('/api/customer/logout').set('Origin', t.config.siteUrl).set('Cookie', jar.header()).send({});
    expect(logout.status).toBe(200);
    expect(setCookies(page).filter((c) => /^customer_(access_token|signed_in)=/.test(c))).toEqual([]);
  });
});

describe('rate limits', () => {
  test('sign-in: the 11th failed attempt from one IP in 15 minutes → 429; another IP is not affected', async () => {
    const own = await startTestApp();
    try {
      const attempt = (ip: string) =>
        request(own.app).post('/api/customer/login').set('X-Forwarded-For', ip).send({ email: 'nobody@example.com', password: 'wrong' });
      for (let i = 0; i < 10; i++) expect((await attempt('203.0.113.7')).status).toBe(401);
      const limited = await attempt('203.0.113.7');
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ isError: true, message: 'Too many attempts from your network. Please wait a few minutes and try again.' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await attempt('198.51.100.4')).status).toBe(401);
    } finally {
      await own.stop();
    }
  });

  test('recover: the 6th request from one IP in 15 minutes → 429', async () => {
    const own = await startTestApp();
    try {
      const attempt = () =>
        request(own.app).post('/api/customer/recover').set('X-Forwarded-For', '203.0.113.9').send({ email: 'nobody@example.com' });
      for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(200);
      expect((await attempt()).status).toBe(429);
    } finally {
      await own.stop();
    }
  });
});
