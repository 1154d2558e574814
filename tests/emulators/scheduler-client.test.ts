import path from 'node:path';
import { DEFAULT_SCHEDULER_RULES, startSchedulerEmulator } from '../../emulators/scheduler';
import type { RunningEmulator } from '../../emulators/shared/server';
import { fetchAvailability, shoppingCartFromLines, type FetchAvailabilityOptions } from '../../server/scheduler/client';
import { UpstreamError } from '../../server/upstream/errors';

const CONTENT_DIR = path.join(__dirname, '..', 'fixtures', 'scheduler');

const line = (variantId: string, productId: string, quantity = 1) => ({
  quantity,
  merchandise: { id: variantId, product: { id: productId } },
});
const INSTALLATION = line('gid://shopify/ProductVariant/9002', 'gid://shopify/Product/8002', 2); // tagged lead-time-3-days

let emulator: RunningEmulator;
beforeAll(async () => {
  // Tuesday 17 November 2026, 10:00 New York.
  emulator = await startSchedulerEmulator({ port: 0, contentDir: CONTENT_DIR, now: () => new Date('2026-11-17T15:00:00Z') });
});
afterAll(() => emulator.stop());

const options = (overrides: Partial<FetchAvailabilityOptions> = {}): FetchAvailabilityOptions => ({
  baseUrl: emulator.url,
  shop: DEFAULT_SCHEDULER_RULES.shop,
  locationId: '101',
  type: 'pickup',
  lines: [INSTALLATION],
  timeoutMs: 2000,
  ...overrides,
});

/** The scheduler's UpstreamError a call rejects with (fails the test if it resolves or throws anything else). */
async function failure(call: Promise<unknown>): Promise<UpstreamError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  expect((error as UpstreamError).upstream).toBe('scheduler');
  return error as UpstreamError;
}

describe('shoppingCartFromLines', () => {
  it('sends integer ids taken from the Shopify GIDs, with the quantity', () => {
    expect(shoppingCartFromLines([INSTALLATION])).toEqual([{ variant_id: 9002, product_id: 8002, quantity: 2 }]);
  });

  it('refuses an id that is not a Shopify GID of the right type', async () => {
    const error = await failure(
      Promise.resolve().then(() => shoppingCartFromLines([line('gid://shopify/Product/9002', 'gid://shopify/Product/8002')])),
    );
    expect(error).toMatchObject({ status: 502, message: 'Not a Shopify ProductVariant id: gid://shopify/Product/9002' });
  });
});

describe('fetchAvailability against the emulator', () => {
  it('returns the validated pickup calendar for the cart, product lead time included', async () => {
    await expect(fetchAvailability(options())).resolves.toEqual({
      minDate: '2026-11-20',
      maxDate: '2027-01-16',
      disabled: [2, [2026, 10, 26], [2026, 11, 25], [2027, 0, 1]],
    });
  });

  it('asks the delivery endpoint for delivery', async () => {
    const answer = await fetchAvailability(options({ type: 'delivery', locationId: '201', lines: [] }));
    expect(answer).toEqual({ minDate: '2026-11-17', maxDate: '2027-01-16', disabled: [1, [2026, 10, 26], [2026, 11, 25], [2027, 0, 1]] });
  });

  it('rejects with a 502 naming the HTTP status when the service fails', async () => {
    await fetch(`${emulator.url}/__emulator/fail-next`, { headers: { 'x-emulator-token': emulator.debugToken }, method: 'POST' });
    const error = await failure(fetchAvailability(options()));
    expect(error).toMatchObject({ status: 502, message: 'Scheduler pickup calendar answered HTTP 503' });
    await expect(fetchAvailability(options())).resolves.toHaveProperty('minDate');
  });

  it('rejects with a 502 naming HTTP 404 for a location the service does not know', async () => {
    expect(await failure(fetchAvailability(options({ locationId: '999' })))).toMatchObject({
      status: 502,
      message: 'Scheduler pickup calendar answered HTTP 404',
    });
  });

  it('gives up after timeoutMs when the service hangs', async () => {
    await fetch(`${emulator.url}/__emulator/fail-next`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-emulator-token': emulator.debugToken },
      body: JSON.stringify({ delayMs: 10_000 }),
    });
    const started = Date.now();
    const error = await failure(fetchAvailability(options({ timeoutMs: 150 })));
    expect(error.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('rejects with a 502 when nothing listens', async () => {
    const gone = await startSchedulerEmulator({ port: 0, contentDir: CONTENT_DIR });
    await gone.stop();
    expect((await failure(fetchAvailability(options({ baseUrl: gone.url })))).message).toMatch(/^Scheduler pickup calendar unreachable/);
  });

  it('rejects an answer that is not a calendar with a 502', async () => {
    const fakeFetch = (async () => Response.json({ minDate: '25/11/2026', maxDate: null, disabled: [] })) as typeof fetch;
    expect((await failure(fetchAvailability(options({ fetch: fakeFetch })))).message).toBe(
      'Scheduler pickup calendar answer is not { minDate, maxDate, disabled }',
    );
    const htmlFetch = (async () => new Response('<html>maintenance</html>', { status: 200 })) as typeof fetch;
    expect((await failure(fetchAvailability(options({ fetch: htmlFetch })))).message).toBe('Scheduler pickup calendar sent invalid JSON');
  });
});
