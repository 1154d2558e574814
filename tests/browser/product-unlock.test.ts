/**
 * The password-protected product in real Chromium (spec §3 product card password): a wrong password shows the
 * inline message on the field; the right one unlocks the page without a reload and Add to cart
 * puts it in the cart drawer. Also without JavaScript: the real form post, 303 back, and the
 * no-JS add to cart lands on /cart with the product.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { serviceAvailable } from '../support/services';
import { useBrowserSuite } from './support';

const hasChromium = serviceAvailable('chromium');
jest.setTimeout(120_000);

const PRODUCT = '/products/the-private-garden';
const TITLE = 'The Private Garden';
const PASSWORD = 'gramercy-members';

(hasChromium ? describe : describe.skip)('unlocking the password-protected product', () => {
  const suite = useBrowserSuite();
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];

  async function openPage(options: { javaScriptEnabled?: boolean } = {}) {
    ({ context, page, pageErrors } = await suite.open({
      context: options,
      timeoutMs: 15_000,
      // A wrong password's 422 is the answer the form shows, not a fault of the page.
      expectedConsoleError: (message) => /status of 422/.test(message.text()) && message.location().url.endsWith(`${PRODUCT}/unlock`),
    }));
  }

  const form = () => page.getByRole('form', { name: 'This product is password protected.' });

  test('wrong password → inline error; right password → unlocked, Add to cart → the drawer', async () => {
    await openPage();
    // networkidle: the bundle has loaded and hydrated, so the submit goes by fetch.
    await page.goto(`${suite.base}${PRODUCT}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    expect(await page.getByRole('button', { name: 'Add to cart' }).count()).toBe(0);

    const field = form().getByLabel('Password');
    await field.fill('not-the-password');
    await form().getByRole('button', { name: 'Unlock' }).click();
    await form().getByRole('alert').filter({ hasText: 'That password is not right.' }).waitFor();
    await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
    // Still here: the JavaScript path answered inline, no navigation to the no-JS page.
    expect(new URL(page.url()).pathname).toBe(PRODUCT);

    await field.fill(PASSWORD);
    await form().getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await drawer.getByText(TITLE).waitFor();
    expect((await context.cookies()).find((c) => c.name === 'unlock_the-private-garden')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(pageErrors).toEqual([]);
  });

  test('without JavaScript: the form post unlocks (303 back) and the no-JS add to cart works', async () => {
    await openPage({ javaScriptEnabled: false });
    await page.goto(`${suite.base}${PRODUCT}`);
    await form().getByLabel('Password').fill('wrong');
    await form().getByRole('button', { name: 'Unlock' }).click();
    await page.getByText('That password is not right.').waitFor();

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.waitForURL(`${suite.base}${PRODUCT}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL(`${suite.base}/cart`);
    await page.getByRole('main').getByText(TITLE).first().waitFor();
  });
});
