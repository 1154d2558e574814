/**
 * Degrade, don't fail (docs/architecture.md §8 "Faults"): with the Storefront
 * emulator stopped, the content pages and the header still render (no prices, a note where the
 * cart button is, never cached); the product page answers the error page with 503 once the
 * storefront circuit is open, without calling the API; `/readyz` reports that circuit from what
 * the shop's own calls saw and calls no upstream itself.
 *
 * The outage is real: the emulator is stopped. To count what still reaches the Storefront API,
 * a bare HTTP listener then takes the emulator's port and answers every request 503.
 */
import { createServer, type Server } from 'node:http';
import request from 'supertest';
import { SHOP_UNAVAILABLE_NOTE } from '../../shared/route-data';
import type { CircuitStateName } from '../../server/upstream/circuit';
import { startTestApp, type TestApp } from '../support/app';

let t: TestApp;
/** METRICS_TOKEN: `/readyz` shows its detail (the circuit, the last outcome) only with it. */
const OPERATOR = 'degrade-operator-token-0123456789';
const transitions: Array<[string, CircuitStateName]> = [];

beforeAll(async () => {
  t = await startTestApp({
    env: { METRICS_TOKEN: OPERATOR },
    // A long cool-down: the circuit stays open for the whole file once it opened.
    circuits: { failureThreshold: 3, halfOpenAfterMs: 10 * 60_000, onStateChange: (upstream, state) => transitions.push([upstream, state]) },
  });
  await t.emulators.storefront.stop();
});
afterAll(() => t.stop());

/** Listens on the stopped Storefront emulator's port and counts the requests that reach it. */
async function countingStandIn(port: number): Promise<{ server: Server; hits: () => number }> {
  let hits = 0;
  const server = createServer((_req, res) => {
    hits++;
    res.writeHead(503, { 'content-type': 'text/plain' }).end('down');
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  return { server, hits: () => hits };
}

test.each(['/journal', '/works', '/pages/contact', '/about', '/journal/peony-season-is-here', '/'])(
  '%s renders 200 without the Storefront API: header note instead of the cart button, not cacheable',
  async (path) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBe(200);
    expect(res.text).toContain(SHOP_UNAVAILABLE_NOTE);
    expect(res.text).not.toContain('class="cart-button"');
    expect(res.headers['cache-control']).toBe('no-store');
  },
);

test('the root payload says the shop is unavailable and is not cacheable', async () => {
  const res = await request(t.app).get('/__payload/root');
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ isError: false, shopUnavailable: true });
  expect(res.headers['cache-control']).toBe('no-store');
});

describe('with the storefront circuit open', () => {
  let standIn: Awaited<ReturnType<typeof countingStandIn>>;
  beforeAll(async () => {
    standIn = await countingStandIn(t.emulators.storefront.port);
  });
  afterAll(() => new Promise<void>((resolve) => standIn.server.close(() => resolve())));

  test('the pages above opened it (consecutive failures), and said so through onStateChange', () => {
    expect(t.app.locals.circuits.state('storefront')).toBe('open');
    expect(transitions).toContainEqual(['storefront', 'open']);
    expect(t.app.locals.circuits.state('content')).toBe('closed');
  });

  test('a product page answers the error page with 503 and never reaches the API', async () => {
    const res = await request(t.app).get('/products/classic-gramercy-bouquet');
    expect(res.status).toBe(503);
    expect(res.text).toContain('Whoops something went wrong on our end. Please refresh the page and try again.');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(standIn.hits()).toBe(0);
  });

  test('/readyz reports the open circuit as last observed and makes no upstream call', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await request(t.app).get('/readyz').set('Authorization', `Bearer ${OPERATOR}`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.status).toBe('degraded');
      expect(res.body.checks).toEqual({ storefront: 'down', content: 'ok' });
      expect(res.body.upstreams.storefront).toMatchObject({ state: 'open', lastSuccessAt: null, lastError: expect.stringMatching(/^storefront/) });
    }
    expect(standIn.hits()).toBe(0);
  });
});
