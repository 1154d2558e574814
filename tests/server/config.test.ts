/** Config from the environment: local defaults point at the emulators; live mode lists what is wrong. */
import { ConfigError, loadConfig } from '../../server/config';

test('local mode by default, pointing at the emulators', () => {
  const c = loadConfig({}, { storefront: 'http://127.0.0.1:1', content: 'http://127.0.0.1:2', scheduler: 'http://127.0.0.1:3' });
  expect(c.mode).toBe('local');
  expect(c.storefront.endpoint).toBe('http://127.0.0.1:1/api/2026-04/graphql.json');
  expect(c.storefront.privateToken).toBe('local-private-token');
  expect(c.content).toMatchObject({ apiHost: 'http://127.0.0.1:2', useCdn: false, projectId: 'gramercy', dataset: 'production' });
  expect(c.port).toBe(3000);
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
  for (const name of ['SITE_URL', 'PRIVATE_STOREFRONT_API_TOKEN', 'SANITY_DATASET', 'SCHEDULER_URL']) {
    expect(issues.join('\n')).toContain(name);
  }
  expect(() => loadConfig({ PORT: 'abc', SANITY_DATASET: 'Bad Name!' })).toThrow(/PORT[\s\S]*SANITY_DATASET/);
});

test('live mode with everything set talks to the real hosts', () => {
  const c = loadConfig({
    SITE_URL: 'https://www.gramercystems.com/', SHOPIFY_STORE_DOMAIN: 'gramercy.myshopify.com', PRIVATE_STOREFRONT_API_TOKEN: 'x',
    SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'production', SCHEDULER_URL: 'https://api-us.zapiet.com',
    SCHEDULER_PICKUP_LOCATION_ID: '1', SCHEDULER_DELIVERY_LOCATION_ID: '2', SCHEDULER_SHOP: 'gramercy.myshopify.com',
  });
  expect(c.mode).toBe('live');
  expect(c.siteUrl).toBe('https://www.gramercystems.com');
  expect(c.storefront.endpoint).toBe('https://gramercy.myshopify.com/api/2026-04/graphql.json');
  expect(c.storefront.imageOrigin).toBe('https://cdn.shopify.com');
  expect(c.content).toMatchObject({ apiHost: null, useCdn: true, imageOrigin: 'https://cdn.sanity.io' });
});

test("scheduler: local location ids and shop are the emulator's; timeout and availability TTL from the environment", () => {
  const urls = { storefront: 'http://127.0.0.1:1', content: 'http://127.0.0.1:2', scheduler: 'http://127.0.0.1:3' };
  expect(loadConfig({}, urls).scheduler).toEqual({
    url: 'http://127.0.0.1:3', pickupLocationId: '101', deliveryLocationId: '201', shop: 'gramercy-stems.myshopify.com',
    timeoutMs: 5000, availabilityTtlMs: 60_000,
  });
  expect(loadConfig({ SCHEDULER_TIMEOUT_MS: '1500', AVAILABILITY_TTL_SECONDS: '30' }, urls).scheduler)
    .toMatchObject({ timeoutMs: 1500, availabilityTtlMs: 30_000 });
  expect(() => loadConfig({ SCHEDULER_TIMEOUT_MS: '0', AVAILABILITY_TTL_SECONDS: 'soon' }, urls)).toThrow(/SCHEDULER_TIMEOUT_MS[\s\S]*AVAILABILITY_TTL_SECONDS/);
});
