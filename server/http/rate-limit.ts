/**
 * Rate limits per client IP (docs/architecture.md §8): `express-rate-limit`, keyed by the request
 * context's client IP (the CDN's trusted header, else the address `TRUSTED_PROXY_HOPS` proxies
 * away), counted in Redis through `rate-limit-redis` when Redis is configured, so every web
 * instance behind the balancer shares one count.
 *
 * | tier       | endpoint                                                   | default limit (per client IP)  |
 * |------------|------------------------------------------------------------|--------------------------------|
 * | signIn     | POST /api/customer/login                                   | 10 failed attempts / 15 min    |
 * | recover    | POST /api/customer/recover                                 | 5 / 15 min                     |
 * | signUp     | POST /api/customer/register                                | 10 / hour                      |
 * | unlock     | POST /products/{handle}/unlock                             | 10 attempts / 15 min           |
 * | signUps    | newsletter, popup, back in stock, hint, reserve (POST /api/…) | 20 / 15 min                 |
 * | cartCreate | carts made: POST /api/cart, POST /cart without an open cart | 30 carts / 15 min             |
 * | cartWrites | every other non-GET /api/cart…, POST /api/availability, POST /cart | 120 / min               |
 * | pages      | GET/HEAD pages and /__payload (not /assets, /api, probes, /metrics, /__build) | 600 / min   |
 *
 * Each limit can be changed with `RATE_LIMIT_{TIER}` = `{limit}/{seconds}`, or the tier switched
 * off with `off` (server/config.ts; the shop warns at start, server/config-warnings.ts).
 * Past the limit: 429 with `Retry-After` (seconds), the IETF `RateLimit` headers and
 * `Cache-Control: no-store`; the body is `{ isError: true, message }` for /api and JSON callers,
 * `{ status, message }` for /__payload (the route-data contract), a small HTML page otherwise.
 * Rejections are counted per tier (server/metrics). If Redis fails, each instance keeps
 * counting in memory (and logs it) rather than letting every attempt through or refusing
 * everyone; Redis is tried again after a pause.
 */
import type { Request, RequestHandler, Response } from 'express';
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
import { rateLimitRejections } from '../metrics/registry';
import { fail } from './json-api';
import { MESSAGES } from './messages';
import { DEFAULT_RATE_LIMITS, RATE_LIMIT_TIERS, TIER_OFF, type RateLimitTier, type TierOptions, type TierSetting } from './rate-limit-tiers';
import { currentRequest } from './request-context';

export { DEFAULT_RATE_LIMITS, RATE_LIMIT_TIERS, type RateLimitTier, type TierOptions, type TierSetting };

/** The limiters, plus the two that pick a tier by request (cart API and the no-JS cart form). */
export type RateLimits = Record<RateLimitTier, RequestHandler> & {
  /** Mounted before the cart API: POST /api/cart → cartCreate; other writes → cartWrites; GETs pass. */
  cartApi: RequestHandler;
  /** POST /cart: cartWrites always, cartCreate when the answer says a cart was made (`res.locals.cartCreated`). */
  cartForm: RequestHandler[];
};

const CART_API = /^\/api\/(cart(\/|$)|availability$)/;
/** Paths the pages tier never counts: assets, the JSON API (its own tiers), probes, metrics, build polls. */
const NOT_PAGES = /^\/(assets\/|api\/|healthz$|readyz$|metrics$|__build(\/|$))/;

const TOO_MANY_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Too many requests</title></head><body><h1>Too many requests</h1><p>${MESSAGES.tooManyRequests}</p></body></html>`;

/** The 429 answer in the caller's format (see the module comment). */
function tooMany(tier: RateLimitTier, req: Request, res: Response): void {
  rateLimitRejections.inc({ tier });
  res.setHeader('Cache-Control', 'no-store');
  // The account tiers keep their "attempts" wording; browsing and cart tiers say "requests".
  const message = tier === 'pages' || tier === 'cartCreate' || tier === 'cartWrites' ? MESSAGES.tooManyRequests : MESSAGES.tooManyAttempts;
  if (req.path.startsWith('/__payload/')) return void res.status(429).json({ status: 429, message });
  if (req.path.startsWith('/api/') || req.accepts(['html', 'json']) === 'json') return fail(res, 429, message);
  res.status(429).type('html').send(TOO_MANY_HTML);
}

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
 * @param deps.redis    the shared Redis connection, or null for per-instance memory counts
 * @param deps.limits   per-tier overrides (config `RATE_LIMIT_*`, tests); `off`: that tier's
 *   limiter lets every request through without counting it
 * @param deps.internal requests the pages tier never counts (the page cache's own refreshes)
 */
export function createRateLimits(deps: {
  redis: Redis | null;
  log: Logger;
  limits?: Partial<Record<RateLimitTier, TierSetting>>;
  internal?: (req: Request) => boolean;
}): RateLimits {
  const passThrough: RequestHandler = (_req, _res, next) => next();
  const limiter = (tier: RateLimitTier, extra: Partial<Options> = {}): RequestHandler => {
    const setting = deps.limits?.[tier];
    if (setting === TIER_OFF) return passThrough;
    const { limit, windowMs, failuresOnly } = { ...DEFAULT_RATE_LIMITS[tier], ...setting };
    return rateLimit({
      windowMs,
      limit,
      skipSuccessfulRequests: failuresOnly,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      // The request context's IP (CDN header or the hop `trust proxy` names); IPv6
      // addresses are bucketed by /56 so one host cannot rotate through its own subnet.
      keyGenerator: (req) => ipKeyGenerator(currentRequest()?.clientIp ?? req.ip ?? 'unknown'),
      handler: (req, res) => tooMany(tier, req, res),
      store: deps.redis ? new RedisWithMemoryFallback(deps.redis, `rl:${tier}:`, deps.log) : new MemoryStore(),
      // Our keyGenerator is IP-based by construction; the library cannot see that.
      validate: { keyGeneratorIpFallback: false },
      ...extra,
    });
  };
  const limiters = Object.fromEntries(
    RATE_LIMIT_TIERS.map((tier) => {
      if (tier === 'cartCreate') {
        // Only an answer that made a cart keeps its count (the routes set res.locals.cartCreated):
        // the form often adds to an existing cart.
        return [tier, limiter(tier, { skipSuccessfulRequests: true, requestWasSuccessful: (_req, res) => res.locals.cartCreated !== true })];
      }
      if (tier === 'pages') {
        const skip = (req: Request) => (req.method !== 'GET' && req.method !== 'HEAD') || NOT_PAGES.test(req.path) || (deps.internal?.(req) ?? false);
        return [tier, limiter(tier, { skip })];
      }
      return [tier, limiter(tier)];
    }),
  ) as Record<RateLimitTier, RequestHandler>;
  return {
    ...limiters,
    cartApi: (req, res, next) => {
      if (req.method === 'GET' || req.method === 'HEAD' || !CART_API.test(req.path)) return next();
      const create = req.method === 'POST' && (req.path === '/api/cart' || req.path === '/api/cart/');
      return (create ? limiters.cartCreate : limiters.cartWrites)(req, res, next);
    },
    cartForm: [limiters.cartWrites, limiters.cartCreate],
  };
}
