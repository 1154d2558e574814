/**
 * The marketing emulator (emulators/marketing/): Klaviyo's revision 2024-02-15 endpoints over real
 * HTTP: what it records, how it refuses bad requests (Klaviyo's error document, the member's
 * pointer), its idempotency, injected faults, persistence across a restart, and the browser's
 * CORS client events endpoint.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DEFAULT_PRIVATE_API_KEY,
  DEFAULT_PUBLIC_API_KEY,
  MARKETING_API_REVISION,
  startMarketingEmulator,
  type MarketingRecords,
} from '../../emulators/marketing';
import type { RunningEmulator } from '../../emulators/shared/server';

const SUBSCRIBE = '/api/profile-subscription-bulk-create-jobs';
const BACK_IN_STOCK = '/api/back-in-stock-subscriptions';
const EVENTS = '/api/events';
const CLIENT_EVENTS = `/client/events/?company_id=${DEFAULT_PUBLIC_API_KEY}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const API_HEADERS = {
  revision: MARKETING_API_REVISION,
  authorization: `Klaviyo-API-Key ${DEFAULT_PRIVATE_API_KEY}`,
  'content-type': 'application/vnd.api+json',
  accept: 'application/vnd.api+json',
};

function subscription(overrides: { email?: string; phone?: string; listId?: string; source?: string } = {}) {
  const { email = 'ada@example.com', phone, listId = 'NEWS01', source = 'Footer' } = overrides;
  return {
    data: {
      type: 'profile-subscription-bulk-create-job',
      attributes: {
        custom_source: source,
        profiles: {
          data: [
            {
              type: 'profile',
              attributes: {
                email,
                ...(phone ? { phone_number: phone } : {}),
                subscriptions: {
                  email: { marketing: { consent: 'SUBSCRIBED' } },
                  ...(phone ? { sms: { marketing: { consent: 'SUBSCRIBED' } } } : {}),
                },
              },
            },
          ],
        },
      },
      relationships: { list: { data: { type: 'list', id: listId } } },
    },
  };
}

function backInStock(overrides: { email?: string; phone?: string; variant?: string; channels?: string[] } = {}) {
  const {
    email = 'ada@example.com',
    phone,
    variant = '$shopify:::$default:::40123456789',
    channels = phone ? ['EMAIL', 'SMS'] : ['EMAIL'],
  } = overrides;
  return {
    data: {
      type: 'back-in-stock-subscription',
      attributes: {
        channels,
        profile: { data: { type: 'profile', attributes: { email, ...(phone ? { phone_number: phone } : {}) } } },
      },
      relationships: { variant: { data: { type: 'catalog-variant', id: variant } } },
    },
  };
}

function event(
  overrides: {
    metric?: string;
    profile?: Record<string, unknown>;
    uniqueId?: string | null;
    time?: string;
    properties?: Record<string, unknown>;
  } = {},
) {
  const {
    metric = 'Hint Dropped',
    profile = { email: 'gifter@example.com', first_name: 'Grace' },
    uniqueId = 'msg-1:1',
    time = '2026-11-17T15:00:00.000Z',
    properties = { productHandle: 'peony-bouquet', productTitle: 'Peony Bouquet' },
  } = overrides;
  return {
    data: {
      type: 'event',
      attributes: {
        properties,
        metric: { data: { type: 'metric', attributes: { name: metric } } },
        profile: { data: { type: 'profile', attributes: profile } },
        ...(uniqueId === null ? {} : { unique_id: uniqueId }),
        time,
      },
    },
  };
}

/** A fresh emulator per describe, on a free port, with its own data folder. */
function emulator(opts: { timeoutFaultHoldMs?: number } = {}) {
  const handle: { emulator?: RunningEmulator; dataDir?: string } = {};
  beforeAll(async () => {
    handle.dataDir = mkdtempSync(path.join(tmpdir(), 'marketing-emulator-'));
    handle.emulator = await startMarketingEmulator({ port: 0, dataDir: handle.dataDir, ...opts });
  });
  beforeEach(async () => {
    await fetch(`${handle.emulator!.url}/__emulator/faults`, {
      headers: { 'x-emulator-token': handle.emulator!.debugToken },
      method: 'POST',
      body: JSON.stringify({ mode: 'none' }),
    });
    await fetch(`${handle.emulator!.url}/__emulator/records`, { headers: { 'x-emulator-token': handle.emulator!.debugToken }, method: 'DELETE' });
  });
  afterAll(async () => {
    await handle.emulator?.stop();
    rmSync(handle.dataDir!, { recursive: true, force: true });
  });
  const url = () => handle.emulator!.url;
  const post = (pathAndQuery: string, body: unknown, headers: Record<string, string> = API_HEADERS) =>
    fetch(`${url()}${pathAndQuery}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const records = async () => (await (await fetch(`${url()}/__emulator/records`, { headers: debugHeaders() })).json()) as MarketingRecords;
  const fault = (body: unknown) =>
    fetch(`${url()}/__emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-emulator-token': handle.emulator!.debugToken },
      body: JSON.stringify(body),
    });
  const debugHeaders = () => ({ 'x-emulator-token': handle.emulator!.debugToken });
  return { url, post, records, fault, debugHeaders };
}

