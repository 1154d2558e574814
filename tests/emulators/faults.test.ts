/**
 * The shared fault switch (emulators/shared/faults.ts) on the Storefront API, content lake and
 * scheduler emulators' APIs: `hang` holds a request open without answering until the client
 * gives up (the shop's request deadline is tested against it, tests/server/deadline.test.ts),
 * `error` answers a 5xx, `count` limits how many requests a fault takes, debug endpoints are
 * never faulted, and stopping an emulator cuts the requests it holds. (The Storefront switch's
 * error shapes: tests/emulators/storefront-api.test.ts; the marketing one's: marketing.test.ts.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmulators, type RunningEmulator, type RunningEmulators } from '../../emulators';
import { startContentLakeEmulator } from '../../emulators/content-lake';

let emulators: RunningEmulators;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'gs-faults-'));
  emulators = await startEmulators({ dataDir, ports: { storefront: 0, content: 0, scheduler: 0, customerAccount: 0, marketing: 0 } });
});
afterAll(async () => {
  await emulators.stopAll();
  rmSync(dataDir, { recursive: true, force: true });
});

async function fault(emulator: RunningEmulator, body: unknown): Promise<Response> {
  return fetch(`${emulator.url}/__emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-emulator-token': emulator.debugToken },
    body: JSON.stringify(body),
  });
}

/** A plain request to each emulator's own API (the shop's calls, minus their clients). */
const calls: Record<'storefront' | 'content' | 'scheduler', (signal?: AbortSignal) => Promise<Response>> = {
  storefront: (signal) =>
    fetch(`${emulators.connection.storefront.origin}/api/2026-04/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Shopify-Storefront-Private-Token': emulators.connection.storefront.privateToken },
      body: JSON.stringify({ query: '{ shop { name } }' }),
      signal,
    }),
  content: (signal) =>
    fetch(
      `${emulators.connection.content.apiHost}/v${emulators.connection.content.apiVersion}/data/query/${emulators.connection.content.dataset}?query=${encodeURIComponent('count(*)')}`,
      { signal },
    ),
  scheduler: (signal) =>
    fetch(`${emulators.connection.scheduler.url}/v1.0/delivery/locations/${emulators.connection.scheduler.deliveryLocationId}/calendar?shop=x`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ shoppingCart: [] }),
      signal,
    }),
};

describe.each(['storefront', 'content', 'scheduler'] as const)('%s emulator', (name) => {
  const emulator = () => emulators[name];
  afterEach(async () => void (await fault(emulator(), { mode: 'none' })));

  test('hang: the request is never answered; the client gives up; the next one after `count` is answered', async () => {
    const set = await fault(emulator(), { mode: 'hang', count: 1 });
    expect(await set.json()).toEqual({ mode: 'hang', status: null, retryAfterSeconds: null, remaining: 1 });
    const started = performance.now();
    await expect(calls[name](AbortSignal.timeout(300))).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect((await calls[name]()).status).not.toBe(503);
  });

  test('error: a 503 until set back to none; the debug endpoints still answer', async () => {
    await fault(emulator(), { mode: 'error' });
    expect((await calls[name]()).status).toBe(503);
    expect((await calls[name]()).status).toBe(503);
    const shown = await fetch(`${emulator().url}/__emulator/faults`, { headers: { 'x-emulator-token': emulator().debugToken } });
    expect(await shown.json()).toMatchObject({ mode: 'error', status: 503 });
    await fault(emulator(), { mode: 'none' });
    expect((await calls[name]()).status).toBeLessThan(500);
  });

  test('a bad fault body is refused with 400, and the switch needs the debug token', async () => {
    expect((await fault(emulator(), { mode: 'flaky' })).status).toBe(400);
    expect((await fetch(`${emulator().url}/__emulator/faults`, { method: 'POST', body: '{"mode":"hang"}' })).status).toBe(401);
  });
});

test('stopping an emulator cuts the requests a hang holds', async () => {
  const lake = await startContentLakeEmulator({ port: 0 });
  await fault(lake, { mode: 'hang' });
  const held = fetch(`${lake.url}/v2025-02-19/data/query/production?query=${encodeURIComponent('count(*)')}`).then(
    () => 'answered',
    () => 'cut',
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  const started = performance.now();
  await lake.stop();
  expect(performance.now() - started).toBeLessThan(2000);
  expect(await held).toBe('cut');
});
