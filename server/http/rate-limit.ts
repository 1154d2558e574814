/**
 * Rate limits on the account endpoints an attacker would hammer (docs/architecture.md §8):
 * `express-rate-limit`, per client IP (the request context's, which honours the CDN's trusted
 * header and the proxy hops), counted in Redis through `rate-limit-redis` when Redis is
 * configured, so every web instance behind the balancer shares one count.
 *
 * | tier     | endpoint                         | limit (per client IP)                         |
 * |----------|----------------------------------|-----------------------------------------------|
 * | signIn   | POST /api/customer/login         | 10 failed attempts per 15 minutes              |
 * | recover  | POST /api/customer/recover       | 5 requests per 15 minutes                      |
 * | signUp   | POST /api/customer/register      | 10 requests per hour                           |
 * | unlock   | POST /products/{handle}/unlock   | 10 attempts per 15 minutes                     |
 * | signUps  | newsletter, popup, back in stock, hint, reserve (POST /api/…) | 20 per 15 minutes  |
 *
 * Past the limit: 429 `{ isError: true, message }` with `Retry-After` and the IETF `RateLimit`
 * headers. If Redis fails, each instance keeps counting in memory (and logs it) rather than
 * letting every attempt through or refusing everyone; Redis is tried again after a pause.
 */
import type { RequestHandler } from 'express';
import {
  ipKeyGenerator,
  MemoryStore,
  rateLimit,
  type ClientRateLimitInfo,
  type IncrementResponse,
  type Options,
  type Store,
} from 'express-rate-limit';
import type Redis from 'ioredis';
import { RedisStore } from 'rate-limit-redis';
import type { Logger } from '../logger';
import { fail } from './json-api';
import { MESSAGES } from './messages';
import { currentRequest } from './request-context';

export type RateLimitTier = 'signIn' | 'recover' | 'signUp' | 'unlock' | 'signUps';

/** `limit` requests per `windowMs` (ms); `failuresOnly` counts only answers of 400 and above. */
export type TierOptions = { limit: number; windowMs: number; failuresOnly: boolean };

export const DEFAULT_RATE_LIMITS: Record<RateLimitTier, TierOptions> = {
  signIn: { limit: 10, windowMs: 15 * 60_000, failuresOnly: true },
  recover: { limit: 5, windowMs: 15 * 60_000, failuresOnly: false },
  signUp: { limit: 10, windowMs: 60 * 60_000, failuresOnly: false },
  // Every attempt counts, right or wrong: a guesser must not be able to reset the count.
  unlock: { limit: 10, windowMs: 15 * 60_000, failuresOnly: false },
  // Marketing sign-ups: a household signing up for a few products is fine; a script filling the
  // florist's list with other people's addresses is not.
  signUps: { limit: 20, windowMs: 15 * 60_000, failuresOnly: false },
};

/** How long a failed Redis waits before it is asked again (ms). */
const REDIS_RETRY_MS = 5_000;

/**
 * Redis (rate-limit-redis) with an in-memory count behind it. rate-limit-redis loads its Lua
 * scripts once at init and never again after a failure, so a fresh RedisStore is made after
 * every failure, at most once per REDIS_RETRY_MS.
 */
class RedisWithMemoryFallback implements Store {
  private readonly memory = new MemoryStore();
  private redisStore: Promise<RedisStore> | null = null;
  private failedAt = 0;
  private options: Options | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly log: Logger,
  ) {}

  init(options: Options): void {
    this.options = options;
    this.memory.init(options);
  }

  private async store(): Promise<RedisStore | null> {
    if (!this.options || Date.now() - this.failedAt < REDIS_RETRY_MS) return null;
    this.redisStore ??= (async () => {
      const store = new RedisStore({
        prefix: this.keyPrefix,
        sendCommand: (command: string, ...args: string[]) => this.redis.call(command, ...args) as Promise<number | string>,
      });
      await store.init(this.options!);
      return store;
    })();
    try {
      return await this.redisStore;
    } catch (err) {
      this.failed(err);
      return null;
    }
  }

  private failed(err: unknown): void {
    if (this.failedAt === 0 || Date.now() - this.failedAt >= REDIS_RETRY_MS) this.log.warn({ err }, 'rate limits: Redis failed, counting in memory');
    this.failedAt = Date.now();
    this.redisStore = null;
  }

  /** Runs `op` on Redis, or on the in-memory count when Redis is not there. */
  private async either<T>(op: (store: Store) => Promise<T> | T): Promise<T> {
    const store = await this.store();
    if (store) {
      try {
        return await op(store);
      } catch (err) {
        this.failed(err);
      }
    }
    return op(this.memory);
  }

  get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.either((s) => s.get?.(key));
  }
  increment(key: string): Promise<IncrementResponse> {
    return this.either((s) => s.increment(key));
  }
  decrement(key: string): Promise<void> {
    return this.either((s) => s.decrement(key));
  }
  resetKey(key: string): Promise<void> {
    return this.either((s) => s.resetKey(key));
  }
  shutdown(): void {
    this.memory.shutdown();
  }
}

/**
 * One limiter per tier.
 * @param deps.redis  the shared Redis connection, or null for per-instance memory counts
 * @param deps.limits per-tier overrides (tests, config)
 */
export function createRateLimits(deps: {
  redis: Redis | null;
  log: Logger;
  limits?: Partial<Record<RateLimitTier, TierOptions>>;
}): Record<RateLimitTier, RequestHandler> {
  const limiter = (tier: RateLimitTier): RequestHandler => {
    const { limit, windowMs, failuresOnly } = { ...DEFAULT_RATE_LIMITS[tier], ...deps.limits?.[tier] };
    return rateLimit({
      windowMs,
      limit,
      skipSuccessfulRequests: failuresOnly,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      // The request context's IP (CDN header or X-Forwarded-For under `trust proxy`); IPv6
      // addresses are bucketed by /56 so one host cannot rotate through its own subnet.
      keyGenerator: (req) => ipKeyGenerator(currentRequest()?.clientIp ?? req.ip ?? 'unknown'),
      handler: (_req, res) => fail(res, 429, MESSAGES.tooManyAttempts),
      store: deps.redis ? new RedisWithMemoryFallback(deps.redis, `rl:${tier}:`, deps.log) : new MemoryStore(),
      // Our keyGenerator is IP-based by construction; the library cannot see that.
      validate: { keyGeneratorIpFallback: false },
    });
  };
  return {
    signIn: limiter('signIn'),
    recover: limiter('recover'),
    signUp: limiter('signUp'),
    unlock: limiter('unlock'),
    signUps: limiter('signUps'),
  };
}
