/**
 * Config from the environment: local mode takes the upstreams' connection settings it is given
 * (and refuses to guess them); live mode lists what is wrong.
 */
import { configWarnings } from '../../server/config-warnings';
import { ConfigError, detectMode, loadConfig, localModeRefusal, siteUrlFrom, type LocalUpstreams } from '../../server/config';

/** Deliberately unlike the emulators' own values, so nothing can come from a built-in default. */
const UPSTREAMS: LocalUpstreams = {
  debugToken: 'given-debug-token',
  storefront: {
    origin: 'http://127.0.0.1:1',
    privateToken: 'given-private-token',
    publicToken: 'given-public-token',
    imageOrigin: 'http://127.0.0.1:11',
    webhookSecret: 'given-shopify-webhook-secret',
  },
  content: {
    apiHost: 'http://127.0.0.1:2',
    projectId: 'given-project',
    dataset: 'given-dataset',
    readToken: 'given-read-token',
    apiVersion: '2024-01-02',
    imageOrigin: 'http://127.0.0.1:22',
    webhookSecret: 'given-sanity-webhook-secret',
    previewSecret: 'given-preview-secret',
  },
  scheduler: { url: 'http://127.0.0.1:3', pickupLocationId: 'p-7', deliveryLocationId: 'd-9', shop: 'given.myshopify.com' },
  customerAccount: { issuer: 'http://127.0.0.1:5', clientId: 'given-client' },
  marketing: {
    apiUrl: 'http://127.0.0.1:4',
    privateKey: 'given-private-key',
    publicKey: 'given-public-key',
    clientEventsUrl: 'http://127.0.0.1:4/client/events/',
  },
};

test('local mode by default, using exactly the connection settings it is given', () => {
  const c = loadConfig({}, UPSTREAMS);
  expect(c.mode).toBe('local');
  expect(c.port).toBe(3000);
  expect(c.siteUrl).toBe('http://localhost:3000');
  expect(c.storefront).toMatchObject({
    endpoint: 'http://127.0.0.1:1/api/2026-04/graphql.json',
    privateToken: 'given-private-token',
    publicToken: 'given-public-token',
    imageOrigin: 'http://127.0.0.1:11',
  });
  expect(c.content).toMatchObject({
    apiHost: 'http://127.0.0.1:2',
    projectId: 'given-project',
    dataset: 'given-dataset',
    apiVersion: '2024-01-02',
    imageOrigin: 'http://127.0.0.1:22',
    useCdn: false,
    token: 'given-read-token',
  });
  expect(c.marketing).toMatchObject({ apiUrl: 'http://127.0.0.1:4', privateKey: 'given-private-key' });
  expect(c.analytics).toEqual({
    ga4MeasurementId: null,
    klaviyoPublicKey: 'given-public-key',
    klaviyoClientEventsUrl: 'http://127.0.0.1:4/client/events/',
  });
  expect(c.scheduler).toMatchObject({
    url: 'http://127.0.0.1:3',
    pickupLocationId: 'p-7',
    deliveryLocationId: 'd-9',
    shop: 'given.myshopify.com',
  });
  expect(loadConfig({ STOREFRONT_API_VERSION: '2025-10' }, UPSTREAMS).storefront.endpoint).toBe('http://127.0.0.1:1/api/2025-10/graphql.json');
});

test('local mode without connection settings is a clear error, after the variables are checked', () => {
  expect(() => loadConfig({})).toThrow(/local mode.*connection settings/);
  expect(() => loadConfig({})).not.toThrow(ConfigError);
  // A bad variable is still reported as such, with every other bad one.
  expect(() => loadConfig({ PORT: 'abc', SCHEDULER_TIMEOUT_MS: '0' })).toThrow(/PORT[\s\S]*SCHEDULER_TIMEOUT_MS/);
});

