/**
 * The emulators' debug endpoints (`/__emulator/*`: every order with names and addresses, the
 * mail inbox, fault switches) answer only requests carrying the run's token, and the secrets a
 * running set of emulators accepts are new per run, never the documented defaults (ADR-0020).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmulators, type RunningEmulators } from '../../emulators';
import { DEFAULT_PUBLIC_TOKEN } from '../../emulators/storefront-api';

let emulators: RunningEmulators;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'gs-debug-'));
  emulators = await startEmulators({ dataDir, ports: { storefront: 0, content: 0, scheduler: 0, customerAccount: 0, marketing: 0 } });
});
afterAll(async () => {
  await emulators.stopAll();
  rmSync(dataDir, { recursive: true, force: true });
});

const DEBUG_GETS = () => [
  `${emulators.storefront.url}/__emulator/orders`,
  `${emulators.storefront.url}/__emulator/carts`,
  `${emulators.storefront.url}/__emulator/inbox`,
  `${emulators.storefront.url}/__emulator/inbox.json`,
  `${emulators.storefront.url}/__emulator/faults`,
  `${emulators.marketing.url}/__emulator/records`,
  `${emulators.marketing.url}/__emulator/faults`,
  `${emulators.marketing.url}/__emulator`,
  `${emulators.content.url}/__emulator/faults`,
  `${emulators.scheduler.url}/__emulator/faults`,
];

test('every debug endpoint answers 401 without the token, and with a wrong one', async () => {
  for (const url of DEBUG_GETS()) {
    const anonymous = await fetch(url);
    expect({ url, status: anonymous.status }).toEqual({ url, status: 401 });
    expect(await anonymous.text()).not.toMatch(/@|order/i);
    expect((await fetch(url, { headers: { 'x-emulator-token': 'local' } })).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: `Bearer ${emulators.debugToken}x` } })).status).toBe(401);
  }
  const failNext = await fetch(`${emulators.scheduler.url}/__emulator/fail-next`, { method: 'POST' });
  expect(failNext.status).toBe(401);
});

test('spellings a router might accept are refused too', async () => {
  const base = emulators.storefront.url;
  for (const target of ['/__EMULATOR/orders', '//__emulator/orders', '/%5F%5Femulator/orders', '/__emulator/orders/', '/__emulator/orders?x=1']) {
    const res = await fetch(`${base}${target}`);
    expect({ target, status: res.status }).toEqual({ target, status: 401 });
  }
});

test('with the token (header or Bearer) they answer', async () => {
  for (const url of DEBUG_GETS()) {
    const res = await fetch(url, { headers: { 'x-emulator-token': emulators.debugToken } });
    expect({ url, status: res.status }).toEqual({ url, status: 200 });
  }
  const bearer = await fetch(`${emulators.storefront.url}/__emulator/orders`, { headers: { authorization: `Bearer ${emulators.debugToken}` } });
  expect(bearer.status).toBe(200);
});

test('each run has its own debug token and Storefront tokens; the documented local tokens are refused', async () => {
  expect(emulators.debugToken).toMatch(/^[\w-]{43}$/);
  const other = await startEmulators({ dataDir, ports: { storefront: 0, content: 0, scheduler: 0, customerAccount: 0, marketing: 0 } });
  try {
    expect(other.debugToken).not.toBe(emulators.debugToken);
    expect(other.connection.storefront.privateToken).not.toBe(emulators.connection.storefront.privateToken);
  } finally {
    await other.stopAll();
  }
  const query = (headers: Record<string, string>) =>
    fetch(`${emulators.connection.storefront.origin}/api/2026-04/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: '{ shop { name } }' }),
    });
  expect((await query({ 'Shopify-Storefront-Private-Token': 'local-private-token' })).status).toBe(401);
  // The public token is documented and stable (it opens only the public API, as Shopify's does).
  expect((await query({ 'X-Shopify-Storefront-Access-Token': DEFAULT_PUBLIC_TOKEN })).status).toBe(200);
  expect((await query({ 'X-Shopify-Storefront-Access-Token': 'local-public-token' })).status).toBe(401);
  expect((await query({ 'Shopify-Storefront-Private-Token': emulators.connection.storefront.privateToken })).status).toBe(200);
});

test('drafts are never served to an anonymous query; the run read token sees them', async () => {
  const { apiHost, apiVersion, dataset, readToken } = emulators.connection.content;
  const drafts = (headers: Record<string, string>, perspective: string) =>
    fetch(
      `${apiHost}/v${apiVersion}/data/query/${dataset}?query=${encodeURIComponent('*[_id in path("drafts.**")]._id')}&perspective=${perspective}`,
      { headers },
    );
  const raw = await drafts({}, 'raw');
  expect(raw.status).toBe(200);
  expect(((await raw.json()) as { result: string[] }).result).toEqual([]);
  expect((await drafts({}, 'drafts')).status).toBe(401);
  const authorised = await drafts({ authorization: `Bearer ${readToken}` }, 'raw');
  expect(((await authorised.json()) as { result: string[] }).result.length).toBeGreaterThan(0);
});