/** The response's Klaviyo error (asserting the document's shape), for 4xx/5xx answers. */
async function klaviyoError(response: Response) {
  expect(response.headers.get('content-type')).toMatch(/^application\/vnd\.api\+json/);
  const body = await response.json();
  expect(Object.keys(body)).toEqual(['errors']);
  expect(body.errors).toHaveLength(1);
  const [error] = body.errors;
  expect(error).toEqual(
    expect.objectContaining({
      id: expect.stringMatching(UUID),
      status: response.status,
      code: expect.any(String),
      title: expect.any(String),
      detail: expect.any(String),
    }),
  );
  return error;
}

describe('marketing emulator: accepted requests', () => {
  const { post, records, url, debugHeaders } = emulator();

  it('records a list subscription (202, empty body), with SMS consent when a phone is given', async () => {
    const response = await post(SUBSCRIBE, subscription({ phone: '+12125550123', source: 'Newsletter Popup' }));
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
    const { subscriptions, requests } = await records();
    expect(subscriptions).toEqual([
      {
        listId: 'NEWS01',
        email: 'ada@example.com',
        phoneNumber: '+12125550123',
        customSource: 'Newsletter Popup',
        channels: ['EMAIL', 'SMS'],
        subscribedAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    expect(requests).toEqual([
      {
        time: expect.any(String),
        method: 'POST',
        path: SUBSCRIBE,
        source: 'server',
        body: subscription({ phone: '+12125550123', source: 'Newsletter Popup' }),
        outcome: 'created',
      },
    ]);
  });

  it('records a back-in-stock subscription', async () => {
    expect((await post(BACK_IN_STOCK, backInStock({ phone: '+12125550123' }))).status).toBe(202);
    expect((await records()).backInStock).toEqual([
      {
        variantId: '$shopify:::$default:::40123456789',
        email: 'ada@example.com',
        phoneNumber: '+12125550123',
        channels: ['EMAIL', 'SMS'],
        subscribedAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
  });

  it('records an event with its properties, profile, unique id and time', async () => {
    expect((await post(EVENTS, event())).status).toBe(202);
    const [recorded] = (await records()).events;
    expect(recorded).toEqual({
      metric: 'Hint Dropped',
      profile: { email: 'gifter@example.com', phoneNumber: null, externalId: null, anonymousId: null, firstName: 'Grace', lastName: null },
      properties: { productHandle: 'peony-bouquet', productTitle: 'Peony Bouquet' },
      uniqueId: 'msg-1:1',
      time: '2026-11-17T15:00:00.000Z',
      value: null,
      source: 'server',
      receivedAt: expect.any(String),
    });
  });

  it('takes application/json as well as application/vnd.api+json, and a trailing slash', async () => {
    expect((await post(`${EVENTS}/`, event(), { ...API_HEADERS, 'content-type': 'application/json; charset=utf-8' })).status).toBe(202);
  });

  it('shows the records on an HTML page, escaped', async () => {
    await post(EVENTS, event({ properties: { productTitle: '<script>alert(1)</script>' } }));
    await post(SUBSCRIBE, subscription({ source: '<b>"Footer"</b>' }));
    const page = await fetch(`${url()}/__emulator/`, { headers: debugHeaders() });
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('Hint Dropped');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
  });
});

describe('marketing emulator: invalid bodies answer 400 in Klaviyo’s shape, naming the member', () => {
  const { post, records } = emulator();

  const profile0 = '/data/attributes/profiles/data/0/attributes';
  const cases: Array<[string, string, unknown, string, RegExp?]> = [
    ['a body that is not a JSON:API document', EVENTS, [], '/data'],
    ['a subscription job of the wrong type', SUBSCRIBE, { data: { ...subscription().data, type: 'profile-subscription-job' } }, '/data/type'],
    [
      'a subscription without an email',
      SUBSCRIBE,
      (() => {
        const body = subscription();
        delete (body.data.attributes.profiles.data[0].attributes as { email?: string }).email;
        return body;
      })(),
      `${profile0}/email`,
    ],
    ['a subscription with a malformed email', SUBSCRIBE, subscription({ email: 'ada@example' }), `${profile0}/email`, /Invalid email address/],
    [
      'a subscription with a phone number not in E.164',
      SUBSCRIBE,
      subscription({ phone: '(212) 555-0123' }),
      `${profile0}/phone_number`,
      /E\.164|valid format/,
    ],
    [
      'a subscription without a list id',
      SUBSCRIBE,
      { data: { ...subscription().data, relationships: { list: { data: { type: 'list' } } } } },
      '/data/relationships/list/data/id',
    ],
    [
      'a subscription without the list relationship',
      SUBSCRIBE,
      { data: { ...subscription().data, relationships: undefined } },
      '/data/relationships',
    ],
    [
      'a subscription carrying the pre-2024-02-15 list_id attribute',
      SUBSCRIBE,
      { data: { ...subscription().data, attributes: { ...subscription().data.attributes, list_id: 'NEWS01' } } },
      '/data/attributes/list_id',
      /not a valid field/,
    ],
    [
      'a subscription with a consent other than SUBSCRIBED',
      SUBSCRIBE,
      (() => {
        const body = subscription();
        body.data.attributes.profiles.data[0].attributes.subscriptions.email.marketing.consent = 'UNSUBSCRIBED';
        return body;
      })(),
      `${profile0}/subscriptions/email/marketing/consent`,
    ],
    [
      'a back-in-stock subscription on an unknown channel',
      BACK_IN_STOCK,
      backInStock({ channels: ['EMAIL', 'PIGEON'] }),
      '/data/attributes/channels/1',
    ],
    [
      'a back-in-stock SMS subscription without a phone',
      BACK_IN_STOCK,
      backInStock({ channels: ['EMAIL', 'SMS'] }),
      '/data/attributes/profile/data/attributes/phone_number',
    ],
    [
      'a back-in-stock subscription to a variant of the wrong type',
      BACK_IN_STOCK,
      { data: { ...backInStock().data, relationships: { variant: { data: { type: 'catalog-item', id: '$shopify:::$default:::1' } } } } },
      '/data/relationships/variant/data/type',
    ],
    [
      'a back-in-stock subscription to a bare variant id',
      BACK_IN_STOCK,
      backInStock({ variant: '40123456789' }),
      '/data/relationships/variant/data/id',
    ],
    [
      'an event without properties',
      EVENTS,
      { data: { type: 'event', attributes: { ...event().data.attributes, properties: undefined } } },
      '/data/attributes/properties',
    ],
    [
      'an event without a metric name',
      EVENTS,
      { data: { type: 'event', attributes: { ...event().data.attributes, metric: { data: { type: 'metric', attributes: {} } } } } },
      '/data/attributes/metric/data/attributes/name',
    ],
    ['an event with a malformed email', EVENTS, event({ profile: { email: 'not an email' } }), '/data/attributes/profile/data/attributes/email'],
    ['an event whose profile has no identifier', EVENTS, event({ profile: { first_name: 'Grace' } }), '/data/attributes/profile/data/attributes'],
    ['an event with a time that is not ISO 8601', EVENTS, event({ time: 'yesterday' }), '/data/attributes/time'],
  ];

  const rows = cases.map(([name, endpoint, body, pointer, detail]) => ({ name, endpoint, body, pointer, detail }));
  it.each(rows)('$name', async ({ endpoint, body, pointer, detail }) => {
    const response = await post(endpoint, body);
    expect(response.status).toBe(400);
    const error = await klaviyoError(response);
    expect(error).toMatchObject({ status: 400, code: 'invalid', title: 'Invalid input.', source: { pointer } });
    if (detail) expect(error.detail).toMatch(detail);
    expect((await records()).requests).toEqual([]);
  });

  it('answers 400 parse_error for a body that is not JSON', async () => {
    const response = await post(EVENTS, '{"data": {');
    expect(response.status).toBe(400);
    expect(await klaviyoError(response)).toMatchObject({ code: 'parse_error' });
  });
});

describe('marketing emulator: headers, paths and methods', () => {
  const { post, url, records } = emulator();
  const without = (name: string) => Object.fromEntries(Object.entries(API_HEADERS).filter(([key]) => key !== name));

  it('answers 400 without the revision header, or with another revision', async () => {
    const missing = await post(EVENTS, event(), without('revision'));
    expect(missing.status).toBe(400);
    expect(await klaviyoError(missing)).toMatchObject({ code: 'invalid', source: { parameter: 'revision' } });
    const other = await post(EVENTS, event(), { ...API_HEADERS, revision: '2023-02-22' });
    expect(other.status).toBe(400);
    expect((await klaviyoError(other)).detail).toMatch(/2023-02-22/);
  });

  it('answers 401 without a key, with a wrong key or with another scheme, never echoing the key', async () => {
    const missing = await post(EVENTS, event(), without('authorization'));
    expect(missing.status).toBe(401);
    expect(await klaviyoError(missing)).toMatchObject({ code: 'not_authenticated' });
    for (const authorization of ['Klaviyo-API-Key pk_wrong', `Bearer ${DEFAULT_PRIVATE_API_KEY}`]) {
      const wrong = await post(EVENTS, event(), { ...API_HEADERS, authorization });
      expect(wrong.status).toBe(401);
      const error = await klaviyoError(wrong);
      expect(error).toMatchObject({ code: 'authentication_failed' });
      expect(JSON.stringify(error)).not.toContain('pk_');
    }
    expect((await records()).requests).toEqual([]);
  });

  it('answers 415 for a body that is not JSON:API or JSON', async () => {
    const response = await post(EVENTS, JSON.stringify(event()), { ...API_HEADERS, 'content-type': 'text/plain' });
    expect(response.status).toBe(415);
    expect(await klaviyoError(response)).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('answers 404 for an unknown path and 405 for a wrong method, in Klaviyo’s shape', async () => {
    const unknown = await post('/api/profiles', {});
    expect(unknown.status).toBe(404);
    expect(await klaviyoError(unknown)).toMatchObject({ code: 'not_found' });
    const get = await fetch(`${url()}${EVENTS}`, { headers: API_HEADERS });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(await klaviyoError(get)).toMatchObject({ code: 'method_not_allowed' });
  });
});

describe('marketing emulator: idempotency, as Klaviyo', () => {
  const { post, records } = emulator();

  it('upserts a subscription by (list, email): the same email twice is one subscription and two requests', async () => {
    expect((await post(SUBSCRIBE, subscription({ email: 'ada@example.com' }))).status).toBe(202);
    expect((await post(SUBSCRIBE, subscription({ email: 'Ada@Example.com', phone: '+12125550123', source: 'Newsletter Popup' }))).status).toBe(202);
    const { subscriptions, requests } = await records();
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({
      listId: 'NEWS01',
      phoneNumber: '+12125550123',
      customSource: 'Newsletter Popup',
      channels: ['EMAIL', 'SMS'],
    });
    expect(requests.map((r) => r.outcome)).toEqual(['created', 'updated']);
  });

  it('keeps one subscription per list', async () => {
    await post(SUBSCRIBE, subscription({ listId: 'NEWS01' }));
    await post(SUBSCRIBE, subscription({ listId: 'GSHINT' }));
    expect((await records()).subscriptions.map((s) => s.listId)).toEqual(['NEWS01', 'GSHINT']);
  });

  it('upserts a back-in-stock subscription by (email, variant)', async () => {
    await post(BACK_IN_STOCK, backInStock());
    await post(BACK_IN_STOCK, backInStock());
    await post(BACK_IN_STOCK, backInStock({ variant: '$shopify:::$default:::40123456790' }));
    expect((await records()).backInStock.map((s) => s.variantId)).toEqual(['$shopify:::$default:::40123456789', '$shopify:::$default:::40123456790']);
  });

  it('records an event once per unique_id (for the same profile and metric); a new unique_id is a new event', async () => {
    await post(EVENTS, event({ uniqueId: 'msg-1:1' }));
    await post(EVENTS, event({ uniqueId: 'msg-1:1' }));
    await post(EVENTS, event({ uniqueId: 'msg-2:1' }));
    const { events, requests } = await records();
    expect(events.map((e) => e.uniqueId)).toEqual(['msg-1:1', 'msg-2:1']);
    expect(requests.map((r) => r.outcome)).toEqual(['created', 'duplicate', 'created']);
  });

  it('without a unique_id, deduplicates by the event time to the second', async () => {
    await post(EVENTS, event({ uniqueId: null, time: '2026-11-17T15:00:00.100Z' }));
    await post(EVENTS, event({ uniqueId: null, time: '2026-11-17T15:00:00.900Z' }));
    await post(EVENTS, event({ uniqueId: null, time: '2026-11-17T15:00:01.000Z' }));
    expect((await records()).events.map((e) => e.uniqueId)).toEqual(['2026-11-17T15:00:00', '2026-11-17T15:00:01']);
  });
});

describe('marketing emulator: faults', () => {
  const { post, records, fault, url, debugHeaders } = emulator({ timeoutFaultHoldMs: 100 });

  it('fails with 503 in Klaviyo’s shape without recording, then recovers after `count` requests', async () => {
    const set = await fault({ mode: 'error', count: 1 });
    expect(await set.json()).toEqual({ mode: 'error', status: 503, retryAfterSeconds: null, remaining: 1 });
    const failed = await post(EVENTS, event());
    expect(failed.status).toBe(503);
    expect(await klaviyoError(failed)).toMatchObject({ status: 503 });
    expect((await records()).events).toEqual([]);
    expect((await post(EVENTS, event())).status).toBe(202);
    expect((await records()).events).toHaveLength(1);
    expect(await (await fetch(`${url()}/__emulator/faults`, { headers: debugHeaders() })).json()).toMatchObject({
      mode: 'none',
    });
  });

  it('answers 429 with Retry-After for `count` requests', async () => {
    await fault({ mode: 'rate-limit', retryAfterSeconds: 7, count: 2 });
    for (let i = 0; i < 2; i += 1) {
      const limited = await post(SUBSCRIBE, subscription());
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('7');
      expect(await klaviyoError(limited)).toMatchObject({ code: 'throttled' });
    }
    expect((await post(SUBSCRIBE, subscription())).status).toBe(202);
  });

  it('keeps failing until set back to none when no count is given; the status is configurable', async () => {
    await fault({ mode: 'error', status: 500, retryAfterSeconds: 3 });
    for (let i = 0; i < 3; i += 1) {
      const failed = await post(BACK_IN_STOCK, backInStock());
      expect(failed.status).toBe(500);
      expect(failed.headers.get('retry-after')).toBe('3');
    }
    await fault({ mode: 'none' });
    expect((await post(BACK_IN_STOCK, backInStock())).status).toBe(202);
  });

  it('applies to /api/* only: client events and debug endpoints still answer', async () => {
    await fault({ mode: 'error' });
    expect((await post(CLIENT_EVENTS, event(), { revision: MARKETING_API_REVISION, 'content-type': 'application/json' })).status).toBe(202);
    expect((await fetch(`${url()}/__emulator/records`, { headers: debugHeaders() })).status).toBe(200);
  });

  it('timeout: holds the request (the client gives up first) and records nothing', async () => {
    await fault({ mode: 'timeout', count: 1 });
    await expect(
      fetch(`${url()}${EVENTS}`, { method: 'POST', headers: API_HEADERS, body: JSON.stringify(event()), signal: AbortSignal.timeout(50) }),
    ).rejects.toThrow();
    expect((await records()).events).toEqual([]);
  });

  it('timeout: answers 504 once the hold is over (100 ms here), still recording nothing', async () => {
    await fault({ mode: 'timeout', count: 1 });
    const held = await post(EVENTS, event());
    expect(held.status).toBe(504);
    expect((await records()).events).toEqual([]);
  });

  it('refuses an unknown mode or a status for another mode', async () => {
    expect((await fault({ mode: 'flaky' })).status).toBe(400);
    expect((await fault({ mode: 'rate-limit', status: 503 })).status).toBe(400);
    expect((await fault({ mode: 'error', count: 0 })).status).toBe(400);
  });
});

describe('marketing emulator: client events (the browser, another origin)', () => {
  const { post, records, url } = emulator();
  const clientHeaders = { revision: MARKETING_API_REVISION, 'content-type': 'application/json' };

  it('answers the CORS preflight for any origin', async () => {
    const preflight = await fetch(`${url()}${CLIENT_EVENTS}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,revision',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('revision');
  });

  it('records an event posted with the public key only, marked as from the client', async () => {
    const body = event({ metric: 'Viewed Product', profile: { anonymous_id: 'anon-1' }, uniqueId: 'view-1' });
    const response = await post(CLIENT_EVENTS, body, { ...clientHeaders, origin: 'http://localhost:3000' });
    expect(response.status).toBe(202);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const { events, requests } = await records();
    expect(events).toEqual([
      expect.objectContaining({ metric: 'Viewed Product', source: 'client', profile: expect.objectContaining({ anonymousId: 'anon-1' }) }),
    ]);
    expect(requests).toEqual([expect.objectContaining({ path: CLIENT_EVENTS, source: 'client', outcome: 'created' })]);
  });

  it('refuses a missing or unknown company_id, and a missing revision, with CORS headers on the error', async () => {
    const missing = await post('/client/events/', event(), clientHeaders);
    expect(missing.status).toBe(400);
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');
    expect(await klaviyoError(missing)).toMatchObject({ source: { parameter: 'company_id' } });
    expect((await post('/client/events/?company_id=XXXXXX', event(), clientHeaders)).status).toBe(400);
    expect((await post(CLIENT_EVENTS, event(), { 'content-type': 'application/json' })).status).toBe(400);
    expect((await records()).events).toEqual([]);
  });

  it('validates the body like /api/events', async () => {
    const response = await post(CLIENT_EVENTS, event({ profile: {} }), clientHeaders);
    expect(response.status).toBe(400);
    expect(await klaviyoError(response)).toMatchObject({ source: { pointer: '/data/attributes/profile/data/attributes' } });
  });
});

describe('marketing emulator: persistence and stopping', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'marketing-persist-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const postTo = (base: string, endpoint: string, body: unknown) =>
    fetch(`${base}${endpoint}`, { method: 'POST', headers: API_HEADERS, body: JSON.stringify(body) });
  const recordsOf = async (e: RunningEmulator) =>
    (await (await fetch(`${e.url}/__emulator/records`, { headers: { 'x-emulator-token': e.debugToken } })).json()) as MarketingRecords;

  it('keeps the records across a restart (written to <dataDir>/marketing/state.sqlite), and a reset too', async () => {
    const first = await startMarketingEmulator({ port: 0, dataDir });
    await postTo(first.url, SUBSCRIBE, subscription());
    await postTo(first.url, EVENTS, event());
    await first.stop();
    expect(existsSync(path.join(dataDir, 'marketing', 'state.sqlite'))).toBe(true);

    const second = await startMarketingEmulator({ port: 0, dataDir });
    try {
      const kept = await recordsOf(second);
      expect(kept.subscriptions).toHaveLength(1);
      expect(kept.events).toHaveLength(1);
      expect(kept.requests).toHaveLength(2);
      // Still idempotent against what the earlier run recorded.
      await postTo(second.url, EVENTS, event());
      expect((await recordsOf(second)).events).toHaveLength(1);
      expect((await fetch(`${second.url}/__emulator/records`, { headers: { 'x-emulator-token': second.debugToken }, method: 'DELETE' })).status).toBe(
        204,
      );
    } finally {
      await second.stop();
    }
    const third = await startMarketingEmulator({ port: 0, dataDir });
    try {
      expect(await recordsOf(third)).toEqual({ requests: [], subscriptions: [], backInStock: [], events: [] });
    } finally {
      await third.stop();
    }
  });

  it('stops without waiting for a request a timeout fault holds', async () => {
    const running = await startMarketingEmulator({ port: 0, dataDir });
    await fetch(`${running.url}/__emulator/faults`, {
      headers: { 'x-emulator-token': running.debugToken },
      method: 'POST',
      body: JSON.stringify({ mode: 'timeout', count: 1 }),
    });
    const held = postTo(running.url, EVENTS, event()).then(
      (response) => response.status,
      () => 'cut',
    );
    // The fault is back to none once it took the request, which the emulator now holds (30 s by
    // default); stopping must cut it rather than wait the hold out.
    while (
      ((await (await fetch(`${running.url}/__emulator/faults`, { headers: { 'x-emulator-token': running.debugToken } })).json()) as { mode: string })
        .mode !== 'none'
    );
    const started = Date.now();
    await running.stop();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await held).toBe('cut');
  });

  it('refuses to start on a corrupt state file', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(path.join(dataDir, 'marketing'), { recursive: true });
    writeFileSync(path.join(dataDir, 'marketing', 'state.sqlite'), 'not a database, just text long enough to be read as a header');
    await expect(startMarketingEmulator({ port: 0, dataDir })).rejects.toThrow(/not a database/);
  });

  it('imports a records.json written before SQLite once, and refuses a corrupt one', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const file = path.join(dataDir, 'marketing', 'records.json');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '{ not json');
    await expect(startMarketingEmulator({ port: 0, dataDir })).rejects.toThrow(/not valid JSON/);

    const donor = await startMarketingEmulator({ port: 0, dataDir: path.join(dataDir, 'donor') });
    await postTo(donor.url, SUBSCRIBE, subscription());
    await postTo(donor.url, EVENTS, event());
    const recorded = await recordsOf(donor);
    await donor.stop();
    writeFileSync(file, JSON.stringify({ version: 1, ...recorded }));
    const running = await startMarketingEmulator({ port: 0, dataDir });
    try {
      expect(await recordsOf(running)).toEqual(recorded);
      expect(existsSync(file)).toBe(false);
      expect(existsSync(`${file}.imported`)).toBe(true);
      // The imported event still counts for idempotency.
      await postTo(running.url, EVENTS, event());
      expect((await recordsOf(running)).events).toHaveLength(1);
    } finally {
      await running.stop();
    }
  });
});
