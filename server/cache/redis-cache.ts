/**
 * Redis cache (ioredis) with the in-process LRU behind it (docs/architecture.md §8): every write goes to both,
 * reads prefer Redis. Any Redis error (down, slow, not yet connected) falls back to the LRU and is
 * logged once until Redis answers again. It never hangs: no offline queue, a command timeout,
 * one retry per request; reconnection runs in the background.
 *
 * A command that outlives its timeout is answered from the LRU, but one slow answer is no outage:
 * Redis is declared down (logged, `/readyz` "degraded") only after DOWN_AFTER_TIMEOUTS timeouts
 * in a row, or at once on a connection error. A circuit breaker (cockatiel's; the upstreams' own
 * is server/upstream/circuit.ts, ADR-0017) stops a hung Redis from costing every request a timeout per command:
 * after DOWN_AFTER_TIMEOUTS failures in a row the LRU answers alone for `retryAfterDownMs`, then
 * one command asks Redis again. The timeout, DEFAULT_COMMAND_TIMEOUT_MS, comes from
 * `npm run bench:redis` on the 2-core CI machine under load (docs/architecture.md §8).
 */
import { circuitBreaker, ConsecutiveBreaker, handleAll, isBrokenCircuitError, type CircuitBreakerPolicy } from 'cockatiel';
import Redis from 'ioredis';
import type { Logger } from '../logger';
import { BaseCache, type CacheOptions } from './cache';
import { MemoryCache } from './lru-cache';

export type RedisCacheOptions = CacheOptions & {
  /** `redis://[user:password@]host:port[/db]`. */
  url: string;
  /** Namespace for every key, e.g. "gs:" (the default; tests use a unique prefix). */
  keyPrefix?: string;
  /** Bound on each Redis command, in ms (default DEFAULT_COMMAND_TIMEOUT_MS); past it the LRU answers. */
  commandTimeoutMs?: number;
  /** While Redis is down, how long the LRU answers alone before one command asks Redis again (ms, default RETRY_AFTER_DOWN_MS). */
  retryAfterDownMs?: number;
};

/**
 * Command timeout (ms). `npm run bench:redis` on the 2-core CI machine at load average 32 (seven
 * test suites beside it): a healthy Redis answered with p99.9 178–328 ms and max 329 ms; 250 ms
 * reported it down twice under load. About 3x the worst healthy answer seen.
 */
export const DEFAULT_COMMAND_TIMEOUT_MS = 1000;

/** Command timeouts in a row that mean Redis is down (fewer: a slow answer, served from the LRU). */
export const DOWN_AFTER_TIMEOUTS = 3;

/** While Redis is down, the LRU answers alone this long (ms) before one command probes Redis. */
export const RETRY_AFTER_DOWN_MS = 5000;

const isCommandTimeout = (err: unknown) => err instanceof Error && err.message === 'Command timed out';

export class RedisCache extends BaseCache {
  readonly redis: Redis;
  private readonly fallback: MemoryCache;
  private degraded = false;
  private readonly circuit: CircuitBreakerPolicy;

  constructor(
    log: Logger,
    { url, keyPrefix = 'gs:', commandTimeoutMs = DEFAULT_COMMAND_TIMEOUT_MS, retryAfterDownMs = RETRY_AFTER_DOWN_MS, ...options }: RedisCacheOptions,
  ) {
    super(log, options);
    this.circuit = circuitBreaker(handleAll, { breaker: new ConsecutiveBreaker(DOWN_AFTER_TIMEOUTS), halfOpenAfter: retryAfterDownMs });
    // Failures in a row on this connection (the data cache's, the page store's, the rate limits'): down.
    this.circuit.onBreak((reason) => this.down('error' in reason ? reason.error : undefined));
    this.circuit.onReset(() => this.recovered());
    this.fallback = new MemoryCache(log, options);
    this.redis = new Redis(url, {
      keyPrefix,
      lazyConnect: true,
      enableOfflineQueue: false,
      commandTimeout: commandTimeoutMs,
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      retryStrategy: (attempt) => Math.min(attempt * 500, 5000),
    });
    // ioredis emits 'error' on every failed reconnect; the first is logged by `failed`.
    this.redis.on('error', (err) => this.failed(err));
    this.redis.on('ready', () => this.recovered());
    this.redis.connect().catch((err) => this.failed(err));
  }

  /** From Redis; from the in-process LRU while Redis fails. */
  async get<T>(key: string): Promise<T | undefined> {
    try {
      const raw = await this.command((redis) => redis.get(key));
      this.recovered();
      return raw === null ? undefined : (JSON.parse(raw) as T);
    } catch (err) {
      this.failed(err);
      return this.fallback.get<T>(key);
    }
  }

  /**
   * Into the LRU and into Redis with `PX ttlMs` (Redis expires it on its own, real, clock).
   * A Redis failure is logged and the LRU copy serves.
   */
  async set<T>(key: string, value: T, ttlMs: number): Promise<void> {
    await this.fallback.set(key, value, ttlMs);
    try {
      await this.command((redis) => redis.set(key, JSON.stringify(value), 'PX', Math.max(1, Math.round(ttlMs))));
      this.recovered();
    } catch (err) {
      this.failed(err);
    }
  }

  async delete(key: string): Promise<void> {
    await this.fallback.delete(key);
    try {
      await this.command((redis) => redis.del(key));
    } catch (err) {
      this.failed(err);
    }
  }

  /** Resolves true once Redis is connected, false if it is not within `timeoutMs` (ms, default 1000). */
  ready(timeoutMs = 1000): Promise<boolean> {
    if (this.redis.status === 'ready') return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.redis.off('ready', onReady);
        resolve(ok);
      };
      const onReady = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.redis.once('ready', onReady);
    });
  }

  /** True while Redis is failing and the LRU serves. */
  get isDegraded(): boolean {
    return this.degraded;
  }

  async close(): Promise<void> {
    await this.fallback.close();
    this.redis.disconnect();
  }

  /**
   * A command on this connection through its circuit (the data cache's and the page store's):
   * rejects at once with cockatiel's BrokenCircuitError while Redis is down and not yet due a probe.
   */
  command<T>(op: (redis: Redis) => Promise<T>): Promise<T> {
    return this.circuit.execute(() => op(this.redis));
  }

  /** A failed command or connection: a refused connection is an outage at once; timeouts are the circuit's to count. */
  private failed(err: unknown): void {
    if (isBrokenCircuitError(err) || isCommandTimeout(err)) return;
    this.down(err);
  }

  private down(err: unknown): void {
    if (this.degraded) return;
    this.degraded = true;
    this.log.warn({ err }, 'redis unavailable; caching in process until it is back');
  }

  private recovered(): void {
    if (!this.degraded) return;
    this.degraded = false;
    this.log.info('redis available again');
  }
}
