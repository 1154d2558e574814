/**
 * One retry of idempotent fetches (client/runtime/fetch-retry.ts; spec §7 "Fetch retries once
 * for idempotent requests on 408, 409, 425, 429, 500, 502, 503, 504. Write methods do not
 * retry"), against a real local HTTP server that answers from a script.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchWithRetry, retryAfterMs, RETRYABLE_STATUSES } from '../../client/runtime/fetch-retry';

type Answer = { status: number; headers?: Record<string, string> } | 'drop';

let server: Server;
let base: string;
let script: Answer[] = [];
let seen: { method: string; at: number }[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    seen.push({ method: req.method ?? '', at: Date.now() });
    req.resume();
    const answer = script.shift() ?? { status: 200 };
    // A dropped connection: fetch rejects (a network error).
    if (answer === 'drop') return void req.socket.destroy();
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(JSON.stringify({ status: answer.status }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  script = [];
  seen = [];
});

/** Fast retries for the suite (the production wait is FETCH_RETRY_DELAY_MS). */
const fast = { delayMs: 10 };

test('the retryable statuses are exactly spec §7’s', () => {
  expect([...RETRYABLE_STATUSES].sort()).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
});

test.each([408, 409, 425, 429, 500, 502, 503, 504])('GET answered %i, then 200: retried once, the 200 is the answer', async (status) => {
  script = [{ status }, { status: 200 }];
  const res = await fetchWithRetry(`${base}/x`, {}, fast);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ status: 200 });
  expect(seen.map((s) => s.method)).toEqual(['GET', 'GET']);
});

test('only once: 503 twice answers the second 503', async () => {
  script = [{ status: 503 }, { status: 503 }, { status: 200 }];
  const res = await fetchWithRetry(`${base}/x`, {}, fast);
  expect(res.status).toBe(503);
  expect(seen).toHaveLength(2);
});

test.each([400, 401, 403, 404, 422, 501])('GET answered %i is not retried', async (status) => {
  script = [{ status }];
  expect((await fetchWithRetry(`${base}/x`, {}, fast)).status).toBe(status);
  expect(seen).toHaveLength(1);
});

test.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s is never retried, whatever the status', async (method) => {
  script = [{ status: 503 }, { status: 200 }];
  const res = await fetchWithRetry(`${base}/x`, { method, body: '{}', headers: { 'content-type': 'application/json' } }, fast);
  expect(res.status).toBe(503);
  expect(seen.map((s) => s.method)).toEqual([method]);
});

test('HEAD is idempotent and retried', async () => {
  script = [{ status: 502 }, { status: 200 }];
  expect((await fetchWithRetry(`${base}/x`, { method: 'HEAD' }, fast)).status).toBe(200);
  expect(seen).toHaveLength(2);
});

test('a network error on GET is retried once; on POST it is thrown', async () => {
  script = ['drop', { status: 200 }];
  expect((await fetchWithRetry(`${base}/x`, {}, fast)).status).toBe(200);
  expect(seen).toHaveLength(2);

  seen = [];
  script = ['drop', { status: 200 }];
  await expect(fetchWithRetry(`${base}/x`, { method: 'POST', body: '{}' }, fast)).rejects.toThrow();
  expect(seen).toHaveLength(1);
});

test('Retry-After (seconds) is honoured', async () => {
  script = [{ status: 429, headers: { 'retry-after': '1' } }, { status: 200 }];
  const res = await fetchWithRetry(`${base}/x`, {}, fast);
  expect(res.status).toBe(200);
  expect(seen[1].at - seen[0].at).toBeGreaterThanOrEqual(950);
});

test('a long Retry-After is cut to the cap', async () => {
  script = [{ status: 503, headers: { 'retry-after': '3600' } }, { status: 200 }];
  const started = Date.now();
  const res = await fetchWithRetry(`${base}/x`, {}, { delayMs: 10, retryAfterCapMs: 200 });
  expect(res.status).toBe(200);
  expect(Date.now() - started).toBeLessThan(3000);
  expect(seen[1].at - seen[0].at).toBeGreaterThanOrEqual(150);
});

test('an abort during the wait rejects without a second request', async () => {
  script = [{ status: 503, headers: { 'retry-after': '2' } }, { status: 200 }];
  const controller = new AbortController();
  const pending = fetchWithRetry(`${base}/x`, { signal: controller.signal }, fast);
  while (seen.length === 0) await new Promise((r) => setTimeout(r, 5));
  controller.abort();
  await expect(pending).rejects.toBeDefined();
  expect(seen).toHaveLength(1);
});

test('retryAfterMs reads seconds and HTTP dates, capped, never negative', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  expect(retryAfterMs(null, 3000, now)).toBeNull();
  expect(retryAfterMs('garbage', 3000, now)).toBeNull();
  expect(retryAfterMs('2', 3000, now)).toBe(2000);
  expect(retryAfterMs('120', 3000, now)).toBe(3000);
  expect(retryAfterMs('Tue, 24 Nov 2026 12:00:01 GMT', 3000, now)).toBe(1000);
  expect(retryAfterMs('Tue, 24 Nov 2026 11:00:00 GMT', 3000, now)).toBe(0);
});
