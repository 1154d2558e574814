/**
 * `GET /metrics` (ADR-0018; server/routes/metrics.ts, server/metrics): not there without
 * METRICS_TOKEN, 401 without the bearer token, never cacheable; and the series an operator
 * alerts on move with what really happened — a request by its route pattern, a rate-limit
 * rejection, upstream calls and an upstream that is down, the page cache's hits, the outbox, and
 * the circuit state the breaker sets.
 */
import request from 'supertest';
import { setCircuitState } from '../../server/metrics/registry';
import { startTestApp, type TestApp } from '../support/app';

const TOKEN = 'metrics-token-0123456789abcdef0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    env: { METRICS_TOKEN: TOKEN, PAGE_CACHE: 'on' },
    rateLimits: { cartCreate: { limit: 1, windowMs: 60_000 } },
  });
});
afterAll(() => t?.stop());

const scrape = async () => {
  const res = await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  return res.text;
};

/** The value of one series (`name{labels}` exactly as exposed), 0 when absent. */
function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

test('without METRICS_TOKEN configured the endpoint does not exist', async () => {
  const bare = await startTestApp();
  try {
    const res = await request(bare.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('http_request_duration_seconds');
  } finally {
    await bare.stop();
  }
});

test('401 without the bearer token or with a wrong one; with it, Prometheus text, no-store', async () => {
  for (const auth of [undefined, 'Bearer wrong', TOKEN, `Basic ${TOKEN}`]) {
    const req = request(t.app).get('/metrics');
    const res = await (auth ? req.set('Authorization', auth) : req);
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).not.toContain('http_request_duration_seconds');
  }
  const res = await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.text).toContain('# TYPE outbox_messages gauge');
  expect(res.text).toMatch(/^outbox_messages\{state="pending"\} \d+$/m);
});

test('a request is timed under its route pattern, never its raw URL', async () => {
  const series = 'http_request_duration_seconds_count{method="GET",route="/api/cart",status_code="400"}';
  const before = value(await scrape(), series);
  expect((await request(t.app).get('/api/cart').query({ id: 'not-a-cart-secret-value' })).status).toBe(400);
  const after = await scrape();
  expect(value(after, series)).toBe(before + 1);
  expect(after).not.toContain('not-a-cart-secret-value');
  // A page, by its client route id.
  expect((await request(t.app).get('/journal')).status).toBe(200);
  const text = await scrape();
  expect(value(text, 'http_request_duration_seconds_count{method="GET",route="page:journal",status_code="200"}')).toBeGreaterThan(0);
  // Its content came from the content lake (the Sanity client, over node:http).
  expect(value(text, 'upstream_request_duration_seconds_count{upstream="content",outcome="2xx"}')).toBeGreaterThan(0);
});

test('a rate-limit rejection is counted under its tier; the cart call it made is timed per upstream', async () => {
  const rejections = 'rate_limit_rejections_total{tier="cartCreate"}';
  const storefrontOk = 'upstream_request_duration_seconds_count{upstream="storefront",outcome="2xx"}';
  const before = await scrape();
  expect((await request(t.app).post('/api/cart').set('X-Forwarded-For', '192.0.2.90').send({})).status).toBe(201);
  expect((await request(t.app).post('/api/cart').set('X-Forwarded-For', '192.0.2.90').send({})).status).toBe(429);
  const after = await scrape();
  expect(value(after, rejections)).toBe(value(before, rejections) + 1);
  expect(value(after, storefrontOk)).toBeGreaterThan(value(before, storefrontOk));
});

test('page cache hits and misses are counted', async () => {
  const before = await scrape();
  expect((await request(t.app).get('/works')).headers['x-page-cache']).toBe('MISS');
  await t.app.locals.pageCache?.whenIdle();
  expect((await request(t.app).get('/works')).headers['x-page-cache']).toBe('HIT');
  const after = await scrape();
  for (const result of ['miss', 'hit']) {
    const series = `page_cache_requests_total{result="${result}"}`;
    expect(value(after, series)).toBe(value(before, series) + 1);
  }
});

test('the circuit state the breaker reports is exposed as 0 / 1 / 2', async () => {
  setCircuitState('storefront', 'open');
  expect(value(await scrape(), 'upstream_circuit_state{upstream="storefront"}')).toBe(2);
  setCircuitState('storefront', 'half-open');
  expect(value(await scrape(), 'upstream_circuit_state{upstream="storefront"}')).toBe(1);
  setCircuitState('storefront', 'closed');
  expect(value(await scrape(), 'upstream_circuit_state{upstream="storefront"}')).toBe(0);
});

test('an upstream that is down shows as errors of that upstream', async () => {
  const down = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
  try {
    const series = 'upstream_errors_total{upstream="storefront",kind="network"}';
    const before = value(await scrape(), series);
    await down.emulators.storefront.stop();
    expect((await request(down.app).post('/api/cart').send({})).status).toBe(502);
    expect(value(await scrape(), series)).toBeGreaterThan(before);
  } finally {
    await down.stop();
  }
});
