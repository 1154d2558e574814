/**
 * Customer account journeys in real Chromium against the production shop process, the Storefront
 * emulator (customers, mail inbox, checkout) and the authorization stand-in, each in a fresh
 * context, with the emulators behind the shop's `/__local` proxy as `npm start` runs them: the
 * inbox, checkout and order status pages are on the shop's origin, and the mail's links too.
 * (a) register → signed in through the PKCE round trip → the account shows the name (375 px);
 * (b) address book: add, edit, make default, delete another;
 * (c) signed in, buy through checkout (pre-filled) → the order in the list and its detail page;
 * (d) forgot password → the inbox → the mail's link → new password → signed in → sign in with it;
 * (e) orders without a session → login → back on orders;
 * (f) sign out → `/`, account pages redirect again;
 * (g) the product page's HTML and payload are the same signed in and anonymous;
 * (h) the invited customer: the inbox → the invitation's link → a password → signed in;
 * plus the profile phone's format and the keyboard alone through the sign-in form.
 */
import { type BrowserContext, type Page } from 'playwright-core';
import { serviceAvailable } from '../support/services';
import { replacedCartFetch, useBrowserSuite } from './support';

const hasChromium = serviceAvailable('chromium');

// Each journey is a dozen page loads and redirects; with the other suites running beside it on
// two cores one can take well over jest's default 30 s. A stuck step still fails on its own
// 15 s action timeout (below), naming the step.
jest.setTimeout(120_000);

/** Seeded in content/customers.json (README "The seeded shop"). */
const ADA = { email: 'ada@example.com', password: 'flowers-ada-1815', firstName: 'Ada' };
const GRACE = { email: 'grace@example.com', password: 'flowers-grace-1906', firstName: 'Grace' };
/** Seeded as invited, without a password: her invitation is in the inbox from the start. */
const KATHERINE = { email: 'katherine@example.com', firstName: 'Katherine' };

