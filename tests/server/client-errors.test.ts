/**
 * `POST /api/client-errors` (server/routes/client-errors.ts; ADR-0029) through the real app, with
 * the app's own logger (server/logger.ts) at `info`, captured: an accepted report answers 204 and
 * writes one warn line `client_error` carrying its fields and the request id, and moves
 * `client_errors_total{kind}`; emails and tokens the browser's text quotes are scrubbed and the
 * path's query string never reaches the log; each field out of bounds is a 400 naming it; a body
 * over the /api limit a 413; the default `clientErrors` tier refuses the 31st report from one
 * address in 15 minutes (429); a cross-site post is refused (403) as every JSON write is.
 */
import request from 'supertest';
import { MESSAGES } from '../../server/http/messages';
import { DEFAULT_RATE_LIMITS } from '../../server/http/rate-limit';
import { CLIENT_ERROR_LIMITS as L } from '../../shared/client-errors';
import { startTestApp, type TestApp } from '../support/app';
import { captureLogLines } from '../support/log-lines';

const TOKEN = 'client-errors-metrics-token-0123456789abcdef';
let t: TestApp;
const { log, lines } = captureLogLines('info');
beforeAll(async () => {
  // The clientErrors tier keeps its default: the limit test below is the one `npm start` runs with.
  t = await startTestApp({ log, env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t?.stop());

/** Each test reports from its own address, so the per-IP tier counts only that test's reports. */
let lastOctet = 0;
const newIp = () => `198.51.100.${++lastOctet}`;

const report = (body: unknown, ip = newIp()) =>
  request(t.app)
    .post('/api/client-errors')
    .set('X-Forwarded-For', ip)
    .send(body as object);

type LogLine = { level: number; msg: string; requestId?: string; [field: string]: unknown };
/** The `client_error` lines written since `from` (an index into `lines`). */
const reported = (from = 0): LogLine[] =>
  lines
    .slice(from)
    .map((line) => JSON.parse(line) as LogLine)
    .filter((line) => line.msg === 'client_error');

const VALID = {
  kind: 'recoverable',
  message: "Hydration failed because the server rendered text didn't match the client.",
  digest: '1234567890',
  componentStack: '\n    at span\n    at ProductPrice\n    at ProductPage\n',
  path: '/products/classic-gramercy',
};

async function clientErrorsTotal(kind: string): Promise<number> {
  const res = await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  const series = `client_errors_total{kind="${kind}"} `;
  const line = res.text.split('\n').find((l) => l.startsWith(series));
  return line ? Number(line.slice(series.length)) : 0;
}

test('a valid report: 204, no body, private; one warn line client_error with its fields and the request id; the counter moves', async () => {
  const before = await clientErrorsTotal('recoverable');
  const from = lines.length;
  const res = await report(VALID);
  expect(res.status).toBe(204);
  expect(res.text).toBe('');
  expect(res.headers['cache-control']).toBe('private, no-store');
  const logged = reported(from);
  expect(logged).toHaveLength(1);
  expect(logged[0]).toMatchObject({
    level: 40, // pino's warn
    msg: 'client_error',
    kind: 'recoverable',
    message: VALID.message,
    digest: VALID.digest,
    componentStack: 'at span\n    at ProductPrice\n    at ProductPage',
    path: VALID.path,
    requestId: res.headers['x-request-id'],
  });
  expect(await clientErrorsTotal('recoverable')).toBe(before + 1);

  // digest and componentStack are optional; each kind is accepted.
  for (const kind of ['uncaught', 'caught']) {
    const bare = await report({ kind, message: 'Boom', path: '/' });
    expect(bare.status).toBe(204);
  }
  expect(reported(from).map((line) => [line.kind, line.path, 'digest' in line, 'componentStack' in line])).toEqual([
    ['recoverable', VALID.path, true, true],
    ['uncaught', '/', false, false],
    ['caught', '/', false, false],
  ]);
});

test('emails and tokens quoted in message or componentStack are scrubbed from the log', async () => {
  const from = lines.length;
  const res = await report({
    kind: 'uncaught',
    message: 'Render failed for ada.lovelace@example.com at /accounts/reset?token=resetsecret0123 (Bearer bearersecret0123)',
    componentStack: 'at AccountPage (customer_access_token=cookiesecret0123; email grace%40example.org)',
    path: '/accounts/account',
  });
  expect(res.status).toBe(204);
  const [line] = reported(from);
  expect(line.message).toBe('Render failed for [redacted email] at /accounts/reset?token=[redacted] (Bearer [redacted])');
  expect(line.componentStack).toBe('at AccountPage (customer_access_token=[redacted]; email [redacted email])');
  const log = lines.slice(from).join('');
  for (const secret of ['ada.lovelace', 'example.com', 'resetsecret0123', 'bearersecret0123', 'cookiesecret0123', 'grace', 'example.org']) {
    expect(log).not.toContain(secret);
  }
});

test("the path's query string and fragment never reach the log", async () => {
  const from = lines.length;
  const res = await report({ ...VALID, path: '/collections/bouquets?utm_campaign=spring-campaign-xyz&ref=newsletter-abc#reviews-fragment' });
  expect(res.status).toBe(204);
  expect(reported(from)[0].path).toBe('/collections/bouquets');
  const log = lines.slice(from).join('');
  for (const part of ['spring-campaign-xyz', 'newsletter-abc', 'reviews-fragment']) expect(log).not.toContain(part);
  // A fragment alone goes too.
  expect((await report({ ...VALID, path: '/journal#comments-fragment' })).status).toBe(204);
  expect(reported(from)[1].path).toBe('/journal');
  expect(lines.slice(from).join('')).not.toContain('comments-fragment');
});

test('each field out of bounds is a 400 naming it, and nothing is logged; each bound itself is accepted', async () => {
  const bad: Array<[unknown, string]> = [
    [{ ...VALID, kind: 'fatal' }, MESSAGES.badClientErrorKind],
    [{ ...VALID, kind: undefined }, MESSAGES.badClientErrorKind],
    [{ ...VALID, kind: '__proto__' }, MESSAGES.badClientErrorKind],
    [{ ...VALID, message: '' }, MESSAGES.badClientErrorMessage],
    [{ ...VALID, message: '   ' }, MESSAGES.badClientErrorMessage],
    [{ ...VALID, message: 'x'.repeat(L.message + 1) }, MESSAGES.badClientErrorMessage],
    [{ ...VALID, message: 42 }, MESSAGES.badClientErrorMessage],
    [{ ...VALID, digest: 'd'.repeat(L.digest + 1) }, MESSAGES.badClientErrorDigest],
    [{ ...VALID, digest: null }, MESSAGES.badClientErrorDigest],
    [{ ...VALID, componentStack: 's'.repeat(L.componentStack + 1) }, MESSAGES.badClientErrorComponentStack],
    [{ ...VALID, path: 'products/x' }, MESSAGES.badClientErrorPath],
    [{ ...VALID, path: `/${'p'.repeat(L.path)}` }, MESSAGES.badClientErrorPath],
    [{ ...VALID, path: '?q=1' }, MESSAGES.badClientErrorPath],
    [{ ...VALID, path: undefined }, MESSAGES.badClientErrorPath],
    [[VALID], MESSAGES.badClientErrorReport],
    ['"a string"', MESSAGES.badClientErrorReport],
  ];
  const from = lines.length;
  for (const [body, message] of bad) {
    const req = request(t.app).post('/api/client-errors').set('X-Forwarded-For', newIp());
    // A JSON string body, sent as written (the parser refuses non-objects in strict mode: 400 too).
    const res = typeof body === 'string' ? await req.type('json').send(body) : await req.send(body as object);
    expect([body, res.status]).toEqual([body, 400]);
    if (typeof body !== 'string') expect([body, res.body]).toEqual([body, { isError: true, message }]);
  }
  expect(reported(from)).toEqual([]);

  const atBounds = {
    kind: 'caught',
    message: 'm'.repeat(L.message),
    digest: 'd'.repeat(L.digest),
    componentStack: 's'.repeat(L.componentStack),
    path: `/${'p'.repeat(L.path - 1)}`,
  };
  expect((await report(atBounds)).status).toBe(204);
  expect(reported(from)).toEqual([expect.objectContaining(atBounds)]);
});

test('a body over the /api limit is the 413 every JSON endpoint gives', async () => {
  const from = lines.length;
  const res = await report({ ...VALID, componentStack: 'x'.repeat(64_000) });
  expect(res.status).toBe(413);
  expect(res.body).toEqual({ isError: true, message: 'Request body too large.' });
  expect(reported(from)).toEqual([]);
});

test('the default clientErrors tier: 30 reports per address per 15 minutes, then 429 until the window passes; another address still reports', async () => {
  const { limit, windowMs } = DEFAULT_RATE_LIMITS.clientErrors;
  const ip = newIp();
  const from = lines.length;
  for (let i = 0; i < limit; i++) {
    const res = await report({ ...VALID, message: `report ${i}` }, ip);
    expect(res.status).toBe(204);
    // The IETF policy header names the limit and window the running app uses.
    if (i === 0) expect(res.headers['ratelimit-policy']).toMatch(new RegExp(`q=${limit};\\s*w=${windowMs / 1000}`));
  }
  const refused = await report({ ...VALID, message: 'one too many' }, ip);
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual({ isError: true, message: MESSAGES.tooManyRequests });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(refused.headers['cache-control']).toBe('no-store');
  expect(reported(from)).toHaveLength(limit);
  expect((await report(VALID)).status).toBe(204);
});

test('a cross-site post is refused (403) and a form post is not JSON (415), as every JSON write; same origin is accepted', async () => {
  const from = lines.length;
  const foreign = await request(t.app).post('/api/client-errors').set('X-Forwarded-For', newIp()).set('Origin', 'https://evil.example').send(VALID);
  expect(foreign.status).toBe(403);
  expect(foreign.body).toEqual({ isError: true, message: 'Forbidden' });
  const form = await request(t.app).post('/api/client-errors').set('X-Forwarded-For', newIp()).type('form').send('kind=caught&message=x&path=/');
  expect(form.status).toBe(415);
  expect(reported(from)).toEqual([]);
  const same = await request(t.app).post('/api/client-errors').set('X-Forwarded-For', newIp()).set('Origin', t.config.siteUrl).send(VALID);
  expect(same.status).toBe(204);
  expect(reported(from)).toHaveLength(1);
});
