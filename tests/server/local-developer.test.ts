/**
 * The local developer page, `GET /__local/` (server/routes/local-developer.ts), through the real
 * app and the real emulators: for this machine it links the inbox and GraphiQL (both open through
 * the proxy), shows the seeded orders (each linking its status page) and a sign-up a shopper just
 * made, read server side with the run's debug token, which the page never shows; plain HTML under
 * the shop's CSP, headings and table headers for a screen reader. A client from elsewhere is
 * refused; live mode has no such page.
 */
import { HtmlValidate } from 'html-validate';
import request from 'supertest';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import { loadClientManifest } from '../../server/render';
import { startTestApp, type TestApp } from '../support/app';
import { untilRecorded } from '../support/marketing';

jest.setTimeout(60_000);

/** A client behind the trusted proxy, from another machine. */
const REMOTE = { 'X-Forwarded-For': '203.0.113.7' };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

describe('on this machine', () => {
  let page: request.Response;
  const email = `developer-page-${Math.random().toString(36).slice(2, 10)}@example.com`;

  beforeAll(async () => {
    // A shopper signs up (the outbox delivers it to the marketing stand-in), then the developer looks.
    const signUp = await request(t.app).post('/api/newsletter').send({ email, honeypot: '', source: 'Footer', klaviyoListId: 'GSNEWS' });
    expect(signUp.status).toBe(200);
    await untilRecorded(t, (r) => r.subscriptions.some((s) => s.email === email));
    page = await request(t.app).get('/__local/');
  });

  test("200, not stored, under the shop's CSP, no script at all", () => {
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.text).not.toMatch(/<script/i);
  });

  test('links the mail inbox and GraphiQL, and both open through the proxy', async () => {
    for (const href of ['/__local/storefront/__emulator/inbox', '/__local/storefront/graphiql']) {
      expect(page.text).toContain(`href="${href}"`);
      expect({ href, status: (await request(t.app).get(href)).status }).toEqual({ href, status: 200 });
    }
  });

  test('shows the seeded orders, each linking its status page, which opens', async () => {
    const row = /<tr><th scope="row"><a href="([^"]+)">#1001<\/a>[\s\S]*?<\/tr>/.exec(page.text);
    expect(row).not.toBeNull();
    expect(row![0]).toContain('ada@example.com');
    expect(row![0]).toContain('$200.00');
    const status = await request(t.app).get(row![1]);
    expect(status.status).toBe(200);
    expect(status.text).toContain('#1001');
  });

  test('shows the sign-up the marketing emulator received', () => {
    const section = /<section aria-labelledby="sign-ups">[\s\S]*?<\/section>/.exec(page.text)?.[0] ?? '';
    expect(section).toContain(email);
    expect(section).toContain('GSNEWS');
  });

  test("never shows the run's debug token or the private Storefront token", () => {
    expect(page.text).not.toContain(t.emulators.debugToken);
    expect(page.text).not.toContain(t.emulators.connection.storefront.privateToken);
    expect(page.text).toContain(t.emulators.connection.storefront.publicToken);
  });

  test('for a screen reader: one h1, a heading per section, captions and header cells; valid HTML', async () => {
    expect(page.text.match(/<h1>/g)).toHaveLength(1);
    for (const id of ['orders', 'sign-ups', 'back-in-stock', 'events']) {
      expect(page.text).toContain(`<section aria-labelledby="${id}"><h2 id="${id}">`);
      expect(page.text).toContain(`href="#${id}"`);
    }
    expect(page.text).toMatch(/<nav aria-label="Developer tools"><ul>/);
    for (const table of page.text.match(/<table>[\s\S]*?<\/table>/g) ?? []) {
      expect(table).toMatch(/^<table><caption>[^<]+<\/caption><thead><tr>(<th scope="col">[^<]+<\/th>)+<\/tr><\/thead>/);
    }
    const report = await new HtmlValidate({ extends: ['html-validate:recommended'], rules: { 'doctype-style': 'off' } }).validateString(page.text);
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
  });

  test('`/__local` redirects to the page', async () => {
    const res = await request(t.app).get('/__local').redirects(0);
    expect({ status: res.status, location: res.headers.location }).toEqual({ status: 301, location: '/__local/' });
  });
});

test('a client from elsewhere is refused (403) and sees none of it', async () => {
  for (const path of ['/__local/', '/__local']) {
    const res = await request(t.app).get(path).set(REMOTE).redirects(0);
    expect({ path, status: res.status }).toEqual({ path, status: 403 });
    expect(res.text).not.toContain('#1001');
  }
});

test('live mode has no developer page (404)', async () => {
  // The same upstreams, seen as live mode sees them: no `local` settings.
  const live = createApp(
    { ...t.config, mode: 'live', local: null },
    { log: createLogger('silent'), cache: t.cache, manifest: loadClientManifest(t.config.clientDistDir), outbox: t.outbox },
  );
  for (const path of ['/__local/', '/__local']) expect({ path, status: (await request(live).get(path)).status }).toEqual({ path, status: 404 });
});
