/**
 * Rate limits (docs/architecture.md §8): `express-rate-limit`, counted in Redis through
 * `rate-limit-redis` when Redis is configured, so every web instance behind the balancer shares
 * one count. Most tiers count per client IP (the request context's: the CDN's trusted header,
 * else the address `TRUSTED_PROXY_HOPS` proxies away); cart writes count per cart, the shopper's
 * session, since one office or mobile carrier's address can carry hundreds of shoppers.
 *
 * | tier       | endpoint                                                   | default limit                  |
 * |------------|------------------------------------------------------------|--------------------------------|
 * | signIn     | POST /api/customer/login                                   | 10 failed attempts / 15 min per IP |
 * | recover    | POST /api/customer/recover                                 | 5 / 15 min per IP              |
 * | signUp     | POST /api/customer/register                                | 10 / hour per IP               |
 * | unlock     | POST /products/{handle}/unlock                             | 10 attempts / 15 min per IP    |
 * | signUps    | newsletter, popup, back in stock, hint, reserve (POST /api/…) | 20 / 15 min per IP          |
 * | hintRecipient | POST /api/drop-the-hint, hints accepted                   | 3 / 24 h per recipient email   |
 * | cartCreate | carts made: POST /api/cart, POST /api/cart/lines without a cartId, POST /cart without an open cart | 1000 carts / 15 min per IP |
 * | cartWrites | every other non-GET /api/cart…, POST /api/availability, POST /cart to an open cart | 120 / min per cart, and 10× that per IP |
 * | pages      | GET/HEAD of the request policy's page, payload and seo kinds (not /assets, /api, probes, /metrics, /__build) | 600 / min per IP |
 * | clientErrors | POST /api/client-errors (the browser's error reports)         | 30 / 15 min per IP             |
 *
 * A page view makes no cart: the browser's first add to cart does (client/stores/cart.ts), so
 * crawlers, which add nothing, make none, and cartCreate counts carts holding a line a shopper
 * chose. A cart write is counted per cart (its id hashed: the count's key never holds the id);
 * one naming no cart, or a malformed one, per client IP. Every cart write also counts toward its
 * client IP's ceiling, CART_WRITES_PER_IP times the per-cart limit: a script naming a new cart id
 * with each write is still refused, while hundreds of shoppers behind one address stay far below.
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
import { createHash } from 'node:crypto';
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
import { RedisStore } from 'rate-limit-redis';
import type { RedisCache } from '../cache/redis-cache';
import type { Logger } from '../logger';
import { rateLimitRejections } from '../metrics/registry';
import { cartIdSchema } from '../cart/input';
import { CART_COOKIE, readCookie } from './cookies';
import { MARKETING_MESSAGES } from '../../shared/marketing';
import { fail } from './json-api';
import { MESSAGES } from './messages';
import { DEFAULT_RATE_LIMITS, RATE_LIMIT_TIERS, TIER_OFF, type RateLimitTier, type TierOptions, type TierSetting } from './rate-limit-tiers';
import { currentRequest } from './request-context';
import { CACHE, kindOf, policyOf, type RequestKind } from './request-policy';

export { DEFAULT_RATE_LIMITS, RATE_LIMIT_TIERS, type RateLimitTier, type TierOptions, type TierSetting };

/** The limiters, plus the two that pick a tier by request (cart API and the no-JS cart form). */
export type RateLimits = Record<RateLimitTier, RequestHandler> & {
  /**
   * Mounted before the cart API, after the JSON body parser: POST /api/cart and POST
   * /api/cart/lines without a cartId (both make a cart) → cartCreate; other writes → cartWrites;
   * GETs pass.
   */
  cartApi: RequestHandler;
  /**
   * POST /cart, before its body is read: with a `cart_id` cookie, cartWrites on that cart and
   * cartCreate counting only the answers that made a cart (`res.locals.cartCreated`: the
   * cookie's cart was gone); without one (every such post makes a cart), cartCreate.
   */
  cartForm: RequestHandler[];
};

