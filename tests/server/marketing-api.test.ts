/**
 * The sign-up JSON API (shared/marketing.ts; spec §5, §7, §8) through the real app, its outbox
 * and the marketing stand-in over HTTP: every endpoint with good and bad input (messages word
 * for word), what the provider finally records, the guards (Origin, JSON, rate limit), a
 * sign-up that cannot be stored (503, nothing accepted), and fuzzed bodies that never get a 5xx.
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { MemoryCache } from '../../server/cache';
import { FRESH_MS, STALE_MS } from '../../server/loaders/upstream-data';
import { MARKETING_MESSAGES as M } from '../../shared/marketing';
import { setFault } from '../support/faults';
import { acceptedSignUps, untilRecorded } from '../support/marketing';
import { startTestApp, type TestApp } from '../support/app';

let t: TestApp;
/** METRICS_TOKEN: `/readyz` reports the outbox's counts only with it. */
const OPERATOR = 'marketing-operator-token-0123456789';
beforeAll(async () => {
  t = await startTestApp({ env: { METRICS_TOKEN: OPERATOR }, rateLimits: { signUps: { limit: 1000, windowMs: 60_000, failuresOnly: false } } });
});
afterAll(() => t.stop());

const post = (path: string, body: unknown) =>
  request(t.app)
    .post(path)
    .set('X-Forwarded-For', '198.51.100.7')
    .send(body as object);