test("emulator variables are not the app config's business", () => {
  // Parsed and validated by the emulators package (tests/emulators/env.test.ts), ignored here.
  const env = { STOREFRONT_EMULATOR_PORT: 'not-a-port', EMULATOR_HOST: 'nowhere', DATA_DIR: '/tmp/x' };
  expect(() => loadConfig(env, UPSTREAMS)).not.toThrow();
});

test('siteUrlFrom: SITE_URL without trailing slash, else localhost:PORT; validates every variable', () => {
  expect(siteUrlFrom({ SITE_URL: 'https://shop.example/' })).toBe('https://shop.example');
  expect(siteUrlFrom({ PORT: '3999' })).toBe('http://localhost:3999');
  expect(() => siteUrlFrom({ PORT: 'abc', SANITY_DATASET: 'Bad Name!' })).toThrow(ConfigError);
});

test('live mode names every missing or invalid variable', () => {
  let error: unknown;
  try {
    loadConfig({ SHOPIFY_STORE_DOMAIN: 'gramercy.myshopify.com', SANITY_PROJECT_ID: 'abc123' });
  } catch (err) {
    error = err;
  }
  expect(error).toBeInstanceOf(ConfigError);
  const { issues } = error as ConfigError;
  for (const name of [
    'SITE_URL',
    'PRIVATE_STOREFRONT_API_TOKEN',
    'SANITY_DATASET',
    'SCHEDULER_URL',
    'CUSTOMER_ACCOUNT_ISSUER',
    'CUSTOMER_ACCOUNT_CLIENT_ID',
    'KLAVIYO_PRIVATE_API_KEY',
    'KLAVIYO_HINT_LIST_ID',
  ]) {
    expect(issues.join('\n')).toContain(name);
  }
  expect(() => loadConfig({ PORT: 'abc', SANITY_DATASET: 'Bad Name!' })).toThrow(/PORT[\s\S]*SANITY_DATASET/);
});

const LIVE_ENV = {
  SITE_URL: 'https://www.gramercystems.com/',
  SHOPIFY_STORE_DOMAIN: 'gramercy.myshopify.com',
  PRIVATE_STOREFRONT_API_TOKEN: 'x',
  SANITY_PROJECT_ID: 'abc123',
  SANITY_DATASET: 'production',
  SCHEDULER_URL: 'https://api-us.zapiet.com',
  SCHEDULER_PICKUP_LOCATION_ID: '1',
  SCHEDULER_DELIVERY_LOCATION_ID: '2',
  SCHEDULER_SHOP: 'gramercy.myshopify.com',
  CUSTOMER_ACCOUNT_ISSUER: 'https://shopify.com/authentication/12345',
  CUSTOMER_ACCOUNT_CLIENT_ID: 'shp_live-client',
  UNLOCK_SECRET: 'a-live-unlock-secret-of-at-least-32-chars',
  KLAVIYO_PRIVATE_API_KEY: 'pk_live_key',
  KLAVIYO_HINT_LIST_ID: 'HINTS',
  KLAVIYO_RESERVE_LIST_ID: 'RESERVE',
};

test('live mode with everything set talks to the real hosts', () => {
  const c = loadConfig(LIVE_ENV);
  expect(c.mode).toBe('live');
  expect(c.siteUrl).toBe('https://www.gramercystems.com');
  expect(c.storefront.endpoint).toBe('https://gramercy.myshopify.com/api/2026-04/graphql.json');
  expect(c.storefront.imageOrigin).toBe('https://cdn.shopify.com');
  expect(c.content).toMatchObject({ apiHost: null, useCdn: true, imageOrigin: 'https://cdn.sanity.io', apiVersion: '2025-02-19' });
});

