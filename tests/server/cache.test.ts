/**
 * The cache: stale-while-revalidate and stale-if-error semantics, the real Redis backend, and
 * the fallback to the in-process LRU when Redis is down or silent (it must never hang).
 *
 * Time is a manual clock injected into the cache (`now`), so nothing here sleeps: freshness and
 * in-process expiry move only when a test advances the clock. Redis's own PX expiry runs on real
 * time, so the Redis tests keep it long and check the PX they asked for instead of waiting it out.
 */
import { createServer, type Server } from 'node:net';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { MemoryCache, RedisCache, REFRESH_BACKOFF, type Cache, type Clock } from '../../server/cache';
import { DOWN_AFTER_TIMEOUTS } from '../../server/cache/redis-cache';
import type { Logger } from '../../server/logger';
import { delayingProxy } from '../support/redis-proxy';
import { REDIS_TEST_COMMAND_TIMEOUT_MS, REDIS_TEST_URL, serviceAvailable } from '../support/services';

const silent = pino({ level: 'silent' });

/** A clock that only moves when told to (epoch ms). */
function manualClock(start = Date.UTC(2026, 10, 23, 12)) {
  let t = start;
  return {
    now: (() => t) as Clock,
    advance(ms: number) {
      t += ms;
    },
  };
}

/** A logger that keeps its records, to assert on warnings. */
function recordingLog() {
  const records: Array<{ level: number; msg: string; key?: string; err?: { message: string } }> = [];
  const log = pino(
    { level: 'debug' },
    {
      write: (line: string) => {
        records.push(JSON.parse(line));
      },
    },
  );
  return { log, warnings: () => records.filter((r) => r.level === pino.levels.values.warn) };
}

