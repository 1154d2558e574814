/**
 * The request deadline (server/http/deadline.ts; docs/architecture.md §8 "Faults"): with an
 * upstream hanging (the emulators' `hang` fault: the request is held open, never answered), a
 * page, its payload and a JSON API answer end at the deadline with 504 and the error page (or
 * the API's message), not after the clients' timeouts times their retries; a stale cached page,
 * or stale cached data, is served instead when there is one. The real app over the emulators'
 * HTTP, a short deadline (REQUEST_DEADLINE_MS=3000) except in the one test of the default.
 */
import request from 'supertest';
import { ERROR_TEXT } from '../../client/components/ErrorPage';
import { MemoryCache } from '../../server/cache';
import { FRESH_MS } from '../../server/loaders/upstream-data';
import { setFault } from '../support/faults';
import { cartWith, VARIANTS } from '../support/cart';
import { startTestApp, type TestApp } from '../support/app';

const DEADLINE_MS = 3000;
/** What an answer may take past the deadline: the render, the event loop of a loaded CI machine. */
const SLACK_MS = 1000;

/** The answer to `send()` and how long it took, in ms. */
async function timed<T>(send: () => PromiseLike<T>): Promise<{ res: T; ms: number }> {
  const started = performance.now();
  const res = await send();
  return { res, ms: performance.now() - started };
}

describe('with a short deadline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { REQUEST_DEADLINE_MS: String(DEADLINE_MS) },
      // The circuits stay closed: every test here sees the hang itself, not an open circuit's 503.
      circuits: { failureThreshold: 1000 },
    });
    // The shell's settings and the header's prices are in the data cache, as on a running shop.
    expect((await request(t.app).get('/__payload/root')).body.isError).toBe(false);
  });
  afterAll(() => t?.stop());
  afterEach(async () => {
    await setFault(t.emulators.content, { mode: 'none' });
    await setFault(t.emulators.storefront, { mode: 'none' });
    await setFault(t.emulators.scheduler, { mode: 'none' });
  });

  test('content lake hanging: a page answers the error page with 504 by the deadline', async () => {
    await setFault(t.emulators.content, { mode: 'hang' });
    const { res, ms } = await timed(() => request(t.app).get('/journal/caring-for-orchids'));
    expect(res.status).toBe(504);
    expect(res.text).toContain(ERROR_TEXT);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(ms).toBeGreaterThanOrEqual(DEADLINE_MS - 100);
    expect(ms).toBeLessThan(DEADLINE_MS + SLACK_MS);
  });

  test('content lake hanging: the payload answers { status: 504 } by the deadline', async () => {
    await setFault(t.emulators.content, { mode: 'hang' });
    const { res, ms } = await timed(() => request(t.app).get('/__payload/work?slug=winter-supper-club'));
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ status: 504, message: ERROR_TEXT });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(ms).toBeLessThan(DEADLINE_MS + SLACK_MS);
  });

  test('Storefront API hanging: a product page answers 504 by the deadline', async () => {
    await setFault(t.emulators.storefront, { mode: 'hang' });
    const { res, ms } = await timed(() => request(t.app).get('/products/weekly-flower-subscription'));
    expect(res.status).toBe(504);
    expect(res.text).toContain(ERROR_TEXT);
    expect(ms).toBeLessThan(DEADLINE_MS + SLACK_MS);
  });

  test('Storefront API hanging: the cart API answers 504 with its message by the deadline', async () => {
    await setFault(t.emulators.storefront, { mode: 'hang' });
    const { res, ms } = await timed(() => request(t.app).post('/api/cart').send({}));
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ isError: true, message: 'Cart creation was unsuccessful.' });
    expect(ms).toBeLessThan(DEADLINE_MS + SLACK_MS);
  });

  test('scheduler hanging: the calendar answers 504 "Dates are unavailable right now." by the deadline', async () => {
    const cartId = await cartWith(t.app, [{ merchandiseId: VARIANTS.classicPetite, quantity: 4 }]);
    await setFault(t.emulators.scheduler, { mode: 'hang' });
    const { res, ms } = await timed(() => request(t.app).post('/api/availability').send({ cartId, type: 'delivery' }));
    expect([res.status, res.body]).toEqual([504, { isError: true, message: 'Dates are unavailable right now.' }]);
    // SCHEDULER_TIMEOUT_MS is 5 s: the deadline cut the call first.
    expect(ms).toBeLessThan(DEADLINE_MS + SLACK_MS);
  });

  test('once the upstream answers again, so does the page', async () => {
    await setFault(t.emulators.content, { mode: 'hang', count: 1 });
    expect((await request(t.app).get('/journal/how-to-make-tulips-last')).status).toBe(504);
    const res = await request(t.app).get('/journal/how-to-make-tulips-last');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/tulips/i);
  });
});

test('stale cached data: with the content lake hanging, a page read a minute ago still renders at once', async () => {
  let now = Date.now();
  const t = await startTestApp({ env: { REQUEST_DEADLINE_MS: String(DEADLINE_MS) }, cache: (log) => new MemoryCache(log, { now: () => now }) });
  try {
    expect((await request(t.app).get('/journal/dressing-the-spring-window')).status).toBe(200);
    now += FRESH_MS + 1000;
    await setFault(t.emulators.content, { mode: 'hang' });
    const { res, ms } = await timed(() => request(t.app).get('/journal/dressing-the-spring-window'));
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/spring window/i);
    expect(ms).toBeLessThan(DEADLINE_MS);
    // The refresh it started in the background gave up at the deadline too.
    await t.cache.whenIdle();
  } finally {
    await setFault(t.emulators.content, { mode: 'none' });
    await t.stop();
  }
});

test('stale cached page: with the content lake hanging, the page cache serves its copy at once', async () => {
  let now = Date.now();
  const t = await startTestApp({
    env: { REQUEST_DEADLINE_MS: String(DEADLINE_MS), PAGE_CACHE: 'on' },
    pageCache: { now: () => now },
    cache: (log) => new MemoryCache(log, { now: () => now }),
  });
  try {
    const first = await request(t.app).get('/works');
    expect(first.status).toBe(200);
    await t.app.locals.pageCache!.whenIdle();
    now += FRESH_MS + 1000;
    await setFault(t.emulators.content, { mode: 'hang' });
    const { res, ms } = await timed(() => request(t.app).get('/works'));
    expect(res.status).toBe(200);
    expect(res.headers['x-page-cache']).toBe('STALE');
    expect(res.text).toBe(first.text);
    expect(ms).toBeLessThan(DEADLINE_MS);
    // The background work it started (the page's re-render, the data refreshes behind it) ends by
    // the deadline at the latest.
    await t.app.locals.pageCache!.whenIdle();
    await t.cache.whenIdle();
  } finally {
    await setFault(t.emulators.content, { mode: 'none' });
    await t.stop();
  }
});

test('the default deadline is at most 8 s: a hung content lake gives the 504 error page by then', async () => {
  const t = await startTestApp({ circuits: { failureThreshold: 1000 } });
  try {
    expect(t.config.requestDeadlineMs).toBeLessThanOrEqual(8000);
    expect((await request(t.app).get('/__payload/root')).body.isError).toBe(false);
    await setFault(t.emulators.content, { mode: 'hang' });
    const { res, ms } = await timed(() => request(t.app).get('/journal/a-morning-at-the-flower-district'));
    expect(res.status).toBe(504);
    expect(res.text).toContain(ERROR_TEXT);
    expect(ms).toBeLessThan(8000 + SLACK_MS);
  } finally {
    await setFault(t.emulators.content, { mode: 'none' });
    await t.stop();
  }
}, 20_000);