test('live mode: a read token never switches the public site to drafts; preview only with PREVIEW_SECRET', () => {
  const withToken = loadConfig({ ...LIVE_ENV, SANITY_READ_TOKEN: 'sk-read' });
  // The CDN serves the published perspective to everyone; drafts are read per preview request only.
  expect(withToken.content).toMatchObject({ token: 'sk-read', useCdn: true });
  expect(withToken.preview.secret).toBeNull();
  const secret = 'a-live-preview-secret-of-at-least-32-chars';
  expect(loadConfig({ ...LIVE_ENV, PREVIEW_SECRET: secret }).preview.secret).toBe(secret);
  expect(() => loadConfig({ ...LIVE_ENV, PREVIEW_SECRET: 'short' })).toThrow(/PREVIEW_SECRET: at least 32 characters/);
});

test('live mode without a read token warns that protected product cards cannot be unlocked', () => {
  expect(configWarnings(loadConfig(LIVE_ENV))).toEqual([expect.stringMatching(/^SANITY_READ_TOKEN is not set: password-protected product cards/)]);
  expect(configWarnings(loadConfig({ ...LIVE_ENV, SANITY_READ_TOKEN: 'sk-read' }))).toEqual([]);
  expect(configWarnings(loadConfig({}, UPSTREAMS))).toEqual([]);
});

test('RATE_LIMIT_{TIER}: {limit}/{seconds} or off; a tier switched off is a start-up warning', () => {
  const c = loadConfig({ RATE_LIMIT_PAGES: 'off', RATE_LIMIT_CART_WRITES: '240/60' }, UPSTREAMS);
  expect(c.rateLimits).toEqual({ pages: 'off', cartWrites: { limit: 240, windowMs: 60_000 } });
  expect(configWarnings(c)).toEqual([
    'RATE_LIMIT_PAGES=off: the pages rate limit is switched off; one client IP may send any number of these requests (keep it off only behind a limiter of your own).',
  ]);
  for (const bad of ['OFF', 'none', '0/60', '99999999/60', '10']) {
    expect(() => loadConfig({ RATE_LIMIT_PAGES: bad }, UPSTREAMS)).toThrow(/RATE_LIMIT_PAGES/);
  }
  expect(() => loadConfig({ RATE_LIMIT_PAGES: 'none' }, UPSTREAMS)).toThrow(/\{limit\}\/\{seconds\} \(e\.g\. 600\/60\) or off/);
});

test('live mode ignores local connection settings', () => {
  const c = loadConfig(LIVE_ENV, UPSTREAMS);
  expect(c.storefront).toMatchObject({ endpoint: 'https://gramercy.myshopify.com/api/2026-04/graphql.json', privateToken: 'x' });
  expect(c.content).toMatchObject({ projectId: 'abc123', apiHost: null });
  expect(c.scheduler).toMatchObject({ url: 'https://api-us.zapiet.com', pickupLocationId: '1', shop: 'gramercy.myshopify.com' });
});

test('live mode against self-hosted stand-ins: STOREFRONT_API_ORIGIN and SANITY_API_HOST replace the real hosts (no Sanity CDN then)', () => {
  const c = loadConfig({ ...LIVE_ENV, STOREFRONT_API_ORIGIN: 'http://10.0.0.5:4001/', SANITY_API_HOST: 'http://10.0.0.5:4002' });
  expect(c.storefront.endpoint).toBe('http://10.0.0.5:4001/api/2026-04/graphql.json');
  expect(c.content).toMatchObject({ apiHost: 'http://10.0.0.5:4002', useCdn: false });
  expect(() => loadConfig({ ...LIVE_ENV, STOREFRONT_API_ORIGIN: 'ftp://x' })).toThrow(/STOREFRONT_API_ORIGIN/);
});

