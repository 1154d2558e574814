/**
 * Hostile requests to the emulators (docs/architecture.md §2 "The emulators", ADR-0020): a short
 * GROQ query with a huge answer is refused with 400 in Sanity's error shape while the shop's
 * `/healthz` and the content lake itself keep answering; a deeply nested query is 400, not a 500
 * stack overflow; an image name of 3,000 characters is 400 with a short message, no file path.
 */
import request from 'supertest';
import { startTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

/** A GROQ query, by GET, or by POST (as @sanity/client sends long ones). */
const groq = (query: string, method: 'GET' | 'POST' = 'GET') => {
  const { apiHost, apiVersion, dataset } = t.emulators.connection.content;
  const endpoint = `${apiHost}/v${apiVersion}/data/query/${dataset}`;
  if (method === 'GET') return fetch(`${endpoint}?query=${encodeURIComponent(query)}`);
  return fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
};

type QueryErrorBody = { error: { description: string; type: string } };

test('a 16-byte query with a huge answer answers 400, and the shop and the content lake answer meanwhile', async () => {
  // Every document, each with every document, each with every document: hundreds of MB of JSON.
  const huge = groq('*{"a":*{"b":*}}');
  // While it runs: the shop's health check and a normal query are answered (no timing asserted).
  const healthz = await request(t.app).get('/healthz').timeout(20_000);
  expect(healthz.status).toBe(200);
  const normal = await groq('count(*[_type == "siteSettings"])');
  expect(((await normal.json()) as { result: number }).result).toBe(1);
  const res = await huge;
  expect(res.status).toBe(400);
  const body = (await res.json()) as QueryErrorBody;
  expect(body.error.type).toBe('queryLimitError');
  expect(body.error.description).toMatch(/limit/);
  // The content lake carries on after the stopped query.
  expect((await groq('count(*[_type == "siteSettings"])')).status).toBe(200);
}, 60_000);

test('deeply nested queries answer 400 with a query error, not 500', async () => {
  for (const query of ['('.repeat(5000) + '1' + ')'.repeat(5000), '!'.repeat(20_000) + 'true', '['.repeat(100) + ']'.repeat(100)]) {
    const res = await groq(query, 'POST');
    expect(res.status).toBe(400);
    const body = (await res.json()) as QueryErrorBody;
    expect(['queryParseError', 'queryLimitError']).toContain(body.error.type);
  }
});

test('an image name of 3,000 characters answers 400 with a short message and no path, on both image routes', async () => {
  const name = 'a'.repeat(3000);
  const { projectId, dataset, imageOrigin } = t.emulators.connection.content;
  for (const url of [
    `${t.emulators.connection.storefront.imageOrigin}/cdn/shop/files/${name}.jpg`,
    `${imageOrigin}/images/${projectId}/${dataset}/${name}-10x10.png`,
    `${imageOrigin}/images/${projectId}/${dataset}/${'a'.repeat(40)}-10x10.png/${name}`,
  ]) {
    const res = await fetch(url);
    const text = await res.text();
    expect({ url: url.slice(0, 60), status: res.status }).toEqual({ url: url.slice(0, 60), status: 400 });
    expect(text.length).toBeLessThan(200);
    expect(text).toMatch(/Image name too long/);
    expect(text).not.toMatch(/\/(tmp|home|work|app|usr)\/|content\/images/);
  }
});
