/**
 * The cache: stale-while-revalidate and stale-if-error semantics, the real Redis backend, and
 * the fallback to the in-process LRU when Redis is down or silent (it must never hang).
 */
import { createServer, type Server } from 'node:net';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { MemoryCache, RedisCache, type Cache } from '../../server/cache';
import { REDIS_TEST_URL, serviceAvailable } from '../support/services';

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function swrBehaviour(make: () => Cache) {
  let cache: Cache;
  beforeEach(async () => {
    cache = make();
    if (cache instanceof RedisCache) expect(await cache.ready()).toBe(true);
  });
  afterEach(() => cache.close());

  test('serves fresh values without refetching', async () => {
    const fetcher = jest.fn(async () => ({ n: 1 }));
    expect(await cache.swr('k1', 1000, 1000, fetcher)).toEqual({ n: 1 });
    expect(await cache.swr('k1', 1000, 1000, fetcher)).toEqual({ n: 1 });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  test('serves stale at once and refreshes in the background', async () => {
    let n = 0;
    const fetcher = async () => ++n;
    await cache.swr('k2', 50, 5000, fetcher);
    await sleep(80);
    expect(await cache.swr('k2', 50, 5000, fetcher)).toBe(1); // stale, refresh started
    await sleep(50);
    expect(await cache.swr('k2', 50, 5000, fetcher)).toBe(2);
  });

  test('keeps serving stale when the refresh fails (stale-if-error)', async () => {
    await cache.swr('k3', 30, 5000, async () => 'good');
    await sleep(60);
    const failing = async (): Promise<string> => { throw new Error('upstream down'); };
    expect(await cache.swr('k3', 30, 5000, failing)).toBe('good');
    await sleep(20);
    expect(await cache.swr('k3', 30, 5000, failing)).toBe('good');
  });

  test('propagates the error when nothing is cached', async () => {
    await expect(cache.swr('k4', 1000, 1000, async () => { throw new Error('boom'); })).rejects.toThrow('boom');
  });

  test('concurrent misses share one fetch', async () => {
    const fetcher = jest.fn(async () => { await sleep(30); return 'v'; });
    const results = await Promise.all([1, 2, 3].map(() => cache.swr('k5', 1000, 0, fetcher)));
    expect(results).toEqual(['v', 'v', 'v']);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
}

describe('in-process LRU cache', () => {
  swrBehaviour(() => new MemoryCache(log));

  test('evicts beyond its entry limit', async () => {
    const cache = new MemoryCache(log, 2);
    await cache.set('a', 1, 1000); await cache.set('b', 2, 1000); await cache.set('c', 3, 1000);
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.get('c')).toBe(3);
  });
});

const redis = serviceAvailable('redis');
(redis ? describe : describe.skip)('Redis cache (real Redis)', () => {
  const prefix = `test:${randomUUID()}:`;
  swrBehaviour(() => new RedisCache(log, { url: REDIS_TEST_URL, keyPrefix: prefix }));

  test('values are shared through Redis between instances, with a TTL', async () => {
    const a = new RedisCache(log, { url: REDIS_TEST_URL, keyPrefix: prefix });
    const b = new RedisCache(log, { url: REDIS_TEST_URL, keyPrefix: prefix });
    try {
      expect(await a.ready()).toBe(true); expect(await b.ready()).toBe(true);
      await a.set('shared', { hello: 'world' }, 5000);
      expect(await b.get('shared')).toEqual({ hello: 'world' });
      const ttl = await b.redis.pttl('shared');
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(5000);
      await b.delete('shared');
      expect(await a.get('shared')).toBeUndefined();
      expect(a.isDegraded).toBe(false);
    } finally {
      await a.close(); await b.close();
    }
  });
});

describe('Redis unreachable: falls back to the LRU, quickly', () => {
  test('connection refused', async () => {
    const cache = new RedisCache(log, { url: 'redis://127.0.0.1:1', keyPrefix: 'test:' });
    try {
      const started = Date.now();
      expect(await cache.swr('x', 1000, 1000, async () => 'from upstream')).toBe('from upstream');
      expect(await cache.get('x')).toEqual({ value: 'from upstream', freshUntil: expect.any(Number) });
      expect(cache.isDegraded).toBe(true);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await cache.close();
    }
  });

  describe('a Redis that accepts connections and never answers', () => {
    let server: Server;
    let port: number;
    beforeAll(async () => {
      server = createServer(() => { /* swallow everything */ });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      port = (server.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((r) => { server.close(() => r()); }));

    test('commands time out and the LRU answers', async () => {
      const cache = new RedisCache(log, { url: `redis://127.0.0.1:${port}`, keyPrefix: 'test:', commandTimeoutMs: 100 });
      try {
        const started = Date.now();
        await cache.set('y', 42, 1000);
        expect(await cache.get('y')).toBe(42);
        expect(Date.now() - started).toBeLessThan(1500);
      } finally {
        await cache.close();
      }
    });
  });
});
