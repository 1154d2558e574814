/**
 * A hung Redis (the process stopped, its socket still open) against the real app
 * (docs/architecture.md §8 "Faults"): once the shop has found it down, pages, the cart and sign-in
 * are answered without asking Redis at all until the next probe, so no request pays
 * a command timeout per cache read, page lookup or rate-limit count.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { RedisCache } from '../../server/cache';
import { delayingProxy, type DelayingProxy } from '../support/redis-proxy';
import { REDIS_TEST_COMMAND_TIMEOUT_MS, serviceAvailable } from '../support/services';
import { VARIANTS } from '../support/cart';
import { startTestApp, type TestApp } from '../support/app';

const hasRedis = serviceAvailable('redis');

(hasRedis ? describe : describe.skip)('a hung Redis', () => {
  let proxy: DelayingProxy;
  let t: TestApp;
  let cache: RedisCache;

  beforeAll(async () => {
    proxy = await delayingProxy();
    t = await startTestApp({
      cache: (log) => (cache = new RedisCache(log, { url: proxy.url, commandTimeoutMs: 300, keyPrefix: `gs-hung-${randomUUID()}:` })),
      // The default limits: their counts are Redis commands too.
      rateLimits: { cartCreate: undefined, cartWrites: undefined, pages: undefined },
    });
    expect(await cache.ready(REDIS_TEST_COMMAND_TIMEOUT_MS)).toBe(true);
  });
  afterAll(async () => {
    await t?.stop();
    await proxy?.close();
  });

  test('once it is found down, a journey sends Redis nothing until the next probe', async () => {
    expect((await request(t.app).get('/')).status).toBe(200);
    proxy.state.delayMs = 60_000;
    // Found down: three command timeouts in a row.
    for (let i = 0; i < 3 && !cache.isDegraded; i++) await request(t.app).get(`/?warm=${i}`);
    expect(cache.isDegraded).toBe(true);

    const asked = proxy.state.commands;
    const journey = [
      await request(t.app).get('/'),
      await request(t.app).get('/products/classic-gramercy-bouquet'),
      await request(t.app).get('/__payload/root'),
      await request(t.app).post('/api/cart/lines').set('Origin', t.config.siteUrl).send({ merchandiseId: VARIANTS.classicPetite }),
      await request(t.app).post('/api/customer/login').set('Origin', t.config.siteUrl).send({ email: 'nobody@example.com', password: 'wrong' }),
    ];
    expect(journey.map((res) => res.status)).toEqual([200, 200, 200, 201, 401]);
    expect(proxy.state.commands - asked).toBe(0);
  });
});
