/**
 * Shopper journeys in real Chromium against the real app (emulators on free ports, built client
 * bundle), each in a fresh browser context:
 * - two bouquets → delivery calendar as the scheduler answered (closed days greyed and not
 *   selectable) → first open date → gift note → Checkout → the emulator's checkout shows the
 *   attributes → order placed → back in the shop the cart is empty;
 * - shipping offered only over $100 and without a local-delivery-only product;
 * - pickup shows the shop's address, hours and "Select a pickup date";
 * - the drawer keeps keyboard focus, Escape closes it and focus returns to the cart button;
 * - without JavaScript, Add to cart posts the form and lands on /cart with the line.
 */
import { type Locator, type Page } from 'playwright-core';
import { addDays, calendarAvailability, formatDateForDisplay, parseAvailability, type DateKey } from '../../shared/availability';
import { serviceAvailable } from '../support/services';
import { replacedCartFetch, useBrowserSuite, visitHydrated } from './support';

const hasChromium = serviceAvailable('chromium');
const CART_ID_KEY = 'gramercy:cartId';

(hasChromium ? describe : describe.skip)('shopper journeys', () => {
  const suite = useBrowserSuite();
  let page: Page;
  let pageErrors: string[];

  async function openPage(options: { javaScriptEnabled?: boolean } = {}) {
    // Our pages must hydrate and run without errors (the emulator's checkout page is not ours).
    ({ page, pageErrors } = await suite.open({ context: options, expectedConsoleError: replacedCartFetch }));
  }

  const drawer = () => page.getByRole('dialog', { name: 'Cart' });
  const cartButton = (n: number) => page.getByRole('button', { name: `Cart (${n})`, exact: true });

  /** Product page → (size) → Add to cart → the drawer shows the product. */
  async function addToCart(handle: string, title: string, size?: string) {
    await visitHydrated(page, `${suite.base}/products/${handle}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    if (size) {
      await page.getByRole('radio', { name: size }).click();
      await page.waitForURL(/\?variant=\d+$/);
    }
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await drawer().getByText(title).waitFor();
  }

  /** The scheduler's calendar for the browser's cart, as the server's endpoint answers it. */
  async function schedulerAnswer(type: 'delivery' | 'pickup') {
    const body = await page.evaluate(
      async ({ key, type }) => {
        const res = await fetch('/api/availability', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ cartId: localStorage.getItem(key), type }),
        });
        return res.json();
      },
      { key: CART_ID_KEY, type },
    );
    const answer = parseAvailability(body.data);
    if (!answer) throw new Error(`no calendar: ${JSON.stringify(body)}`);
    return calendarAvailability(answer);
  }

  /** Moves the calendar to the month of `day` (or as far as navigation allows); true when shown. */
  async function showMonth(calendar: Locator, day: DateKey): Promise<boolean> {
    for (let i = 0; i < 4; i += 1) {
      if (await calendar.locator(`td[data-day="${day}"]:not([data-outside])`).count()) return true;
      const shown = await calendar.locator('td[data-day]:not([data-outside])').first().getAttribute('data-day');
      const button = calendar.getByRole('button', { name: day < shown! ? /previous month/i : /next month/i });
      if (await button.isDisabled()) return false;
      await button.click();
    }
    return false;
  }

  async function expectClosed(calendar: Locator, day: DateKey) {
    const cell = calendar.locator(`td[data-day="${day}"]:not([data-outside])`);
    await expect(cell.getAttribute('data-disabled')).resolves.toBe('true');
    await expect(cell.getByRole('button').isDisabled()).resolves.toBe(true);
    // Greyed out, as the shopper sees it.
    const opacity = await cell.evaluate((el) => Number(getComputedStyle(el).opacity) * Number(getComputedStyle(el.querySelector('button')!).opacity));
    expect(opacity).toBeLessThan(1);
  }

  test('two bouquets → delivery date → gift note → checkout → order → empty cart', async () => {
    await openPage();
    await addToCart('classic-gramercy-bouquet', 'The Classic Gramercy Bouquet', 'Classic');
    await drawer().getByRole('button', { name: 'Close cart' }).click();
    await addToCart('bodega-bunch', 'The Bodega Bunch');
    await cartButton(2).waitFor();
    const firstCartId = await page.evaluate((key) => localStorage.getItem(key), CART_ID_KEY);

    // Delivery is the default, and Checkout waits for a date.
    await expect(drawer().getByRole('radio', { name: 'Delivery' }).getAttribute('aria-checked')).resolves.toBe('true');
    const checkout = drawer().getByRole('button', { name: 'Checkout' });
    await expect(checkout.isDisabled()).resolves.toBe(true);

    const expected = await schedulerAnswer('delivery');
    await drawer().locator('.rdp-root').waitFor();
    const cal = drawer().locator('.rdp-root');
    await drawer().getByText('Select a delivery date').first().waitFor();

    // A closed weekday inside the range and the day before minDate are greyed and not selectable.
    let closedWeekday = expected.minDate;
    while (!expected.disabledWeekdays.includes(new Date(`${closedWeekday}T12:00:00Z`).getUTCDay())) closedWeekday = addDays(closedWeekday, 1);
    expect(await showMonth(cal, closedWeekday)).toBe(true);
    await expectClosed(cal, closedWeekday);
    const before = addDays(expected.minDate, -1);
    if (await showMonth(cal, before)) await expectClosed(cal, before);
    else await expect(cal.getByRole('button', { name: /previous month/i }).isDisabled()).resolves.toBe(true);

    // Pick the first open day.
    const first = expected.firstSelectableDate!;
    expect(await showMonth(cal, first)).toBe(true);
    await cal.locator(`td[data-day="${first}"] button`).click();
    await drawer().getByText(formatDateForDisplay(first)).waitFor();
    await expect(checkout.isEnabled()).resolves.toBe(true);

    // Gift note with its live counter, and the receiver's email.
    await drawer().getByRole('switch', { name: 'Is this order a gift?' }).check();
    const note = 'Happy birthday, Ada!\nLove, B.';
    await drawer()
      .getByRole('textbox', { name: /message for the card/i })
      .fill(note);
    await drawer().getByText(`${note.length}/500`).waitFor();
    await drawer().getByRole('textbox', { name: 'Receiver email' }).fill('ada@example.com');

    await checkout.click();
    await page.waitForURL((url) => url.href.startsWith(`${suite.base}/__local/storefront/`));
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    const details = await page.locator('dl').first().innerText();
    expect(details).toContain('Delivery-Date');
    expect(details).toContain(first);
    expect(details).toContain('Happy birthday, Ada! Love, B.');
    expect(details).toContain('ada@example.com');

    await page.getByLabel('Email').fill('shopper@example.com');
    await page.getByLabel('Full name').fill('Grace Hopper');
    await page.getByLabel('Address', { exact: true }).fill('1 Gramercy Park');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('State').fill('NY');
    await page.getByLabel('ZIP code').fill('10003');
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.getByRole('heading', { name: 'Thank you, Grace Hopper!' }).waitFor();

    const { url, debugToken } = suite.harness.t.emulators.storefront;
    const { orders } = (await (await fetch(`${url}/__emulator/orders`, { headers: { 'x-emulator-token': debugToken } })).json()) as {
      orders: { email: string; attributes: { key: string; value: string }[]; lines: { title: string; quantity: number }[] }[];
    };
    const order = orders.find((o) => o.email === 'shopper@example.com')!;
    expect(Object.fromEntries(order.attributes.map((a) => [a.key, a.value]))).toMatchObject({
      'Checkout-Method': 'delivery',
      'Delivery-Date': first,
      'Order is a gift?': 'Yes',
      'Order Message': 'Happy birthday, Ada! Love, B.',
      'Receiver Email': 'ada@example.com',
    });
    expect(order.lines.map((l) => l.title).sort()).toEqual(['The Bodega Bunch', 'The Classic Gramercy Bouquet']);

    // Back in the shop, the checked-out cart is forgotten and the cart is empty; a page view makes
    // no new one, the next add does (tests/browser/cart.test.ts).
    expect(firstCartId).not.toBeNull();
    await page.goto(`${suite.base}/`);
    await page.waitForFunction((key) => localStorage.getItem(key) === null, CART_ID_KEY);
    await cartButton(0).waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('shipping is offered only over $100 and without a local-delivery-only product', async () => {
    await openPage();
    await addToCart('bodega-bunch', 'The Bodega Bunch');
    const options = drawer().getByRole('radiogroup');
    await expect(options.getByRole('radio').allInnerTexts()).resolves.toEqual(['Delivery', 'Pickup']);

    // 3 × $45 = $135.
    const plus = drawer().getByRole('button', { name: 'Increase quantity of The Bodega Bunch' });
    await plus.click();
    await cartButton(2).waitFor();
    await plus.click();
    await options.getByRole('radio', { name: 'Shipping' }).click();
    await expect(options.getByRole('radio', { name: 'Shipping' }).getAttribute('aria-checked')).resolves.toBe('true');
    await drawer()
      .getByText(/Ships overnight/)
      .waitFor();
    // Shipping needs no date.
    await expect(drawer().getByRole('button', { name: 'Checkout' }).isEnabled()).resolves.toBe(true);
    await expect(drawer().getByText('Select Date').count()).resolves.toBe(0);

    await addToCart('hudson-valley-hydrangeas', 'Hudson Valley Hydrangeas');
    await expect(options.getByRole('radio').allInnerTexts()).resolves.toEqual(['Delivery', 'Pickup']);
    await expect(options.getByRole('radio', { name: 'Delivery' }).getAttribute('aria-checked')).resolves.toBe('true');
    expect(pageErrors).toEqual([]);
  });

  test('pickup shows the address, the hours and "Select a pickup date"', async () => {
    await openPage();
    await addToCart('bodega-bunch', 'The Bodega Bunch');
    await drawer().getByRole('radio', { name: 'Pickup' }).click();
    await drawer().getByText('142 East 20th Street, New York, NY 10003').waitFor();
    await drawer().getByText('Pickup at the shop daily, 9am to 7pm.').waitFor();
    await drawer().getByText('Select a pickup date').first().waitFor();
    const expected = await schedulerAnswer('pickup');
    const cal = drawer().locator('.rdp-root');
    expect(await showMonth(cal, expected.firstSelectableDate!)).toBe(true);
    await cal.locator(`td[data-day="${expected.firstSelectableDate}"] button`).click();
    await drawer().getByText(formatDateForDisplay(expected.firstSelectableDate!)).waitFor();
    await expect(drawer().getByRole('button', { name: 'Checkout' }).isEnabled()).resolves.toBe(true);
    expect(pageErrors).toEqual([]);
  });

  test('the drawer keeps focus inside, Escape closes it and focus returns to the cart button', async () => {
    await openPage();
    await visitHydrated(page, `${suite.base}/`);
    await cartButton(0).click();
    const close = drawer().getByRole('button', { name: 'Close cart' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Close cart');
    await expect(page.evaluate(() => document.documentElement.classList.contains('scroll-locked'))).resolves.toBe(true);
    // The empty drawer's only control is the close button: Tab and Shift+Tab stay on it.
    await page.keyboard.press('Tab');
    await expect(close.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Shift+Tab');
    await expect(close.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.activeElement?.id === 'cart-button');
    await expect(page.evaluate(() => document.documentElement.classList.contains('scroll-locked'))).resolves.toBe(false);
    expect(pageErrors).toEqual([]);
  });

  test('without JavaScript, Add to cart posts the form and lands on /cart with the line', async () => {
    await openPage({ javaScriptEnabled: false });
    await page.goto(`${suite.base}/products/bodega-bunch`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL(`${suite.base}/cart`);
    await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor();
    const main = page.getByRole('main');
    await main.getByText('The Bodega Bunch').waitFor();
    await main.getByText('Quantity: 1').waitFor();
    const checkoutUrl = await main.getByRole('link', { name: 'Checkout' }).getAttribute('href');
    expect(checkoutUrl?.startsWith(`${suite.base}/__local/storefront/`)).toBe(true);
  });
});