test("webhook and preview secrets: local mode uses the run's from the connection settings unless set; live mode has none unless set", () => {
  const local = loadConfig({}, UPSTREAMS);
  expect({ webhooks: local.webhooks, preview: local.preview }).toEqual({
    webhooks: { sanitySecret: 'given-sanity-webhook-secret', shopifySecret: 'given-shopify-webhook-secret' },
    preview: { secret: 'given-preview-secret' },
  });
  const set = { SANITY_WEBHOOK_SECRET: 's'.repeat(16), SHOPIFY_WEBHOOK_SECRET: 'h'.repeat(16), PREVIEW_SECRET: 'p'.repeat(32) };
  const configured = loadConfig(set, UPSTREAMS);
  expect({ webhooks: configured.webhooks, preview: configured.preview }).toEqual({
    webhooks: { sanitySecret: 's'.repeat(16), shopifySecret: 'h'.repeat(16) },
    preview: { secret: 'p'.repeat(32) },
  });
  const live = loadConfig(LIVE_ENV, UPSTREAMS);
  expect({ webhooks: live.webhooks, preview: live.preview }).toEqual({
    webhooks: { sanitySecret: null, shopifySecret: null },
    preview: { secret: null },
  });
});

test('scheduler: local ids from the connection settings; timeout and availability TTL from the environment', () => {
  expect(loadConfig({}, UPSTREAMS).scheduler).toEqual({
    url: 'http://127.0.0.1:3',
    pickupLocationId: 'p-7',
    deliveryLocationId: 'd-9',
    shop: 'given.myshopify.com',
    timeoutMs: 5000,
    availabilityTtlMs: 60_000,
  });
  expect(loadConfig({ SCHEDULER_TIMEOUT_MS: '1500', AVAILABILITY_TTL_SECONDS: '30' }, UPSTREAMS).scheduler).toMatchObject({
    timeoutMs: 1500,
    availabilityTtlMs: 30_000,
  });
  expect(() => loadConfig({ SCHEDULER_TIMEOUT_MS: '0', AVAILABILITY_TTL_SECONDS: 'soon' }, UPSTREAMS)).toThrow(
    /SCHEDULER_TIMEOUT_MS[\s\S]*AVAILABILITY_TTL_SECONDS/,
  );
});

test('REQUEST_DEADLINE_MS: 8 s by default, in ms; below 250 or above 60000 is a listed error', () => {
  expect(loadConfig({}, UPSTREAMS).requestDeadlineMs).toBe(8000);
  expect(loadConfig({ REQUEST_DEADLINE_MS: '5000' }, UPSTREAMS).requestDeadlineMs).toBe(5000);
  for (const bad of ['0', '100', '60001', '8s']) {
    expect(() => loadConfig({ REQUEST_DEADLINE_MS: bad }, UPSTREAMS)).toThrow(/REQUEST_DEADLINE_MS/);
  }
});

test('SHUTDOWN_DRAIN_MS: none by default, in ms; below 0 or above 15000 is a listed error', () => {
  expect(loadConfig({}, UPSTREAMS).shutdownDrainMs).toBe(0);
  expect(loadConfig({ SHUTDOWN_DRAIN_MS: '10000' }, UPSTREAMS).shutdownDrainMs).toBe(10000);
  for (const bad of ['-1', '15001', '5s']) {
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: bad }, UPSTREAMS)).toThrow(/SHUTDOWN_DRAIN_MS/);
  }
});

test('customer account: local issuer and client id from the connection settings; live ones from the environment, https only', () => {
  expect(loadConfig({}, UPSTREAMS).customerAccount).toEqual({
    issuer: 'http://127.0.0.1:5',
    // The browser reaches the issuer through the shop's /__local proxy (server/http/local-proxy.ts).
    browserBaseUrl: 'http://localhost:3000/__local/customer-account',
    clientId: 'given-client',
    timeoutMs: 10_000,
  });
  expect(loadConfig({ CUSTOMER_ACCOUNT_TIMEOUT_MS: '2500' }, UPSTREAMS).customerAccount.timeoutMs).toBe(2500);
  // Live mode ignores the local settings; the issuer is kept exactly as given (it is compared verbatim).
  expect(loadConfig(LIVE_ENV, UPSTREAMS).customerAccount).toEqual({
    issuer: 'https://shopify.com/authentication/12345',
    clientId: 'shp_live-client',
    timeoutMs: 10_000,
  });
  let error: unknown;
  try {
    loadConfig({ ...LIVE_ENV, CUSTOMER_ACCOUNT_ISSUER: 'http://shopify.com/authentication/12345', CUSTOMER_ACCOUNT_TIMEOUT_MS: '0' });
  } catch (err) {
    error = err;
  }
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as ConfigError).issues.join('\n')).toMatch(/CUSTOMER_ACCOUNT_ISSUER[\s\S]*CUSTOMER_ACCOUNT_TIMEOUT_MS/);
  const { CUSTOMER_ACCOUNT_CLIENT_ID: _omitted, ...withoutClientId } = LIVE_ENV;
  expect(() => loadConfig(withoutClientId)).toThrow(/CUSTOMER_ACCOUNT_CLIENT_ID: required in live mode/);
});