/** A promise settled from outside, to hold a fetcher open without timers. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

type Make = (opts: { now: Clock; log: Logger }) => Cache;

function swrBehaviour(make: Make) {
  let cache: Cache;
  let clock: ReturnType<typeof manualClock>;
  let logged: ReturnType<typeof recordingLog>;
  beforeEach(async () => {
    clock = manualClock();
    logged = recordingLog();
    cache = make({ now: clock.now, log: logged.log });
    if (cache instanceof RedisCache) expect(await cache.ready()).toBe(true);
  });
  afterEach(() => cache.close());

  test('serves fresh values without refetching, for ttlMs on the injected clock', async () => {
    const fetcher = jest.fn(async () => ({ n: 1 }));
    expect(await cache.swr('k1', 1000, 1000, fetcher)).toEqual({ n: 1 });
    clock.advance(999);
    expect(await cache.swr('k1', 1000, 1000, fetcher)).toEqual({ n: 1 });
    await cache.whenIdle();
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  test('serves stale at once and refreshes in the background, once', async () => {
    let n = 0;
    const fetcher = jest.fn(async () => ++n);
    expect(await cache.swr('k2', 50, 5000, fetcher)).toBe(1);
    clock.advance(50); // no longer fresh (fresh while freshUntil > now)
    const gate = deferred<void>();
    const slow = jest.fn(async () => {
      await gate.promise;
      return fetcher();
    });
    expect(await cache.swr('k2', 50, 5000, slow)).toBe(1); // stale, refresh started
    expect(await cache.swr('k2', 50, 5000, slow)).toBe(1); // stale, joins that refresh
    expect(slow).toHaveBeenCalledTimes(1);
    gate.resolve();
    await cache.whenIdle();
    expect(await cache.swr('k2', 50, 5000, fetcher)).toBe(2); // the refreshed value, fresh again
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(logged.warnings()).toEqual([]);
  });

  test('keeps serving stale when the refresh fails (stale-if-error), and says so', async () => {
    await cache.swr('k3', 30, 5000, async () => 'good');
    clock.advance(31);
    const failing = jest.fn(async (): Promise<string> => {
      throw new Error('upstream down');
    });
    expect(await cache.swr('k3', 30, 5000, failing)).toBe('good');
    await cache.whenIdle();
    expect(failing).toHaveBeenCalledTimes(1);
    expect(logged.warnings()).toEqual([
      expect.objectContaining({ msg: 'cache refresh failed; serving stale', key: 'k3', err: expect.objectContaining({ message: 'upstream down' }) }),
    ]);
    // Within the backoff every read serves stale without calling the failing upstream again.
    for (let i = 0; i < 20; i++) expect(await cache.swr('k3', 30, 5000, failing)).toBe('good');
    clock.advance(REFRESH_BACKOFF.baseMs - 1);
    expect(await cache.swr('k3', 30, 5000, failing)).toBe('good');
    await cache.whenIdle();
    expect(failing).toHaveBeenCalledTimes(1);
    // Past it, one retry; it fails too, so the next wait is twice as long.
    clock.advance(1);
    expect(await cache.swr('k3', 30, 5000, failing)).toBe('good');
    await cache.whenIdle();
    expect(failing).toHaveBeenCalledTimes(2);
    clock.advance(REFRESH_BACKOFF.baseMs);
    expect(await cache.swr('k3', 30, 5000, failing)).toBe('good');
    await cache.whenIdle();
    expect(failing).toHaveBeenCalledTimes(2);
    clock.advance(REFRESH_BACKOFF.baseMs);
    // The upstream is back: the next stale read refreshes, the one after serves the new value.
    expect(await cache.swr('k3', 30, 5000, async () => 'better')).toBe('good');
    await cache.whenIdle();
    expect(await cache.swr('k3', 30, 5000, async () => 'unused')).toBe('better');
  });

  test('propagates the error when nothing is cached, and caches no failure', async () => {
    await expect(
      cache.swr('k4', 1000, 1000, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await cache.get('k4')).toBeUndefined();
    expect(await cache.swr('k4', 1000, 1000, async () => 'recovered')).toBe('recovered');
  });

  test('concurrent misses share one fetch', async () => {
    const gate = deferred<void>();
    const fetcher = jest.fn(async () => {
      await gate.promise;
      return 'v';
    });
    const pending = Promise.all([1, 2, 3].map(() => cache.swr('k5', 1000, 0, fetcher)));
    gate.resolve();
    expect(await pending).toEqual(['v', 'v', 'v']);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  test('whenIdle resolves at once when nothing is running', async () => {
    await expect(cache.whenIdle()).resolves.toBeUndefined();
  });
}

describe('in-process LRU cache', () => {
  swrBehaviour(({ now, log }) => new MemoryCache(log, { now }));

  test('evicts beyond its entry limit', async () => {
    const cache = new MemoryCache(silent, { max: 2 });
    await cache.set('a', 1, 1000);
    await cache.set('b', 2, 1000);
    await cache.set('c', 3, 1000);
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.get('c')).toBe(3);
  });

  test('entries expire after ttlMs on the injected clock; falsy values are hits', async () => {
    const clock = manualClock();
    const cache = new MemoryCache(silent, { now: clock.now });
    await cache.set('a', null, 1000);
    await cache.set('b', false, 2000);
    clock.advance(999);
    expect(await cache.get('a')).toBeNull();
    clock.advance(1);
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.get('b')).toBe(false);
    clock.advance(1000);
    expect(await cache.get('b')).toBeUndefined();
  });

  test('past ttlMs + staleMs the entry is gone: the caller waits for a fresh fetch', async () => {
    const clock = manualClock();
    const cache = new MemoryCache(silent, { now: clock.now });
    const failing = async (): Promise<string> => {
      throw new Error('down');
    };
    await cache.swr('k', 100, 200, async () => 'old');
    clock.advance(299);
    expect(await cache.swr('k', 100, 200, failing)).toBe('old'); // stale; its refresh fails
    await cache.whenIdle();
    clock.advance(1);
    expect(await cache.get('k')).toBeUndefined();
    expect(await cache.swr('k', 100, 200, async () => 'new')).toBe('new');
  });

  test('defaults to the real clock', async () => {
    const cache = new MemoryCache(silent);
    const before = Date.now();
    expect(await cache.swr('b', 60_000, 0, async () => 2)).toBe(2);
    const { freshUntil } = (await cache.get<{ freshUntil: number }>('b'))!;
    expect(freshUntil).toBeGreaterThanOrEqual(before + 60_000);
    expect(freshUntil).toBeLessThanOrEqual(Date.now() + 60_000);
  });
});

const redis = serviceAvailable('redis');
(redis ? describe : describe.skip)('Redis cache (real Redis)', () => {
  /** A fresh namespace per instance, so tests never see each other's keys. */
  const prefix = () => `test:${randomUUID()}:`;
  swrBehaviour(
    ({ now, log }) => new RedisCache(log, { url: REDIS_TEST_URL, commandTimeoutMs: REDIS_TEST_COMMAND_TIMEOUT_MS, keyPrefix: prefix(), now }),
  );

  test('values are shared through Redis between instances, with a TTL', async () => {
    const keyPrefix = prefix();
    const a = new RedisCache(silent, { url: REDIS_TEST_URL, commandTimeoutMs: REDIS_TEST_COMMAND_TIMEOUT_MS, keyPrefix });
    const b = new RedisCache(silent, { url: REDIS_TEST_URL, commandTimeoutMs: REDIS_TEST_COMMAND_TIMEOUT_MS, keyPrefix });
    try {
      expect(await a.ready()).toBe(true);
      expect(await b.ready()).toBe(true);
      await a.set('shared', { hello: 'world' }, 5000);
      expect(await b.get('shared')).toEqual({ hello: 'world' });
      const ttl = await b.redis.pttl('shared');
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(5000);
      await b.delete('shared');
      expect(await a.get('shared')).toBeUndefined();
      expect(a.isDegraded).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  });

  test('swr keeps the entry in Redis for ttlMs + staleMs (PX), freshness on the cache clock', async () => {
    const clock = manualClock();
    const cache = new RedisCache(silent, {
      url: REDIS_TEST_URL,
      commandTimeoutMs: REDIS_TEST_COMMAND_TIMEOUT_MS,
      keyPrefix: prefix(),
      now: clock.now,
    });
    try {
      expect(await cache.ready()).toBe(true);
      await cache.swr('entry', 1000, 59_000, async () => 'v');
      const ttl = await cache.redis.pttl('entry');
      expect(ttl).toBeGreaterThan(59_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
      expect(JSON.parse((await cache.redis.get('entry'))!)).toEqual({ value: 'v', freshUntil: clock.now() + 1000 });
    } finally {
      await cache.close();
    }
  });

  test('another instance serves the stale entry and refreshes it for everyone', async () => {
    const keyPrefix = prefix();
    const clock = manualClock();
    const a = new RedisCache(silent, { url: REDIS_TEST_URL, commandTimeoutMs: REDIS_TEST_COMMAND_TIMEOUT_MS, keyPrefix, now: clock.now });
    const b = new RedisCache(silent, { url: REDIS_TEST_URL, commandTimeoutMs: REDIS_TEST_COMMAND_TIMEOUT_MS, keyPrefix, now: clock.now });
    try {
      expect(await a.ready()).toBe(true);
      expect(await b.ready()).toBe(true);
      await a.swr('s', 1000, 60_000, async () => 'first');
      clock.advance(1000);
      expect(await b.swr('s', 1000, 60_000, async () => 'second')).toBe('first');
      await b.whenIdle();
      expect(await a.swr('s', 1000, 60_000, async () => 'unused')).toBe('second');
    } finally {
      await a.close();
      await b.close();
    }
  });
});