(hasChromium ? describe : describe.skip)('customer account journeys', () => {
  const suite = useBrowserSuite();
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];

  async function openPage(viewport = { width: 1280, height: 900 }) {
    ({ context, page, pageErrors } = await suite.open({
      context: { viewport },
      timeoutMs: 15_000,
      // A refused sign-in or form is an answer the page shows, not a fault (Chromium logs every 4xx).
      expectedConsoleError: (message) =>
        (/status of 4\d\d/.test(message.text()) && message.location().url.includes('/api/customer/')) || replacedCartFetch(message),
    }));
  }

  const main = () => page.getByRole('main');
  const accountLink = () => page.getByRole('banner').getByRole('link', { name: /account/i });

  async function signInWith(email: string, password: string) {
    await main().getByLabel('Email', { exact: true }).fill(email);
    await main().getByLabel('Password', { exact: true }).fill(password);
    await main().getByRole('button', { name: 'Sign in' }).click();
  }

  /**
   * The newest mail for `to`, opened as a tester would from the local inbox page, and its link
   * followed: the mail's links are the shop's own (`/account/reset/{id}/{token}` → its page).
   */
  async function openMail(to: string, subject: RegExp, pagePath: string) {
    // Through the shop's origin, as the account pages link it (the proxy adds the debug token).
    await page.goto(`${suite.base}/__local/storefront/__emulator/inbox`);
    const message = page.getByRole('article').filter({ hasText: to }).filter({ hasText: subject }).first();
    const link = message.getByRole('link').first();
    expect(new URL((await link.getAttribute('href'))!).origin).toBe(suite.base);
    await link.click();
    await page.waitForURL((url) => url.href.startsWith(`${suite.base}${pagePath}?`));
  }

  test('(a) register → signed in through the PKCE round trip → the account shows the name (375 px)', async () => {
    await openPage({ width: 375, height: 800 });
    const email = `iris${Date.now()}@example.com`;
    await page.goto(`${suite.base}/accounts/register`);
    await main().getByLabel('First name').fill('Iris');
    await main().getByLabel('Last name').fill('Apfel');
    await main().getByLabel('Email', { exact: true }).fill(email);
    await main().getByLabel('Password', { exact: true }).fill('bloom-and-grow');
    await main().getByRole('button', { name: 'Create account' }).click();

    // A new account is active at once (as Shopify's): signed in through the authorization server, on the account page.
    await page.waitForURL(`${suite.base}/accounts/account`);
    await main().getByRole('heading', { level: 1 }).waitFor();
    await expect(main().getByLabel('First name').inputValue()).resolves.toBe('Iris');
    await expect(main().getByLabel('Email', { exact: true }).inputValue()).resolves.toBe(email);
    // The shell's account link is personalised in the browser once the customer has loaded
    // (at this width it may sit in the closed mobile menu).
    await page.getByRole('link', { name: 'Your account, signed in as Iris', includeHidden: true }).first().waitFor({ state: 'attached' });
    // The marketing box was ticked by default on sign-up, and the profile says so.
    await expect(main().getByRole('checkbox', { name: 'Email me about new collections and offers' }).isChecked()).resolves.toBe(true);

    // The session cookie is HttpOnly: the page cannot read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain('customer_access_token');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'customer_access_token')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    // Nothing personal in page-readable storage either.
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toMatch(/token|verifier/i);

    // Sign out and in again with the new account.
    await main().getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${suite.base}/`);
    await page.goto(`${suite.base}/accounts/login`);
    await signInWith(email, 'bloom-and-grow');
    await page.waitForURL(`${suite.base}/accounts/account`);
    expect(pageErrors).toEqual([]);
  });

  test('(b) address book: add, edit, make default, delete another', async () => {
    await openPage();
    await page.goto(`${suite.base}/accounts/addresses`);
    await signInWith(GRACE.email, GRACE.password);
    await page.waitForURL(`${suite.base}/accounts/addresses`);
    const cards = () => main().getByRole('article');
    const before = await cards().count();
    expect(before).toBeGreaterThan(0);

    await main().getByRole('button', { name: 'Add a new address' }).click();
    const form = main().locator('form').last();
    await form.getByLabel('First name').fill('Grace');
    await form.getByLabel('Last name').fill('Hopper');
    await form.getByLabel('Street address').fill('55 Irving Pl');
    await form.getByLabel('City').fill('New York');
    await form.getByLabel('State').fill('NY');
    await form.getByLabel('ZIP code').fill('10003');
    await form.getByLabel('Country').fill('United States');
    await form.getByRole('button', { name: 'Save address' }).click();
    await cards().filter({ hasText: '55 Irving Pl' }).waitFor();
    expect(await cards().count()).toBe(before + 1);

    const added = cards().filter({ hasText: '55 Irving Pl' });
    await added.getByRole('button', { name: 'Edit' }).click();
    await main().getByLabel('Apartment, suite, etc.').fill('Studio 2');
    await main().getByRole('button', { name: 'Save address' }).click();
    await cards().filter({ hasText: 'Studio 2' }).waitFor();

    await cards().filter({ hasText: '55 Irving Pl' }).getByRole('button', { name: 'Set as default' }).click();
    await main()
      .getByRole('article', { name: /^Default address/ })
      .filter({ hasText: '55 Irving Pl' })
      .waitFor();

    // Delete another (the old default), confirming first.
    const other = cards().filter({ hasNotText: '55 Irving Pl' }).first();
    const otherText = (await other.innerText()).split('\n').find((line) => /\d/.test(line))!;
    await other.getByRole('button', { name: 'Delete' }).click();
    await main().getByRole('group', { name: 'Confirm deletion' }).getByRole('button', { name: 'Delete' }).click();
    await cards().filter({ hasText: otherText }).waitFor({ state: 'detached' });

    // It sticks: a reload shows the same book.
    await page.reload();
    await main()
      .getByRole('article', { name: /^Default address/ })
      .filter({ hasText: '55 Irving Pl' })
      .waitFor();
    expect(await cards().filter({ hasText: otherText }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  test('(c) signed in, a bouquet bought through checkout appears in the orders and its detail page', async () => {
    await openPage();
    await page.goto(`${suite.base}/accounts/login`);
    await signInWith(ADA.email, ADA.password);
    await page.waitForURL(`${suite.base}/accounts/account`);

    // $125 and shippable: shipping needs no date.
    await page.goto(`${suite.base}/products/classic-gramercy-bouquet`);
    await page.getByRole('radio', { name: 'Classic' }).click();
    await page.waitForURL(/\?variant=\d+$/);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await drawer.getByText('The Classic Gramercy Bouquet').waitFor();
    await drawer.getByRole('radio', { name: 'Shipping' }).click();
    await drawer.getByRole('button', { name: 'Checkout' }).click();
    // The platform's checkout, through the shop's /__local proxy as under `npm start`.
    await page.waitForURL((url) => url.href.startsWith(`${suite.base}/__local/storefront/`));

    // The checkout knows the customer: email and default address are filled in.
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(ADA.email);
    await expect(page.getByLabel('Address', { exact: true }).inputValue()).resolves.not.toBe('');
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.getByRole('heading', { name: /Thank you/ }).waitFor();
    const { url, debugToken } = suite.harness.t.emulators.storefront;
    const { orders } = (await (await fetch(`${url}/__emulator/orders`, { headers: { 'x-emulator-token': debugToken } })).json()) as {
      orders: { orderNumber: number; email: string }[];
    };
    const placed = orders.filter((o) => o.email === ADA.email).at(-1)!;

    await page.goto(`${suite.base}/accounts/orders`);
    const row = main()
      .getByRole('row')
      .filter({ hasText: `#${placed.orderNumber}` });
    await row.waitFor();
    // $125.00 and New York's 8.875 % sales tax ($11.09) for Ada's New York address.
    await expect(row.innerText()).resolves.toMatch(/\$136\.09/);
    // By keyboard, as a screen reader user would follow it.
    await row.getByRole('link', { name: new RegExp(`Order #${placed.orderNumber}`) }).press('Enter');
    await page.waitForURL(`${suite.base}/accounts/orders/${placed.orderNumber}`);
    await main().getByText('The Classic Gramercy Bouquet').waitFor();
    await main().getByText('Classic', { exact: true }).first().waitFor();
    // Spec §3 Order: the email it was placed with and the link to its status page.
    await main().getByRole('definition').filter({ hasText: ADA.email }).waitFor();
    await main()
      .getByRole('link', { name: `Order status page for order #${placed.orderNumber}` })
      .click();
    await page.getByRole('heading', { name: /Thank you/ }).waitFor();
    await page.getByText(`#${placed.orderNumber}`).first().waitFor();
    await page.goBack();

    expect(pageErrors).toEqual([]);

    // Another customer's order number is not found.
    const response = await page.goto(`${suite.base}/accounts/orders/1002`);
    expect(response?.status()).toBe(404);
    await page.getByText('Page Not Found: /accounts/orders/1002').waitFor();
  });

  test('(d) forgot password → mail → reset → sign in with the new password', async () => {
    await openPage();
    await page.goto(`${suite.base}/accounts/forgot-password`);
    await main().getByLabel('Email', { exact: true }).fill(GRACE.email);
    await main().getByRole('button', { name: 'Send reset link' }).click();
    await main()
      .getByText(/we have sent it a link/i)
      .waitFor();

    await openMail(GRACE.email, /password reset/i, '/accounts/reset-password');
    await main().getByLabel('New password').fill('new-tulips-2026');
    await main().getByLabel('Repeat the password').fill('new-tulips-2026');
    await main().getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL(`${suite.base}/accounts/account`);

    await main().getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${suite.base}/`);
    await page.goto(`${suite.base}/accounts/login`);
    await signInWith(GRACE.email, GRACE.password);
    await main().getByRole('alert').filter({ hasText: 'Unidentified customer' }).waitFor();
    await signInWith(GRACE.email, 'new-tulips-2026');
    await page.waitForURL(`${suite.base}/accounts/account`);
    expect(pageErrors).toEqual([]);
  });

  test('the profile phone is the shop format: shown and typed as (xxx) xxx-xxxx, saved as the same number', async () => {
    await openPage();
    await page.goto(`${suite.base}/accounts/login`);
    await signInWith(ADA.email, ADA.password);
    await page.waitForURL(`${suite.base}/accounts/account`);
    const phone = main().getByLabel(/^Phone/);
    // Seeded as +12125550181: shown as the shop shows phones, on the server's page and after hydration.
    await expect(phone.inputValue()).resolves.toBe('(212) 555-0181');
    await phone.fill('');
    await phone.pressSequentially('6465550199');
    // The formatter is a chunk fetched on focus: what was typed before it arrived is formatted when it does.
    await page
      .waitForFunction((el) => (el as HTMLInputElement).value === '(646) 555-0199', await phone.elementHandle(), { timeout: 5_000 })
      .catch(() => undefined);
    await expect(phone.inputValue()).resolves.toBe('(646) 555-0199');
    await main().getByRole('button', { name: 'Save changes' }).click();
    await main().getByText('Your details have been saved.').waitFor();
    await page.reload();
    await expect(
      main()
        .getByLabel(/^Phone/)
        .inputValue(),
    ).resolves.toBe('(646) 555-0199');
    // Her other details did not change with it.
    await expect(main().getByRole('checkbox', { name: 'Email me about new collections and offers' }).isChecked()).resolves.toBe(true);
    // A number that is not North American is refused in the browser with the server's message.
    await main()
      .getByLabel(/^Phone/)
      .fill('123');
    await main().getByRole('button', { name: 'Save changes' }).click();
    await main().getByRole('alert').filter({ hasText: 'Enter a 10-digit US phone number, e.g. (212) 555-0123.' }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('(h) the invited customer: inbox → the invitation link → a password → signed in on the account page', async () => {
    await openPage();
    // Not activated: no password opens the account yet.
    await page.goto(`${suite.base}/accounts/login`);
    await signInWith(KATHERINE.email, 'guessing-1');
    await main().getByRole('alert').filter({ hasText: 'Unidentified customer' }).waitFor();

    await openMail(KATHERINE.email, /account activation/i, '/accounts/activate');
    await main().getByRole('heading', { name: 'Activate your account' }).waitFor();
    await main().getByLabel('New password').fill('orbit-1962');
    await main().getByLabel('Repeat the password').fill('orbit-1962');
    await main().getByRole('button', { name: 'Activate account' }).click();
    await page.waitForURL(`${suite.base}/accounts/account`);
    await expect(main().getByLabel('First name').inputValue()).resolves.toBe(KATHERINE.firstName);
    await accountLink()
      .filter({ hasText: /katherine/i })
      .waitFor();

    // The link worked once; the password is hers from now on.
    await main().getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${suite.base}/`);
    await page.goto(`${suite.base}/accounts/login`);
    await signInWith(KATHERINE.email, 'orbit-1962');
    await page.waitForURL(`${suite.base}/accounts/account`);
    expect(pageErrors).toEqual([]);
  });

  test('(e) orders without a session → login → back on orders', async () => {
    await openPage();
    const response = await page.goto(`${suite.base}/accounts/orders`);
    expect(new URL(page.url()).pathname).toBe('/accounts/login');
    expect(new URL(page.url()).searchParams.get('return')).toBe('/accounts/orders');
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await signInWith(ADA.email, ADA.password);
    await page.waitForURL(`${suite.base}/accounts/orders`);
    await main().getByRole('row').filter({ hasText: '#1001' }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('(f) sign out → home; the account pages redirect again, in the browser and on reload', async () => {
    await openPage();
    await page.goto(`${suite.base}/accounts/login`);
    await signInWith(ADA.email, ADA.password);
    await page.waitForURL(`${suite.base}/accounts/account`);
    await main().getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${suite.base}/`);
    await expect(accountLink().innerText()).resolves.not.toMatch(/ada/i);
    expect((await context.cookies()).some((c) => c.name === 'customer_access_token')).toBe(false);

    // Client navigation (payload endpoint) and a full load both end on the login page.
    await accountLink().click();
    await page.waitForURL(/\/accounts\/login\?return=%2Faccounts%2Faccount$/);
    await page.goto(`${suite.base}/accounts/addresses`);
    await page.waitForURL(/\/accounts\/login\?return=%2Faccounts%2Faddresses$/);
    expect(pageErrors).toEqual([]);
  });

  test('(g) the product page is the same signed in and anonymous: no name, email or token', async () => {
    await openPage();
    const anonymous = await (await fetch(`${suite.base}/products/bodega-bunch`)).text();
    const anonymousPayload = await (await fetch(`${suite.base}/__payload/product?handle=bodega-bunch`)).text();
    await page.goto(`${suite.base}/accounts/login`);
    await signInWith(ADA.email, ADA.password);
    await page.waitForURL(`${suite.base}/accounts/account`);
    const asAda = await page.evaluate(async () => {
      const html = await (await fetch('/products/bodega-bunch')).text();
      const payload = await (await fetch('/__payload/product?handle=bodega-bunch')).text();
      return { html, payload };
    });
    expect(asAda.html).toBe(anonymous);
    expect(asAda.payload).toBe(anonymousPayload);
    const token = (await context.cookies()).find((c) => c.name === 'customer_access_token')!.value;
    for (const text of [asAda.html, asAda.payload]) {
      expect(text).not.toContain(ADA.email);
      expect(text).not.toContain('Lovelace');
      expect(text).not.toContain(token);
    }
    // The header is personalised in the browser only.
    await page.goto(`${suite.base}/products/bodega-bunch`);
    await accountLink().filter({ hasText: /ada/i }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('sign-in by keyboard alone, with the error announced and focus on it', async () => {
    await openPage();
    // Where a failed authorization round trip lands: told, not signed in.
    await page.goto(`${suite.base}/accounts/login?error=authorization`);
    await main().getByRole('alert').filter({ hasText: 'We could not finish signing you in. Please sign in again.' }).waitFor();

    await page.goto(`${suite.base}/accounts/login`);
    // An email too long to be anyone's is not "missing": spec §8's sign-in failure, as the server says.
    await main()
      .getByLabel('Email', { exact: true })
      .fill(`${'a'.repeat(250)}@example.com`);
    await main().getByLabel('Password', { exact: true }).fill('secret');
    await main().getByLabel('Password', { exact: true }).press('Enter');
    await main().getByRole('alert').filter({ hasText: 'Customer access token create failed.' }).waitFor();
    await main().getByLabel('Email', { exact: true }).fill('');
    await main().getByLabel('Password', { exact: true }).fill('');
    await main().getByLabel('Email', { exact: true }).focus();
    await page.keyboard.type(ADA.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('wrong-password');
    await page.keyboard.press('Enter');
    const alert = main().getByRole('alert').filter({ hasText: 'Unidentified customer' });
    await alert.waitFor();
    await main().getByLabel('Password', { exact: true }).fill(ADA.password);
    await main().getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL(`${suite.base}/accounts/account`);
    expect(pageErrors).toEqual([]);
  });
});
