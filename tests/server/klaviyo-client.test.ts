/**
 * The Klaviyo client (server/upstream/klaviyo/) against the marketing emulator over real HTTP:
 * each MarketingCall kind arrives as Klaviyo's request and is recorded; failures come back as
 * KlaviyoError with the status, whether to retry, and Klaviyo's Retry-After, as the outbox reads
 * them (DeliveryFailure); the private key never appears in an error.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_PRIVATE_API_KEY, startMarketingEmulator, type MarketingRecords } from '../../emulators/marketing';
import type { RunningEmulator } from '../../emulators/shared/server';
import type { DeliveryFailure } from '../../server/outbox/types';
import { createKlaviyoClient, KlaviyoError, parseRetryAfter, type KlaviyoClient } from '../../server/upstream/klaviyo';
import type { MarketingCall } from '../../shared/marketing';

let emulator: RunningEmulator;
let dataDir: string;
let client: KlaviyoClient;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'klaviyo-client-'));
  emulator = await startMarketingEmulator({ port: 0, dataDir });
  client = createKlaviyoClient({ apiUrl: `${emulator.url}/`, privateKey: DEFAULT_PRIVATE_API_KEY, timeoutMs: 5000 });
});
beforeEach(async () => {
  await fault({ mode: 'none' });
  await fetch(`${emulator.url}/__emulator/records`, { headers: { 'x-emulator-token': emulator.debugToken }, method: 'DELETE' });
});
afterAll(async () => {
  await emulator.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const records = async () =>
  (await (await fetch(`${emulator.url}/__emulator/records`, { headers: { 'x-emulator-token': emulator.debugToken } })).json()) as MarketingRecords;
/** The parts of a recorded subscription job these tests read. */
type SubscriptionJobBody = { data: { relationships: unknown; attributes: { profiles: { data: Array<{ attributes: unknown }> } } } };
const fault = (body: unknown) =>
  fetch(`${emulator.url}/__emulator/faults`, { headers: { 'x-emulator-token': emulator.debugToken }, method: 'POST', body: JSON.stringify(body) });

/** The error `promise` rejects with, checked to be a KlaviyoError. */
async function failure(promise: Promise<unknown>): Promise<KlaviyoError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(KlaviyoError);
  return error as KlaviyoError;
}

const subscribe = (overrides: Partial<Extract<MarketingCall, { kind: 'subscribe' }>> = {}): MarketingCall => ({
  kind: 'subscribe',
  listId: 'NEWS01',
  customSource: 'Newsletter Popup',
  email: 'ada@example.com',
  ...overrides,
});

const hint = (overrides: Partial<Extract<MarketingCall, { kind: 'event' }>> = {}): MarketingCall => ({
  kind: 'event',
  metric: 'Hint Dropped',
  email: 'gifter@example.com',
  firstName: 'Grace',
  phoneNumber: '+12125550123',
  properties: { productHandle: 'peony-bouquet', productTitle: 'Peony Bouquet', productImage: null, prospectiveReceiversName: 'Ada' },
  uniqueId: '7f0c9a4e-3a51-4a8e-9a55-0b5e2f3c1d11:1',
  time: '2026-11-17T15:00:00.000Z',
  ...overrides,
});

describe('each call kind arrives as Klaviyo’s request', () => {
  it('subscribe with a phone number: email and SMS consent, the list relationship and the source', async () => {
    await client.send(subscribe({ phoneNumber: '+12125550123' }));
    const { subscriptions, requests } = await records();
    expect(subscriptions).toEqual([
      expect.objectContaining({
        listId: 'NEWS01',
        email: 'ada@example.com',
        phoneNumber: '+12125550123',
        customSource: 'Newsletter Popup',
        channels: ['EMAIL', 'SMS'],
      }),
    ]);
    expect(requests[0].path).toBe('/api/profile-subscription-bulk-create-jobs');
    expect((requests[0].body as SubscriptionJobBody).data.relationships).toEqual({ list: { data: { type: 'list', id: 'NEWS01' } } });
  });

  it('subscribe without a phone number: email consent only, no phone_number', async () => {
    await client.send(subscribe());
    const { subscriptions, requests } = await records();
    expect(subscriptions).toEqual([expect.objectContaining({ phoneNumber: null, channels: ['EMAIL'] })]);
    expect((requests[0].body as SubscriptionJobBody).data.attributes.profiles.data[0].attributes).toEqual({
      email: 'ada@example.com',
      subscriptions: { email: { marketing: { consent: 'SUBSCRIBED' } } },
    });
  });

  it('backInStock: the numeric variant id becomes $shopify:::$default:::N; the channels are sent as given', async () => {
    await client.send({
      kind: 'backInStock',
      variantId: '40123456789',
      email: 'ada@example.com',
      phoneNumber: '+12125550123',
      channels: ['EMAIL', 'SMS'],
    });
    await client.send({ kind: 'backInStock', variantId: 'gid://shopify/ProductVariant/40123456790', email: 'ada@example.com', channels: ['EMAIL'] });
    expect((await records()).backInStock).toEqual([
      expect.objectContaining({ variantId: '$shopify:::$default:::40123456789', phoneNumber: '+12125550123', channels: ['EMAIL', 'SMS'] }),
      expect.objectContaining({ variantId: '$shopify:::$default:::40123456790', phoneNumber: null, channels: ['EMAIL'] }),
    ]);
  });

  it('event: metric, profile (email, first name, phone), properties, unique id and time; delivered twice, recorded once', async () => {
    await client.send(hint());
    await client.send(hint());
    const { events, requests } = await records();
    expect(events).toEqual([
      {
        metric: 'Hint Dropped',
        profile: {
          email: 'gifter@example.com',
          phoneNumber: '+12125550123',
          externalId: null,
          anonymousId: null,
          firstName: 'Grace',
          lastName: null,
        },
        properties: { productHandle: 'peony-bouquet', productTitle: 'Peony Bouquet', productImage: null, prospectiveReceiversName: 'Ada' },
        uniqueId: '7f0c9a4e-3a51-4a8e-9a55-0b5e2f3c1d11:1',
        time: '2026-11-17T15:00:00.000Z',
        value: null,
        source: 'server',
        receivedAt: expect.any(String),
      },
    ]);
    expect(requests.map((r) => r.outcome)).toEqual(['created', 'duplicate']);
  });
});

