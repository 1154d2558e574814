/**
 * The `unstable` API version answers what Hydrogen asks of it on every page view: hydrogen-react's
 * `useShopifyCookies` consent request (emulators/storefront-api/resolvers/consent-management.ts).
 * The query is read from the installed hydrogen-react, so a change there shows here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startHarness, TOKEN, type Harness } from '../support/storefront-harness';

/** The query hydrogen-react posts to /api/unstable/graphql.json, as its build has it. */
function hydrogenConsentQuery(): string {
  const source = readFileSync(path.resolve(__dirname, '../../node_modules/@shopify/hydrogen-react/dist/node-prod/useShopifyCookies.mjs'), 'utf8');
  const query = /query: "(query ensureCookies[^"]+)"/.exec(source)?.[1];
  if (!query) throw new Error('hydrogen-react no longer sends the ensureCookies query: read useShopifyCookies again');
  return query;
}

let sf: Harness;
beforeAll(async () => {
  sf = await startHarness();
});
afterAll(() => sf.stop());

const post = (version: string, query: string) =>
  fetch(`${sf.emulator.url}/api/${version}/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-storefront-access-token': TOKEN },
    body: JSON.stringify({ query }),
  });

test("Hydrogen's consent request on the unstable version: 200, the cookies, no error", async () => {
  const res = await post('unstable', hydrogenConsentQuery());
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data?: { consentManagement: { cookies: Record<string, string> } }; errors?: unknown };
  expect(body.errors).toBeUndefined();
  const cookies = body.data!.consentManagement.cookies;
  expect(JSON.parse(cookies.trackingConsentCookie)).toMatchObject({ con: { CMP: { a: '1', m: '1', p: '1', s: '1' } } });
  expect(cookies.cookieDomain).toBe('localhost');
  expect(cookies.shopifyUnique).toMatch(/^[0-9a-f-]{36}$/);
  expect(cookies.shopifyVisit).toMatch(/^[0-9a-f-]{36}$/);
});

test('a consent the visitor refused is in the cookie; the rest of the API answers on unstable as on 2026-04', async () => {
  const refused = await post('unstable', '{ consentManagement { cookies(visitorConsent: { marketing: false }) { trackingConsentCookie } } }');
  const { data } = (await refused.json()) as { data: { consentManagement: { cookies: { trackingConsentCookie: string } } } };
  expect(JSON.parse(data.consentManagement.cookies.trackingConsentCookie)).toMatchObject({ con: { CMP: { a: '1', m: '0' } } });
  const shop = await post('unstable', '{ shop { name } }');
  expect(((await shop.json()) as { data: { shop: { name: string } } }).data.shop.name).toBeTruthy();
});

test('a dated version has no consentManagement, as on Shopify', async () => {
  const res = await post('2026-04', hydrogenConsentQuery());
  const body = (await res.json()) as { errors: { message: string }[] };
  expect(body.errors[0].message).toMatch(/Cannot query field "consentManagement"/);
});