const CART_API = /^\/api\/(cart(\/|$)|availability$)/;
const CART_CREATE_PATHS = new Set(['/api/cart', '/api/cart/']);
const CART_LINES_PATHS = new Set(['/api/cart/lines', '/api/cart/lines/']);

/** The cart a write names: the JSON body's `cartId`, else (the no-JS form) the `cart_id` cookie; null when none is well formed. */
function namedCart(req: Request): string | null {
  const body: unknown = req.body;
  const fromBody = body !== null && typeof body === 'object' ? (body as { cartId?: unknown }).cartId : undefined;
  const id = fromBody ?? readCookie(req.get('cookie'), CART_COOKIE);
  return cartIdSchema.safeParse(id).success ? (id as string) : null;
}

/** An add naming no cart (the route makes one with the line); a malformed cartId is a write, refused 400 by the route. */
const hasCartId = (body: unknown) => body !== null && typeof body === 'object' && (body as { cartId?: unknown }).cartId !== undefined;

/** The client IP's key; IPv6 addresses bucketed by /56 so one host cannot rotate through its own subnet. */
const clientIpKey = (req: Request) => ipKeyGenerator(currentRequest()?.clientIp ?? req.ip ?? 'unknown');

/** cartWrites' key: the named cart, hashed (a count's key must not grant the cart), else the client IP. */
function cartWriteKey(req: Request): string {
  const cartId = namedCart(req);
  return cartId ? `cart:${createHash('sha256').update(cartId).digest('base64url').slice(0, 32)}` : `ip:${clientIpKey(req)}`;
}
/** hintRecipient's key: the recipient's email, trimmed, lower-cased and hashed (no address in Redis); none: not counted. */
function hintRecipientKey(req: Request): string {
  const body: unknown = req.body;
  const email = body !== null && typeof body === 'object' ? (body as { gifterEmail?: unknown }).gifterEmail : undefined;
  const normalised = typeof email === 'string' ? email.trim().toLowerCase() : '';
  return `to:${createHash('sha256').update(normalised).digest('base64url').slice(0, 32)}`;
}
const hasHintRecipient = (req: Request) => typeof (req.body as { gifterEmail?: unknown } | null)?.gifterEmail === 'string';

/** The cartWrites ceiling per client IP, as a multiple of the per-cart limit (see the module comment). */
export const CART_WRITES_PER_IP = 10;

/**
 * Requests the pages tier counts, by their kind (server/http/request-policy.ts): pages, payloads
 * and the SEO files; never assets, the JSON API (its own tiers), probes, metrics or build polls.
 */
const PAGE_KINDS: ReadonlySet<RequestKind> = new Set(['page', 'payload', 'seo']);

