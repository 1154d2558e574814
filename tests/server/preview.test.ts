/**
 * Draft preview (docs/architecture.md §4 "Preview"; server/preview, server/routes/preview.ts)
 * against the real app with the origin page cache on, as in production. The seed content has a
 * draft of a published journal entry ("Peony Season Is Here (Draft: new photos)"): it appears only
 * for a request carrying the signed preview cookie that the secret preview URL sets, such answers
 * are `private, no-store` and never enter the page or data cache, and the public site never shows
 * it, before, during or after a preview.
 */
import request from 'supertest';
import { startTestApp, type TestApp } from '../support/app';

const ENTRY = '/journal/peony-season-is-here';
const DRAFT_TITLE = 'Draft: new photos';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { PAGE_CACHE: 'on' } });
});
afterAll(() => t.stop());

/** Opens a preview through the secret URL; returns the `name=value` of the cookie it set. */
async function previewCookie(): Promise<string> {
  const res = await request(t.app).get(`/api/preview?secret=${t.config.preview.secret}&redirect=${encodeURIComponent(ENTRY)}`);
  expect(res.status).toBe(302);
  expect(res.headers.location).toBe(ENTRY);
  const setCookie = (res.headers['set-cookie'] as unknown as string[])[0];
  expect(setCookie).toMatch(/^preview=\d+\.[\w-]{43}; Max-Age=3600; Path=\/; Expires=.*; HttpOnly; SameSite=Lax$/);
  return setCookie.split(';')[0];
}

test('the public page is the published entry, cacheable, even once it is in the page cache', async () => {
  for (let i = 0; i < 2; i++) {
    const res = await request(t.app).get(ENTRY);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Peony Season Is Here');
    expect(res.text).not.toContain(DRAFT_TITLE);
    expect(res.headers['cache-control']).toMatch(/^public/);
  }
});

test('with the preview cookie: the draft, private and no-store, for the page and its payload', async () => {
  const cookie = await previewCookie();
  const page = await request(t.app).get(ENTRY).set('Cookie', cookie);
  expect(page.status).toBe(200);
  expect(page.text).toContain(DRAFT_TITLE);
  expect(page.headers['cache-control']).toBe('private, no-store');
  const payload = await request(t.app).get('/__payload/journalEntry?slug=peony-season-is-here').set('Cookie', cookie);
  expect(payload.status).toBe(200);
  expect(JSON.stringify(payload.body)).toContain(DRAFT_TITLE);
  expect(payload.headers['cache-control']).toBe('private, no-store');
});

test('after a preview the public page is still the published one (no cache kept the draft)', async () => {
  await request(t.app)
    .get(ENTRY)
    .set('Cookie', await previewCookie());
  const res = await request(t.app).get(ENTRY);
  expect(res.text).not.toContain(DRAFT_TITLE);
  const payload = await request(t.app).get('/__payload/journalEntry?slug=peony-season-is-here');
  expect(JSON.stringify(payload.body)).not.toContain(DRAFT_TITLE);
});

test('a forged, tampered or expired-looking cookie is no preview', async () => {
  const [name, value] = (await previewCookie()).split('=');
  const [expiry, mac] = value.split('.');
  for (const forged of [`${name}=1`, `${name}=${Number(expiry) + 1}.${mac}`, `${name}=1000.${mac}`, `${name}=${expiry}.${'A'.repeat(43)}`]) {
    const res = await request(t.app).get(ENTRY).set('Cookie', forged);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(DRAFT_TITLE);
  }
});

test('a wrong secret is 401 and sets no cookie; a redirect off the site is 400', async () => {
  // Local mode's secret is the run's own (random): not a near miss, and not the one every copy of the code knew.
  for (const secret of [`${t.config.preview.secret}x`, 'local-preview-secret-for-the-emulated-content-lake']) {
    const wrong = await request(t.app).get(`/api/preview?secret=${secret}&redirect=/`);
    expect(wrong.status).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  }
  expect((await request(t.app).get('/api/preview')).status).toBe(401);
  for (const redirect of ['//evil.com/', 'https://evil.com/', '/\\evil.com', 'journal']) {
    const res = await request(t.app).get(`/api/preview?secret=${t.config.preview.secret}&redirect=${encodeURIComponent(redirect)}`);
    expect(res.status).toBe(400);
    expect(res.headers['set-cookie']).toBeUndefined();
  }
});

test('/api/preview/exit clears the cookie', async () => {
  const res = await request(t.app).get('/api/preview/exit?redirect=/journal');
  expect(res.status).toBe(302);
  expect(res.headers.location).toBe('/journal');
  expect((res.headers['set-cookie'] as unknown as string[])[0]).toMatch(/^preview=; Path=\/; Expires=Thu, 01 Jan 1970/);
});