(redis ? describe : describe.skip)('a slow but healthy Redis (a proxy that can hold its requests back)', () => {
  test(`one command over the timeout is answered from the LRU and is no alarm; ${DOWN_AFTER_TIMEOUTS} in a row are`, async () => {
    const proxy = await delayingProxy();
    const logged = recordingLog();
    const cache = new RedisCache(logged.log, { url: proxy.url, keyPrefix: `test:${randomUUID()}:`, commandTimeoutMs: 200 });
    try {
      expect(await cache.ready(REDIS_TEST_COMMAND_TIMEOUT_MS)).toBe(true);
      await cache.set('v', 'kept', 60_000);
      proxy.state.delayMs = 600;
      expect(await cache.get('v')).toBe('kept'); // timed out: from the LRU
      proxy.state.delayMs = 0;
      expect(await cache.get('v')).toBe('kept');
      expect(cache.isDegraded).toBe(false);
      expect(logged.warnings()).toEqual([]);
      // Timeouts in a row: now that is an outage, said once.
      proxy.state.delayMs = 600;
      for (let i = 0; i < DOWN_AFTER_TIMEOUTS; i++) expect(await cache.get('v')).toBe('kept');
      expect(cache.isDegraded).toBe(true);
      expect(logged.warnings()).toEqual([expect.objectContaining({ msg: 'redis unavailable; caching in process until it is back' })]);
    } finally {
      await cache.close();
      await proxy.close();
    }
  });

  test('a hung Redis costs no request a timeout once it is down: the LRU answers at once, and one command probes it after the pause', async () => {
    const proxy = await delayingProxy();
    const logged = recordingLog();
    const cache = new RedisCache(logged.log, { url: proxy.url, keyPrefix: `test:${randomUUID()}:`, commandTimeoutMs: 200, retryAfterDownMs: 1000 });
    try {
      expect(await cache.ready(REDIS_TEST_COMMAND_TIMEOUT_MS)).toBe(true);
      await cache.set('v', 'kept', 60_000);
      proxy.state.delayMs = 600;
      for (let i = 0; i < DOWN_AFTER_TIMEOUTS; i++) expect(await cache.get('v')).toBe('kept');
      expect(cache.isDegraded).toBe(true);
      // Down: each read is the LRU's, without waiting for the 200 ms timeout.
      const started = performance.now();
      for (let i = 0; i < 10; i++) expect(await cache.get('v')).toBe('kept');
      expect(performance.now() - started).toBeLessThan(200);
      // Redis answers again: after the pause, one command asks it and the cache is back on Redis.
      proxy.state.delayMs = 0;
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await cache.get('v')).toBe('kept');
      expect(cache.isDegraded).toBe(false);
      // The outage is said once, not once per request that skipped Redis.
      expect(logged.warnings()).toHaveLength(1);
    } finally {
      await cache.close();
      await proxy.close();
    }
  });
});