describe('SHOP_MODE and the production guard', () => {
  test('SHOP_MODE picks the mode; unset, the upstream variables do', () => {
    expect(detectMode({ SHOP_MODE: 'local', SHOPIFY_STORE_DOMAIN: 'x.myshopify.com' })).toBe('local');
    expect(detectMode({ SHOP_MODE: 'live' })).toBe('live');
    expect(detectMode({ SANITY_PROJECT_ID: 'abc' })).toBe('live');
    expect(detectMode({})).toBe('local');
  });

  test('an unknown SHOP_MODE is a listed configuration error', () => {
    expect(() => loadConfig({ SHOP_MODE: 'demo' }, UPSTREAMS)).toThrow(/SHOP_MODE: local or live/);
  });

  test('SHOP_MODE=live without the live variables lists them', () => {
    expect(() => loadConfig({ SHOP_MODE: 'live' })).toThrow(/SHOPIFY_STORE_DOMAIN: required in live mode/);
  });

  test('production refuses local mode unless it is asked for', () => {
    const refusal = localModeRefusal({ NODE_ENV: 'production' }, []);
    expect(refusal).toMatch(/^refusing to start: .*SHOP_MODE=live with SITE_URL, SHOPIFY_STORE_DOMAIN, .*SHOP_MODE=local/);
    expect(refusal).not.toContain('\n');
    expect(localModeRefusal({ NODE_ENV: 'production', SHOP_MODE: 'local' }, [])).toBeNull();
    expect(localModeRefusal({ NODE_ENV: 'production' }, ['--local-by-default'])).toBeNull();
    expect(localModeRefusal({ NODE_ENV: 'production', SHOPIFY_STORE_DOMAIN: 'x.myshopify.com' }, [])).toBeNull();
    expect(localModeRefusal({ NODE_ENV: 'development' }, [])).toBeNull();
  });

  test('local mode hands the proxy its loopback targets and the debug token; live mode has none', () => {
    expect(loadConfig({}, UPSTREAMS).local).toEqual({
      debugToken: 'given-debug-token',
      proxyTargets: {
        storefront: 'http://127.0.0.1:1',
        content: 'http://127.0.0.1:2',
        marketing: 'http://127.0.0.1:4',
        'customer-account': 'http://127.0.0.1:5',
      },
      developerClients: 'loopback',
    });
    expect(loadConfig(LIVE_ENV, UPSTREAMS).local).toBeNull();
  });

  test('LOCAL_PUBLISHED_ADDRESS: a loopback address opens the developer pages to every client; another keeps them to loopback', () => {
    const clients = (address: string) => loadConfig({ LOCAL_PUBLISHED_ADDRESS: address }, UPSTREAMS).local?.developerClients;
    expect([clients('127.0.0.1'), clients('127.8.0.1'), clients('::1')]).toEqual(['any', 'any', 'any']);
    expect([clients('0.0.0.0'), clients('::'), clients('192.0.2.10')]).toEqual(['loopback', 'loopback', 'loopback']);
    expect(() => loadConfig({ LOCAL_PUBLISHED_ADDRESS: 'localhost' }, UPSTREAMS)).toThrow(/LOCAL_PUBLISHED_ADDRESS: an IP address/);
  });
});
