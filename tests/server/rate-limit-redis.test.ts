/**
 * Sign-in limits shared through Redis (docs/architecture.md §8): two web instances behind one
 * balancer count one client's attempts together; with Redis gone each instance still limits
 * on its own instead of letting every attempt through.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { RedisCache } from '../../server/cache';
import { REDIS_TEST_COMMAND_TIMEOUT_MS, REDIS_TEST_URL, serviceAvailable } from '../support/services';
import { startTestApp, type TestApp } from '../support/app';

const hasRedis = serviceAvailable('redis');

const failedSignIn = (t: TestApp, ip: string) =>
  request(t.app).post('/api/customer/login').set('X-Forwarded-For', ip).send({ email: 'nobody@example.com', password: 'wrong' });

(hasRedis ? describe : describe.skip)('sign-in limits in Redis', () => {
  test('two instances share one count per client IP', async () => {
    const keyPrefix = `gs-test-${randomUUID()}:`;
    const [a, b] = await Promise.all([
      startTestApp({ cache: (log) => new RedisCache(log, { url: REDIS_TEST_URL, commandTimeoutMs: REDIS_TEST_COMMAND_TIMEOUT_MS, keyPrefix }) }),
      startTestApp({ cache: (log) => new RedisCache(log, { url: REDIS_TEST_URL, commandTimeoutMs: REDIS_TEST_COMMAND_TIMEOUT_MS, keyPrefix }) }),
    ]);
    try {
      // Wait until both connections are up, so the counts really go to Redis.
      for (const t of [a, b]) expect(await (t.cache as RedisCache).ready()).toBe(true);
      for (let i = 0; i < 5; i++) expect((await failedSignIn(a, '192.0.2.10')).status).toBe(401);
      for (let i = 0; i < 5; i++) expect((await failedSignIn(b, '192.0.2.10')).status).toBe(401);
      expect((await failedSignIn(a, '192.0.2.10')).status).toBe(429);
      expect((await failedSignIn(b, '192.0.2.10')).status).toBe(429);
      expect((await failedSignIn(b, '192.0.2.11')).status).toBe(401);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});

test('with Redis unreachable, the instance still limits sign-in on its own', async () => {
  const t = await startTestApp({ cache: (log) => new RedisCache(log, { url: 'redis://127.0.0.1:1/0', keyPrefix: 'gs-down:' }) });
  try {
    for (let i = 0; i < 10; i++) expect((await failedSignIn(t, '192.0.2.20')).status).toBe(401);
    expect((await failedSignIn(t, '192.0.2.20')).status).toBe(429);
  } finally {
    await t.stop();
  }
});