describe('Redis unreachable: falls back to the LRU, quickly', () => {
  test('connection refused', async () => {
    const clock = manualClock();
    const { log, warnings } = recordingLog();
    const cache = new RedisCache(log, { url: 'redis://127.0.0.1:1', keyPrefix: 'test:', now: clock.now });
    try {
      const started = Date.now();
      expect(await cache.swr('x', 1000, 1000, async () => 'from upstream')).toBe('from upstream');
      expect(await cache.get('x')).toEqual({ value: 'from upstream', freshUntil: clock.now() + 1000 });
      expect(cache.isDegraded).toBe(true);
      expect(warnings().map((w) => w.msg)).toContain('redis unavailable; caching in process until it is back');
      expect(Date.now() - started).toBeLessThan(1000);
      // The fallback expires on the same injected clock (ttl + stale = 2000 ms).
      clock.advance(1999);
      expect(
        await cache.swr('x', 1000, 1000, async () => {
          throw new Error('down');
        }),
      ).toBe('from upstream');
      await cache.whenIdle();
      clock.advance(1);
      expect(await cache.get('x')).toBeUndefined();
    } finally {
      await cache.close();
    }
  });

  describe('a Redis that accepts connections and never answers', () => {
    let server: Server;
    let port: number;
    beforeAll(async () => {
      server = createServer(() => {
        /* swallow everything */
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      port = (server.address() as { port: number }).port;
    });
    afterAll(
      () =>
        new Promise<void>((r) => {
          server.close(() => r());
        }),
    );

    test('commands time out and the LRU answers', async () => {
      const cache = new RedisCache(silent, { url: `redis://127.0.0.1:${port}`, keyPrefix: 'test:', commandTimeoutMs: 100 });
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
