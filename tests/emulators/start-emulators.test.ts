/**
 * `startEmulators` hands back connection settings that work: each upstream client configured
 * only from `connection` reaches its emulator, and changing a credential or id is refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@sanity/client';
import * as oidc from 'openid-client';
import { startEmulators, type RunningEmulators } from '../../emulators';

let emulators: RunningEmulators;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'gs-emulators-'));
  emulators = await startEmulators({
    dataDir,
    ports: { storefront: 0, content: 0, scheduler: 0, customerAccount: 0, marketing: 0 },
    shopUrl: 'http://shop.test',
  });
});
afterAll(async () => {
  await emulators.stopAll();
  rmSync(dataDir, { recursive: true, force: true });
});

const storefrontQuery = (query: string, headers: Record<string, string>) =>
  fetch(`${emulators.connection.storefront.origin}/api/2026-04/graphql.json`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ query }),
  });

const calendar = (type: 'pickup' | 'delivery', locationId: string, shop = emulators.connection.scheduler.shop) =>
  fetch(`${emulators.connection.scheduler.url}/v1.0/${type}/locations/${encodeURIComponent(locationId)}/calendar?shop=${encodeURIComponent(shop)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ shoppingCart: [{ variant_id: 1, product_id: 1, quantity: 1 }] }),
  });

test('the connection points at the ports actually bound, not the requested 0', () => {
  const { storefront, content, scheduler, customerAccount, marketing } = emulators.connection;
  expect(marketing.apiUrl).toBe(emulators.marketing.url);
  expect(marketing.clientEventsUrl).toBe(`${emulators.marketing.url}/client/events/`);
  expect(storefront.origin).toBe(emulators.storefront.url);
  expect(content.apiHost).toBe(emulators.content.url);
  expect(scheduler.url).toBe(emulators.scheduler.url);
  expect(customerAccount.issuer).toBe(emulators.customerAccount.url);
  for (const url of [
    storefront.origin,
    storefront.imageOrigin,
    content.apiHost,
    content.imageOrigin,
    scheduler.url,
    customerAccount.issuer,
    marketing.apiUrl,
  ]) {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
  }
});

test('Storefront API: the returned private and public tokens are accepted, a wrong one is refused', async () => {
  const { privateToken, publicToken } = emulators.connection.storefront;
  const ok = await storefrontQuery('{ shop { name } }', { 'Shopify-Storefront-Private-Token': privateToken });
  expect(ok.status).toBe(200);
  expect((await ok.json()).data.shop.name).toEqual(expect.any(String));
  expect((await storefrontQuery('{ shop { name } }', { 'X-Shopify-Storefront-Access-Token': publicToken })).status).toBe(200);
  expect((await storefrontQuery('{ shop { name } }', { 'Shopify-Storefront-Private-Token': `${privateToken}-wrong` })).status).toBe(401);
});

test('Storefront API: product images are served from the returned image origin', async () => {
  const { privateToken, imageOrigin } = emulators.connection.storefront;
  const res = await storefrontQuery('{ products(first: 1) { nodes { featuredImage { url } } } }', {
    'Shopify-Storefront-Private-Token': privateToken,
  });
  const url: string = (await res.json()).data.products.nodes[0].featuredImage.url;
  expect(new URL(url).origin).toBe(imageOrigin);
  const image = await fetch(url);
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toMatch(/^image\//);
});

test('content lake: @sanity/client configured from the connection reads the dataset; another dataset is refused', async () => {
  const { apiHost, projectId, dataset, apiVersion } = emulators.connection.content;
  const settings = { projectId, apiVersion, apiHost, useProjectHostname: false, useCdn: false };
  expect(await createClient({ ...settings, dataset }).fetch<number>('count(*)')).toBeGreaterThan(0);
  await expect(createClient({ ...settings, dataset: `${dataset}-other` }).fetch('count(*)')).rejects.toMatchObject({ statusCode: 404 });
});

test('scheduler: answers calendars for the returned location ids and shop, not for others', async () => {
  const { pickupLocationId, deliveryLocationId, shop } = emulators.connection.scheduler;
  for (const [type, id] of [
    ['pickup', pickupLocationId],
    ['delivery', deliveryLocationId],
  ] as const) {
    const res = await calendar(type, id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ minDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  }
  expect((await calendar('pickup', deliveryLocationId)).status).toBe(404);
  expect((await calendar('pickup', pickupLocationId, `other-${shop}`)).status).toBe(404);
});

test('customer account: openid-client discovers the returned issuer; the client id may redirect to the shop, another id may not', async () => {
  const { issuer, clientId } = emulators.connection.customerAccount;
  const config = await oidc.discovery(new URL(issuer), clientId, undefined, oidc.None(), { execute: [oidc.allowInsecureRequests] });
  expect(config.serverMetadata().issuer).toBe(issuer);
  const authorize = (id: string) => {
    const url = new URL(config.serverMetadata().authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: id,
      response_type: 'code',
      redirect_uri: 'http://shop.test/accounts/account',
      scope: 'openid email customer-account-api:full',
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'S256',
      login_hint: 'jane@example.com',
    }).toString();
    return fetch(url, { redirect: 'manual' });
  };
  const ok = await authorize(clientId);
  expect(ok.status).toBe(303);
  expect(ok.headers.get('location')).toMatch(/^\/interaction\//);
  expect((await authorize(`${clientId}-other`)).status).toBe(400);
});
