import path from 'node:path';
import { DEFAULT_SCHEDULER_RULES, startSchedulerEmulator } from '../../emulators/scheduler';
import type { RunningEmulator } from '../../emulators/shared/server';
import { fetchAvailability, SchedulerError, shoppingCartFromLines, type FetchAvailabilityOptions } from '../../server/scheduler/client';

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

/** The SchedulerError a call rejects with (fails the test if it resolves or throws anything else). */
async function failure(call: Promise<unknown>): Promise<SchedulerError> {
  const error = await call.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(SchedulerError);
  return error as SchedulerError;
}

describe('shoppingCartFromLines', () => {
  it('sends integer ids taken from the Shopify GIDs, with the quantity', () => {
    expect(shoppingCartFromLines([INSTALLATION])).toEqual([{ variant_id: 9002, product_id: 8002, quantity: 2 }]);
  });

  it('refuses an id that is not a Shopify GID of the right type', async () => {
    const error = await failure(Promise.resolve().then(() => shoppingCartFromLines([line('gid://shopify/Product/9002', 'gid://shopify/Product/8002')])));
    expect(error.kind).toBe('invalid-cart');
  });
});

describe('fetchAvailability against the emulator', () => {
  it('returns the validated pickup calendar for the cart, product lead time included', async () => {
    await expect(fetchAvailability(options())).resolves.toEqual({ minDate: '2026-11-20', maxDate: '2027-01-16', disabled: [2, [2026, 10, 26], [2026, 11, 25], [2027, 0, 1]] });
  });

  it('asks the delivery endpoint for delivery', async () => {
    const answer = await fetchAvailability(options({ type: 'delivery', locationId: '201', lines: [] }));
    expect(answer).toEqual({ minDate: '2026-11-18', maxDate: '2027-01-16', disabled: [1, [2026, 10, 26], [2026, 11, 25], [2027, 0, 1]] });
  });

  it('rejects with an http error carrying the status when the service fails', async () => {
    await fetch(`${emulator.url}/__emulator/fail-next`, { method: 'POST' });
    const error = await failure(fetchAvailability(options()));
    expect(error).toMatchObject({ kind: 'http', status: 503 });
    await expect(fetchAvailability(options())).resolves.toHaveProperty('minDate');
  });

  it('rejects with an http 404 error for a location the service does not know', async () => {
    expect(await failure(fetchAvailability(options({ locationId: '999' })))).toMatchObject({ kind: 'http', status: 404 });
  });

  it('gives up after timeoutMs when the service hangs', async () => {
    await fetch(`${emulator.url}/__emulator/fail-next`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ delayMs: 10_000 }) });
    const started = Date.now();
    const error = await failure(fetchAvailability(options({ timeoutMs: 150 })));
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('rejects with a network error when nothing listens', async () => {
    const gone = await startSchedulerEmulator({ port: 0, contentDir: CONTENT_DIR });
    await gone.stop();
    expect((await failure(fetchAvailability(options({ baseUrl: gone.url })))).kind).toBe('network');
  });

  it('rejects an answer that is not a calendar, as invalid-response', async () => {
    const fakeFetch = (async () => Response.json({ minDate: '25/11/2026', maxDate: null, disabled: [] })) as typeof fetch;
    expect((await failure(fetchAvailability(options({ fetch: fakeFetch })))).kind).toBe('invalid-response');
    const htmlFetch = (async () => new Response('<html>maintenance</html>', { status: 200 })) as typeof fetch;
    expect((await failure(fetchAvailability(options({ fetch: htmlFetch })))).kind).toBe('invalid-response');
  });
});