describe('failures are KlaviyoErrors the outbox can act on', () => {
  it('503: retryable, with Retry-After in ms and Klaviyo’s error in the message', async () => {
    await fault({ mode: 'error', status: 503, retryAfterSeconds: 5, count: 1 });
    const error = await failure(client.send(subscribe()));
    expect(error).toMatchObject({ status: 503, retryable: true, retryAfterMs: 5000, code: 'service_unavailable' });
    expect(error.message).toMatch(/POST \/api\/profile-subscription-bulk-create-jobs answered 503/);
    const asFailure: DeliveryFailure = error;
    expect(asFailure.retryable).toBe(true);
    expect((await records()).subscriptions).toEqual([]);
  });

  it('500 without Retry-After: retryable, no retryAfterMs', async () => {
    await fault({ mode: 'error', status: 500, count: 1 });
    expect(await failure(client.send(hint()))).toMatchObject({ status: 500, retryable: true, retryAfterMs: undefined });
  });

  it('429: retryable, retryAfterMs from Retry-After', async () => {
    await fault({ mode: 'rate-limit', retryAfterSeconds: 7, count: 1 });
    expect(await failure(client.send(hint()))).toMatchObject({ status: 429, retryable: true, retryAfterMs: 7000, code: 'throttled' });
    // The fault was for one request: the retry goes through.
    await client.send(hint());
    expect((await records()).events).toHaveLength(1);
  });

  it('400: not retryable, the message carries Klaviyo’s detail and pointer', async () => {
    const error = await failure(client.send(hint({ email: 'not-an-email' })));
    expect(error).toMatchObject({ status: 400, retryable: false, code: 'invalid' });
    expect(error.message).toContain('Invalid email address');
    expect(error.message).toContain('/data/attributes/profile/data/attributes/email');
  });

  it('401 for a wrong key: not retryable, and the key is nowhere in the error', async () => {
    const secret = 'pk_super_secret_do_not_log';
    const wrong = createKlaviyoClient({ apiUrl: emulator.url, privateKey: secret, timeoutMs: 5000 });
    const error = await failure(wrong.send(subscribe()));
    expect(error).toMatchObject({ status: 401, retryable: false });
    expect(`${error.message} ${error.stack} ${JSON.stringify(error)}`).not.toContain(secret);
  });

  it('a timeout (the emulator holds the request): status null, retryable, nothing recorded', async () => {
    await fault({ mode: 'timeout', count: 1 });
    const quick = createKlaviyoClient({ apiUrl: emulator.url, privateKey: DEFAULT_PRIVATE_API_KEY, timeoutMs: 150 });
    const error = await failure(quick.send(hint()));
    expect(error).toMatchObject({ status: null, retryable: true, retryAfterMs: undefined });
    expect(error.message).toMatch(/timed out after 150 ms/);
    expect((await records()).events).toEqual([]);
  });

  it('aborted by the caller’s signal: status null, retryable', async () => {
    await fault({ mode: 'timeout', count: 1 });
    const controller = new AbortController();
    const sending = client.send(hint(), controller.signal);
    // Aborted once the emulator holds the request (the fault is then used up).
    while (
      (
        (await (await fetch(`${emulator.url}/__emulator/faults`, { headers: { 'x-emulator-token': emulator.debugToken } })).json()) as {
          mode: string;
        }
      ).mode !== 'none'
    );
    controller.abort();
    const error = await failure(sending);
    expect(error).toMatchObject({ status: null, retryable: true });
    expect(error.message).toMatch(/aborted/);
  });

  it('nobody listening: status null, retryable', async () => {
    const stopped = await startMarketingEmulator({ port: 0, dataDir });
    await stopped.stop();
    const offline = createKlaviyoClient({ apiUrl: stopped.url, privateKey: DEFAULT_PRIVATE_API_KEY, timeoutMs: 2000 });
    const error = await failure(offline.send(subscribe()));
    expect(error).toMatchObject({ status: null, retryable: true });
    expect(error.message).not.toContain(DEFAULT_PRIVATE_API_KEY);
  });

  it('a back-in-stock call without a numeric variant id is refused for good without a request', async () => {
    const error = await failure(client.send({ kind: 'backInStock', variantId: 'peony-bouquet', email: 'ada@example.com', channels: ['EMAIL'] }));
    expect(error).toMatchObject({ status: null, retryable: false });
    expect((await records()).requests).toEqual([]);
  });
});

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP dates, in ms', () => {
    const now = Date.parse('2026-11-17T15:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 17 Nov 2026 15:00:12 GMT', now)).toBe(12_000);
    expect(parseRetryAfter('Tue, 17 Nov 2026 14:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