/** The seed's sold-out Peony Cloud: what a back-in-stock sign-up is for. */
const SOLD_OUT_VARIANT = 'gid://shopify/ProductVariant/800401';
const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`;

describe('newsletter (footer card)', () => {
  test('accepted: 200 with the configured success text, private, and the subscription reaches the provider with the phone as E.164', async () => {
    const email = unique('footer');
    const res = await post('/api/newsletter', { email, phoneNumber: '(212) 555-0123', honeypot: '', source: 'Footer', klaviyoListId: 'GSNEWS' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isError: false, message: 'Thank You!' });
    expect(res.headers['cache-control']).toBe('private, no-store');
    const recorded = await untilRecorded(t, (r) => r.subscriptions.some((s) => s.email === email));
    expect(recorded.subscriptions.find((s) => s.email === email)).toMatchObject({
      listId: 'GSNEWS',
      phoneNumber: '+12125550123',
      customSource: 'Footer',
    });
  });

  test.each([
    ['a filled honeypot, even with nothing else', { honeypot: 'I am a bot' }, M.invalid],
    ['no email', { honeypot: '', klaviyoListId: 'GSNEWS' }, 'Missing required field'],
    ['an empty email', { email: '  ', honeypot: '', klaviyoListId: 'GSNEWS' }, 'Missing required field'],
    ['no list id', { email: 'a@example.com', honeypot: '' }, 'Missing klaviyo list id'],
    ['a list the site does not offer', { email: 'a@example.com', honeypot: '', klaviyoListId: 'SOMEONE_ELSES' }, M.unknownList],
    ['a malformed email', { email: 'not-an-email', honeypot: '', klaviyoListId: 'GSNEWS' }, M.badEmail],
    ['a 312-character email', { email: `${'a'.repeat(300)}@example.com`, honeypot: '', klaviyoListId: 'GSNEWS' }, M.badEmail],
    ['an email with a non-ASCII domain', { email: 'rosa@bücher.example', honeypot: '', klaviyoListId: 'GSNEWS' }, M.badEmail],
    ['a phone that is not a US number', { email: 'a@example.com', phoneNumber: '123-456-7890', honeypot: '', klaviyoListId: 'GSNEWS' }, M.badPhone],
    ['a phone outside North America', { email: 'a@example.com', phoneNumber: '+44 20 7946 0958', honeypot: '', klaviyoListId: 'GSNEWS' }, M.badPhone],
    ['a phone with an extension', { email: 'a@example.com', phoneNumber: '212-555-0123 ext. 4', honeypot: '', klaviyoListId: 'GSNEWS' }, M.badPhone],
    [
      'a phone in full-width digits',
      { email: 'a@example.com', phoneNumber: '２１２-５５５-０１２３', honeypot: '', klaviyoListId: 'GSNEWS' },
      M.badPhone,
    ],
  ])('%s → 400 with its message', async (_what, body, message) => {
    const before = await acceptedSignUps(t);
    const res = await post('/api/newsletter', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ isError: true, message });
    expect(await acceptedSignUps(t)).toBe(before);
  });
});

describe('newsletter popup: { isSuccess, message } (spec §7)', () => {
  test('accepted with the site settings’ success text word for word ("Thank You!") and source "Newsletter Popup"', async () => {
    const email = unique('popup');
    const res = await post('/api/newsletter/popup', { email, honeypot: '', source: 'Newsletter Popup', klaviyoListId: 'GSPOPUP' });
    expect(res.status).toBe(200);
    // content/dataset.ndjson: siteSettings.newsletter.newsletterSuccessMessage. "Thank you!" is only the default (spec §8).
    expect(res.body).toEqual({ isSuccess: true, message: 'Thank You!' });
    const recorded = await untilRecorded(t, (r) => r.subscriptions.some((s) => s.email === email));
    expect(recorded.subscriptions.find((s) => s.email === email)).toMatchObject({ listId: 'GSPOPUP', customSource: 'Newsletter Popup' });
  });

  test('refusals keep the popup shape', async () => {
    const res = await post('/api/newsletter/popup', { honeypot: '', klaviyoListId: 'GSPOPUP' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ isSuccess: false, message: 'Missing required field' });
    const bot = await post('/api/newsletter/popup', { email: 'a@example.com', honeypot: 'x', klaviyoListId: 'GSPOPUP' });
    expect(bot.body).toEqual({ isSuccess: false, message: 'Invalid' });
  });
});

describe('back in stock', () => {
  test('accepted: the variant subscription reaches the provider (EMAIL, and SMS with a phone)', async () => {
    const email = unique('bis');
    const res = await post('/api/back-in-stock', {
      email,
      phoneNumber: '646 555 0142',
      variantId: SOLD_OUT_VARIANT,
      honeypot: '',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isError: false, message: 'Thank you! We will notify you when this product is back in season' });
    const recorded = await untilRecorded(t, (r) => r.backInStock.some((s) => s.email === email));
    expect(recorded.backInStock.find((s) => s.email === email)).toMatchObject({
      variantId: '$shopify:::$default:::800401',
      channels: ['EMAIL', 'SMS'],
    });
  });

  test.each([
    ['no variant', { email: 'a@example.com', honeypot: '' }, 'Missing Variant Id'],
    ['a variant that is not a Storefront id', { email: 'a@example.com', variantId: '44001; DROP', honeypot: '' }, 'Missing Variant Id'],
    ['no email', { variantId: SOLD_OUT_VARIANT, honeypot: '' }, 'Missing required field'],
    ['a filled honeypot', { email: 'a@example.com', variantId: SOLD_OUT_VARIANT, honeypot: 'x' }, 'Invalid'],
    [
      'a variant the shop does not have',
      { email: 'a@example.com', variantId: 'gid://shopify/ProductVariant/44001', honeypot: '' },
      'Missing Variant Id',
    ],
  ])('%s → 400 with its message; nothing is stored', async (_what, body, message) => {
    const before = await acceptedSignUps(t);
    const res = await post('/api/back-in-stock', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ isError: true, message });
    expect(await acceptedSignUps(t)).toBe(before);
  });
});

describe('drop the hint', () => {
  const hint = (gifterEmail: string) => ({
    gifterEmail,
    gifterName: 'Sam',
    name: 'Alex',
    productHandle: 'peony-cloud',
    productTitle: 'A title the browser made up',
    productImage: 'http://127.0.0.1/some.jpg',
    honeypot: '',
  });

  test('accepted: the gifter joins the hint list with source "Drop the hint", with the product (under its real title) in a "Drop the hint" event', async () => {
    const email = unique('hint');
    const res = await post('/api/drop-the-hint', hint(email));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isError: false, message: 'Thank you! They have been notified.' });
    const recorded = await untilRecorded(t, (r) => r.events.some((e) => e.profile.email === email));
    expect(recorded.subscriptions.find((s) => s.email === email)).toMatchObject({ listId: 'GSHINT', customSource: 'Drop the hint' });
    expect(recorded.events.find((e) => e.profile.email === email)).toMatchObject({
      metric: 'Drop the hint',
      profile: expect.objectContaining({ email, firstName: 'Sam' }),
      properties: { productHandle: 'peony-cloud', productTitle: 'Peony Cloud', prospectiveReceiversName: 'Alex' },
    });
    // The image is the product's own, not the one the request named.
    const image = recorded.events.find((e) => e.profile.email === email)!.properties.productImage;
    expect(image).toMatch(/^https?:\/\/.+\/.+/);
    expect(image).not.toBe(hint(email).productImage);
  });

  test.each(['Mary J.', "Zoë O'Brien", 'José-María', 'Nguyễn Văn An', '李小龍'])('the name %p is a plain name: accepted', async (name) => {
    expect((await post('/api/drop-the-hint', { ...hint(unique('plain')), name, gifterName: name })).status).toBe(200);
  });

  test.each([
    ['a message with a link', 'Security team: verify at http://evil.example/login'],
    ['a domain', 'evil.example'],
    ['markup', '<b>Sam</b>'],
    ['digits', 'Call 212 555 0123'],
    ['an email address', 'sam@example.com'],
    ['51 letters', 'a'.repeat(51)],
  ])('a name that is %s → 400, nothing sent', async (_what, name) => {
    const before = await acceptedSignUps(t);
    for (const body of [
      { ...hint(unique('relay')), name },
      { ...hint(unique('relay')), gifterName: name },
    ]) {
      const res = await post('/api/drop-the-hint', body);
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { isError: true, message: M.badName } });
    }
    expect(await acceptedSignUps(t)).toBe(before);
  });

  test('one recipient gets at most 3 hints a day, from whatever address; refused ones do not count; others still get theirs', async () => {
    const recipient = unique('popular');
    const from = (ip: string, body: object) => request(t.app).post('/api/drop-the-hint').set('X-Forwarded-For', ip).send(body);
    expect((await from('203.0.113.1', { ...hint(recipient), name: 'http://spam' })).status).toBe(400);
    for (const ip of ['203.0.113.2', '203.0.113.3', '203.0.113.4']) expect((await from(ip, hint(recipient))).status).toBe(200);
    const refused = await from('203.0.113.5', hint(` ${recipient.toUpperCase()} `));
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 429, body: { isError: true, message: M.hintRecipientLimit } });
    expect((await from('203.0.113.5', hint(unique('other')))).status).toBe(200);
  });

  test.each([
    ['no product handle', { ...hint('a@example.com'), productHandle: '' }, 'Missing Product Id'],
    ['no product title', { ...hint('a@example.com'), productTitle: '' }, 'Missing Product Id'],
    ['a product the shop does not have', { ...hint('a@example.com'), productHandle: 'no-such-product' }, 'Missing Product Id'],
    ["no gifter's name", { ...hint('a@example.com'), gifterName: '' }, 'Missing required field'],
    ['no own name', { ...hint('a@example.com'), name: ' ' }, 'Missing required field'],
    ["no gifter's email", { ...hint(''), gifterEmail: undefined }, 'Missing required field'],
  ])('%s → 400 with its message', async (_what, body, message) => {
    const res = await post('/api/drop-the-hint', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ isError: true, message });
  });
});

describe('reserve (a product drop)', () => {
  test('accepted with the configured success text; the reserve list and the event name the product', async () => {
    const email = unique('reserve');
    const res = await post('/api/reserve', { email, productHandle: 'winter-solstice-wreath', honeypot: '' });
    expect(res.status).toBe(200);
    expect(res.body.isError).toBe(false);
    expect(typeof res.body.message).toBe('string');
    const recorded = await untilRecorded(t, (r) => r.events.some((e) => e.profile.email === email));
    expect(recorded.subscriptions.find((s) => s.email === email)).toMatchObject({ listId: 'GSRESERVE' });
    expect(recorded.events.find((e) => e.profile.email === email)).toMatchObject({
      metric: 'Reserved Product',
      properties: { productHandle: 'winter-solstice-wreath' },
    });
  });

  test('an unknown product → 400 "Missing Product Id"', async () => {
    const res = await post('/api/reserve', { email: 'a@example.com', productHandle: 'nope', honeypot: '' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Missing Product Id');
  });
});

describe('guards', () => {
  test('a foreign Origin is refused (403) and a form post is not JSON (415); nothing is stored', async () => {
    const before = await acceptedSignUps(t);
    const foreign = await request(t.app)
      .post('/api/newsletter')
      .set('Origin', 'https://evil.example')
      .send({ email: 'a@example.com', honeypot: '', klaviyoListId: 'GSNEWS' });
    expect(foreign.status).toBe(403);
    const form = await request(t.app).post('/api/newsletter').type('form').send('email=a@example.com&klaviyoListId=GSNEWS');
    expect(form.status).toBe(415);
    expect(await acceptedSignUps(t)).toBe(before);
  });

  test('fuzzed bodies never answer 5xx', async () => {
    const paths = ['/api/newsletter', '/api/newsletter/popup', '/api/back-in-stock', '/api/drop-the-hint', '/api/reserve'];
    const values: unknown[] = [null, 0, -1, 1e308, true, '', ' ', 'x'.repeat(5000), '<script>', '../../etc/passwd', [], [1], {}, { a: 1 }, 'a@b.c'];
    const keys = [
      'email',
      'phoneNumber',
      'honeypot',
      'source',
      'klaviyoListId',
      'variantId',
      'gifterEmail',
      'gifterName',
      'name',
      'productHandle',
      'productTitle',
      'productImage',
    ];
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 300; i++) {
      const body: Record<string, unknown> = {};
      for (const key of keys) if (rand(2)) body[key] = values[rand(values.length)];
      const res = await request(t.app)
        .post(paths[rand(paths.length)])
        .set('X-Forwarded-For', `203.0.113.${i % 250}`)
        .send(body);
      expect(res.status).toBeLessThan(500);
    }
    for (const raw of ['[', '"just a string"', '[1,2,3]', 'null']) {
      const res = await request(t.app).post('/api/newsletter').set('Content-Type', 'application/json').send(raw);
      expect(res.status).toBeLessThan(500);
    }
  });
});

test('sign-ups are rate limited per client IP: 429 with a clear message past the limit', async () => {
  const limited = await startTestApp({ rateLimits: { signUps: { limit: 3, windowMs: 60_000, failuresOnly: false } } });
  try {
    const signUp = (ip: string) =>
      request(limited.app)
        .post('/api/newsletter')
        .set('X-Forwarded-For', ip)
        .send({ email: unique('rl'), honeypot: '', klaviyoListId: 'GSNEWS' });
    for (let i = 0; i < 3; i++) expect((await signUp('192.0.2.50')).status).toBe(200);
    const refused = await signUp('192.0.2.50');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/too many/i);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await signUp('192.0.2.51')).status).toBe(200);
  } finally {
    await limited.stop();
  }
});

test('a sign-up that cannot be stored anywhere answers 503 with the spec failure text, and nothing is accepted', async () => {
  // The spool's folder is a file, and there is no Redis: the outbox has nowhere to write.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gs-outbox-broken-'));
  const notAFolder = path.join(dir, 'outbox');
  writeFileSync(notAFolder, 'not a folder');
  chmodSync(notAFolder, 0o400);
  const broken = await startTestApp({ env: { OUTBOX_DIR: notAFolder } });
  try {
    const res = await request(broken.app)
      .post('/api/newsletter')
      .send({ email: unique('lost'), honeypot: '', klaviyoListId: 'GSNEWS' });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ isError: true, message: 'Whoops! Something went wrong on our end. Please refresh the page and try again.' });
    const popup = await request(broken.app)
      .post('/api/newsletter/popup')
      .send({ email: unique('lost'), honeypot: '', klaviyoListId: 'GSPOPUP' });
    expect(popup.status).toBe(503);
    expect(popup.body).toEqual({ isSuccess: false, message: 'Whoops! Something went wrong on our end. Please refresh the page and try again.' });
  } finally {
    await broken.stop();
  }
});

test("/readyz reports the outbox's counts for an operator (with the operator's token only)", async () => {
  expect((await request(t.app).get('/readyz')).body.outbox).toBeUndefined();
  const res = await request(t.app).get('/readyz').set('Authorization', `Bearer ${OPERATOR}`);
  expect(res.body.outbox).toEqual({ pending: expect.any(Number), dead: 0, delivered: expect.any(Number) });
  expect(res.body.outbox.delivered).toBeGreaterThan(0);
});

describe('the offered lists fail closed while the site settings cannot be read (content lake down)', () => {
  const signUp = (app: TestApp, klaviyoListId: string) =>
    request(app.app)
      .post('/api/newsletter')
      .send({ email: unique('outage'), honeypot: '', source: 'Footer', klaviyoListId });

  test('settings never read: nothing is accepted, whatever the list (503, the failure text), within the deadline', async () => {
    const cold = await startTestApp({ env: { REQUEST_DEADLINE_MS: '3000' } });
    try {
      await setFault(cold.emulators.content, { mode: 'error', status: 503 });
      for (const list of ['SOMEONE-ELSES-LIST', 'GSNEWS']) {
        const started = Date.now();
        const res = await signUp(cold, list);
        expect({ list, status: res.status, body: res.body }).toEqual({ list, status: 503, body: { isError: true, message: M.failure } });
        expect(Date.now() - started).toBeLessThan(4000);
      }
      const popup = await request(cold.app)
        .post('/api/newsletter/popup')
        .send({ email: unique('outage'), honeypot: '', source: 'Newsletter Popup', klaviyoListId: 'GSPOPUP' });
      expect({ status: popup.status, body: popup.body }).toEqual({ status: 503, body: { isSuccess: false, message: M.failure } });
      expect(await acceptedSignUps(cold)).toBe(0);
    } finally {
      await cold.stop();
    }
  });

  test('settings read before and since expired: the lists last read are the ones accepted', async () => {
    let now = Date.now();
    const app = await startTestApp({ cache: (log) => new MemoryCache(log, { now: () => now }) });
    try {
      expect((await signUp(app, 'GSNEWS')).status).toBe(200);
      await setFault(app.emulators.content, { mode: 'error', status: 503 });
      now += FRESH_MS + STALE_MS + 1; // the cached settings are gone, the remembered lists are not
      expect((await signUp(app, 'SOMEONE-ELSES-LIST')).body).toEqual({ isError: true, message: M.unknownList });
      const kept = await signUp(app, 'GSNEWS');
      expect({ status: kept.status, isError: kept.body.isError }).toEqual({ status: 200, isError: false });
    } finally {
      await app.stop();
    }
  });
});