const TOO_MANY_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Too many requests</title></head><body><h1>Too many requests</h1><p>${MESSAGES.tooManyRequests}</p></body></html>`;

/** The 429 answer in the caller's format (see the module comment). */
function tooMany(tier: RateLimitTier, req: Request, res: Response): void {
  rateLimitRejections.inc({ tier });
  res.setHeader('Cache-Control', CACHE.noStore);
  // The account tiers keep their "attempts" wording; browsing, cart and error-report tiers say "requests".
  const message =
    tier === 'hintRecipient'
      ? MARKETING_MESSAGES.hintRecipientLimit
      : tier === 'pages' || tier === 'cartCreate' || tier === 'cartWrites' || tier === 'clientErrors'
        ? MESSAGES.tooManyRequests
        : MESSAGES.tooManyAttempts;
  const kind = kindOf(req, res);
  if (kind === 'payload') return void res.status(429).json({ status: 429, message });
  if (kind === 'api' || req.accepts(['html', 'json']) === 'json') return fail(res, 429, message);
  res.status(429).type('html').send(TOO_MANY_HTML);
}

/** The data cache's connection: commands run through its circuit, which skips a down Redis at once. */
type RedisConnection = Pick<RedisCache, 'command'>;

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
    private readonly redis: RedisConnection,
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
        sendCommand: (command: string, ...args: string[]) => this.redis.command((redis) => redis.call(command, ...args) as Promise<number | string>),
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

/** `first`, then `second` unless `first` answered or failed. */
function both(first: RequestHandler, second: RequestHandler): RequestHandler {
  return (req, res, next) => first(req, res, (err?: unknown) => (err ? next(err) : second(req, res, next)));
}

/**
 * One limiter per tier.
 * @param deps.redis    the data cache's Redis connection and circuit, or null for per-instance memory counts
 * @param deps.limits   per-tier overrides (config `RATE_LIMIT_*`, tests); `off`: that tier's
 *   limiter lets every request through without counting it
 * @param deps.internal requests the pages tier never counts (the page cache's own refreshes)
 */
export function createRateLimits(deps: {
  redis: RedisConnection | null;
  log: Logger;
  limits?: Partial<Record<RateLimitTier, TierSetting>>;
  internal?: (req: Request) => boolean;
}): RateLimits {
  const passThrough: RequestHandler = (_req, _res, next) => next();
  /** `tier`'s limiter; `scope` names a second count of the same tier (its own keys), `times` its limit's multiple. */
  const limiter = (tier: RateLimitTier, extra: Partial<Options> = {}, scope = '', times = 1): RequestHandler => {
    const setting = deps.limits?.[tier];
    if (setting === TIER_OFF) return passThrough;
    const { limit, windowMs, failuresOnly } = { ...DEFAULT_RATE_LIMITS[tier], ...setting };
    return rateLimit({
      windowMs,
      limit: limit * times,
      skipSuccessfulRequests: failuresOnly,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      // The request context's IP (CDN header or the hop `trust proxy` names).
      keyGenerator: clientIpKey,
      handler: (req, res) => tooMany(tier, req, res),
      store: deps.redis ? new RedisWithMemoryFallback(deps.redis, `rl:${tier}${scope}:`, deps.log) : new MemoryStore(),
      // Our keyGenerators are IP-based (or per cart) by construction; the library cannot see that.
      validate: { keyGeneratorIpFallback: false },
      ...extra,
    });
  };
  const limiters = Object.fromEntries(
    RATE_LIMIT_TIERS.map((tier) => {
      if (tier === 'cartCreate') {
        // Only an answer that made a cart keeps its count (the routes set res.locals.cartCreated):
        // a refused add makes none, and the form often adds to an existing cart.
        return [tier, limiter(tier, { skipSuccessfulRequests: true, requestWasSuccessful: (_req, res) => res.locals.cartCreated !== true })];
      }
      if (tier === 'hintRecipient') {
        return [tier, limiter(tier, { keyGenerator: hintRecipientKey, skip: (req) => !hasHintRecipient(req), skipFailedRequests: true })];
      }
      if (tier === 'cartWrites') return [tier, both(limiter(tier, { keyGenerator: cartWriteKey }), limiter(tier, {}, ':ip', CART_WRITES_PER_IP))];
      if (tier === 'pages') {
        const skip = (req: Request, res: Response) =>
          (req.method !== 'GET' && req.method !== 'HEAD') || !PAGE_KINDS.has(policyOf(res).kind) || (deps.internal?.(req) ?? false);
        return [tier, limiter(tier, { skip })];
      }
      return [tier, limiter(tier)];
    }),
  ) as Record<RateLimitTier, RequestHandler>;
  const writeThenCreate = both(limiters.cartWrites, limiters.cartCreate);
  return {
    ...limiters,
    cartApi: (req, res, next) => {
      if (req.method === 'GET' || req.method === 'HEAD' || !CART_API.test(req.path)) return next();
      const creates = req.method === 'POST' && (CART_CREATE_PATHS.has(req.path) || (CART_LINES_PATHS.has(req.path) && !hasCartId(req.body)));
      return (creates ? limiters.cartCreate : limiters.cartWrites)(req, res, next);
    },
    cartForm: [
      (req, res, next) => {
        if (!namedCart(req)) return limiters.cartCreate(req, res, next);
        writeThenCreate(req, res, next);
      },
    ],
  };
}
