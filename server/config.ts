/**
 * Configuration from the environment (docs/architecture.md §2): validated with zod, so a bad
 * deployment fails at startup with every invalid variable listed, never half-way through a request.
 *
 * Two modes, one code path: `SHOP_MODE=live|local` says which; unset, **live** when a Shopify or
 * Sanity variable is set, **local** otherwise (but see `localModeRefusal`: a production process
 * only runs local mode when asked explicitly). In local mode the upstream URLs, tokens and ids are not the app's to know: whoever
 * starts the local stand-ins (server/index.ts) passes them in as `LocalUpstreams`. This module
 * knows nothing of how they are started.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { isLoopback } from './http/loopback';
import { LOCAL_PROXY_PREFIX, type DeveloperClients } from './http/local-proxy';
import { RATE_LIMIT_TIERS, TIER_OFF, type RateLimitTier } from './http/rate-limit-tiers';

export type Mode = 'local' | 'live';

export type Config = {
  mode: Mode;
  port: number;
  /** Public origin of the shop, no trailing slash; canonical URLs are built from it. */
  siteUrl: string;
  logLevel: string;
  /** Where the client bundle and its manifest are (dist/client). */
  clientDistDir: string;
  /**
   * Header carrying the shopper's IP set by the CDN (lower case), or null: the client IP is then
   * the address `trustedProxyHops` proxies away (docs/architecture.md §7).
   */
  trustedIpHeader: string | null;
  /**
   * How many proxies in front of the app append to X-Forwarded-For (Express `trust proxy`):
   * 0 (default) = the socket's peer is the client and X-Forwarded-For is ignored.
   */
  trustedProxyHops: number;
  /** Bearer token for `GET /metrics`; null: the endpoint answers 404 (server/routes/metrics.ts). */
  metricsToken: string | null;
  /** Per-tier rate limits from `RATE_LIMIT_{TIER}` = `{limit}/{seconds}`, or `off` (server/http/rate-limit.ts). */
  rateLimits: Partial<Record<RateLimitTier, { limit: number; windowMs: number } | typeof TIER_OFF>>;
  shippingExcludedTag: string;
  /**
   * `REQUEST_DEADLINE_MS` (default 8000): the one deadline of every page, payload and JSON API
   * answer, counted from the request's arrival (server/http/deadline.ts). Every upstream call a
   * request makes, with its client's retries, ends by then; one cut short is a 504
   * (docs/architecture.md §8 "Faults"). The per-upstream timeouts below bound each call within it.
   */
  requestDeadlineMs: number;
  /**
   * `SHUTDOWN_DRAIN_MS` (default 0): after SIGTERM, how long the shop keeps accepting connections
   * while `/readyz` answers 503 and every answer closes its connection (server/http/shutdown.ts),
   * for a balancer that learns an instance is leaving only from its readiness probe. Kubernetes
   * needs none: the pod leaves the endpoints before the preStop sleep ends and SIGTERM comes
   * (deploy/deployment.yaml); nginx retries a refused connection on the next instance.
   */
  shutdownDrainMs: number;
  storefront: {
    /** Full GraphQL endpoint, e.g. https://shop.myshopify.com/api/2026-04/graphql.json */
    endpoint: string;
    apiVersion: string;
    privateToken: string;
    publicToken: string | null;
    /** Origin product images must come from (spec §5), e.g. https://cdn.shopify.com */
    imageOrigin: string;
    /** Per-call upper bound in ms (spec §9's 120 s is a ceiling; a page cannot wait that long). */
    timeoutMs: number;
  };
  content: {
    projectId: string;
    dataset: string;
    apiVersion: string;
    token: string | null;
    /** Local mode: the local stand-in's URL; live: SANITY_API_HOST (a self-hosted stand-in) or null (Sanity's). Used with useProjectHostname false. */
    apiHost: string | null;
    useCdn: boolean;
    /** Image pipeline origin: https://cdn.sanity.io live, the local stand-in's locally. */
    imageOrigin: string;
    timeoutMs: number;
  };
  scheduler: {
    /** Service origin, e.g. https://api-us.zapiet.com (local mode: the local stand-in). */
    url: string;
    pickupLocationId: string;
    deliveryLocationId: string;
    /** The `shop` query parameter, e.g. gramercy-stems.myshopify.com. */
    shop: string;
    /** Per-call upper bound in ms (a calendar the shopper waits for). */
    timeoutMs: number;
    /** How long one calendar answer is reused for the same type and lines (ms). */
    availabilityTtlMs: number;
  };
  /** The customer-account authorization server (spec §7 "External customer authorization"). */
  customerAccount: {
    /** OpenID Connect issuer, exactly as the server advertises it; discovered at `${issuer}/.well-known/openid-configuration`. */
    issuer: string;
    /**
     * Where the shopper's browser reaches the issuer's origin when it cannot at `issuer`: local
     * mode's `${siteUrl}/__local/customer-account` (the emulator is on the server's loopback).
     * The authorization redirect is rewritten onto it; the server's own calls use `issuer`.
     */
    browserBaseUrl?: string;
    /** The shop's public OAuth client id there (PKCE, no secret). */
    clientId: string;
    /** Per-call upper bound in ms (discovery, JWKS, token exchange). */
    timeoutMs: number;
  };
  /**
   * The email marketing provider (Klaviyo's server-side API, spec §7) behind the sign-up outbox
   * (docs/architecture.md §8). The newsletter's list ids come from the site settings; the hint
   * and reserve lists are fixed per deployment.
   */
  marketing: {
    /** API origin: https://a.klaviyo.com live, the local stand-in locally; no trailing slash. */
    apiUrl: string;
    /** Private API key, sent as `Authorization: Klaviyo-API-Key …`; never leaves the server. */
    privateKey: string;
    /** List the "drop the hint" sign-ups join (spec §7 "a fixed list"). */
    hintListId: string;
    /** List the reserve form (a product drop) sign-ups join. */
    reserveListId: string;
    /** Per-call upper bound in ms (the worker's call, never the shopper's request). */
    timeoutMs: number;
    /** Delivery attempts before a sign-up is dead-lettered. */
    maxAttempts: number;
    /** Folder of the file spool (no Redis, or a Redis write failed). */
    outboxDir: string;
  };
  /**
   * Browser analytics (spec §7 "Analytics"): each loads only when its id is set. The events
   * always go to `window.dataLayer`.
   */
  analytics: {
    /** GA4 measurement id (G-XXXX): gtag.js from googletagmanager.com; null = no gtag.js. */
    ga4MeasurementId: string | null;
    /** Klaviyo public API key (company id) for onsite events; null = none. */
    klaviyoPublicKey: string | null;
    /**
     * Local mode: the stand-in's client events URL the browser posts Klaviyo events to (no
     * third-party script); live: null, Klaviyo's onsite script sends them.
     */
    klaviyoClientEventsUrl: string | null;
  };
  redisUrl: string | null;
  /**
   * Signs the password-protected products' unlock cookies (server/unlock/token.ts): live, config
   * `UNLOCK_SECRET` (shared by every instance, at least 32 characters); local, random per process
   * (a restart locks the products again, which is fine on a laptop).
   */
  unlockSecret: string;
  /**
   * Webhook secrets (server/routes/webhooks.ts): `SANITY_WEBHOOK_SECRET` (Sanity's webhook
   * secret, signature header `sanity-webhook-signature`) and `SHOPIFY_WEBHOOK_SECRET` (the app's
   * client secret, `X-Shopify-Hmac-Sha256`). Live: optional, and that webhook answers 503 while
   * unset; local: the run's random ones from the local stand-ins (`LocalUpstreams`), which the
   * shop's listening line prints for a developer, unless set.
   */
  webhooks: { sanitySecret: string | null; shopifySecret: string | null };
  /**
   * The origin page cache (server/page-cache, docs/architecture.md §8): `PAGE_CACHE=off`
   * disables it (benchmarks); `PAGE_CACHE_MAX_MB` bounds the in-process store (default 64).
   */
  pageCache: { enabled: boolean; maxBytes: number };
  /**
   * Draft preview (server/preview, server/routes/preview.ts): `PREVIEW_SECRET` (at least 32
   * characters) is what the editors' preview URL carries and the key of the signed preview
   * cookie. Live: optional, preview disabled (404) while unset; local: the run's random one from
   * the content lake stand-in (`LocalUpstreams`), printed on the listening line, unless set.
   */
  preview: { secret: string | null };
  /**
   * Local mode: the stand-ins' loopback URLs the shop's `/__local/{name}/…` route forwards the
   * browser to (server/http/local-proxy.ts), the per-run token of their debug endpoints (the
   * mail inbox), and who may open that developer page: `loopback`, a client on this machine
   * (socket peer and client IP both loopback), or `any` client, when `LOCAL_PUBLISHED_ADDRESS` is
   * a loopback address (the shop is reachable from this machine only); live: null.
   */
  local: {
    debugToken: string;
    proxyTargets: Record<'storefront' | 'content' | 'marketing' | 'customer-account', string>;
    developerClients: DeveloperClients;
  } | null;
};

/**
 * The project root, from source (server/) or from the server bundle (dist/server/), since the
 * bundle's __dirname is dist/server.
 */
export const PROJECT_ROOT = path.basename(path.dirname(__dirname)) === 'dist' ? path.resolve(__dirname, '..', '..') : path.resolve(__dirname, '..');

/**
 * Local mode: how to reach the local stand-ins of the upstreams, given by whoever started
 * them. URLs are absolute (`http://host:port`), without a trailing slash.
 */
export type LocalUpstreams = {
  /** The per-run token their debug endpoints require (the shop uses it for the mail inbox only). */
  debugToken: string;
  storefront: {
    /** Origin of the Storefront API; the endpoint is `${origin}/api/${STOREFRONT_API_VERSION}/graphql.json`. */
    origin: string;
    /** Sent as `Shopify-Storefront-Private-Token`. */
    privateToken: string;
    /** Its public token (`X-Shopify-Storefront-Access-Token`), as the private one: the stand-in's, whatever the variables say. */
    publicToken: string;
    /** Origin the product images come from. */
    imageOrigin: string;
    /** The run's Shopify webhook secret (the app's client secret), unless SHOPIFY_WEBHOOK_SECRET is set. */
    webhookSecret: string;
  };
  content: {
    /** Sanity client `apiHost` (used with `useProjectHostname: false`). */
    apiHost: string;
    projectId: string;
    dataset: string;
    /** 'YYYY-MM-DD'. */
    apiVersion: string;
    /** The run's read token: drafts (a preview request) need it, as on Sanity. */
    readToken: string;
    /** Image URL builder base. */
    imageOrigin: string;
    /** The run's Sanity webhook secret, unless SANITY_WEBHOOK_SECRET is set. */
    webhookSecret: string;
    /** The run's draft preview secret, unless PREVIEW_SECRET is set. */
    previewSecret: string;
  };
  scheduler: {
    /** Service base URL. */
    url: string;
    pickupLocationId: string;
    deliveryLocationId: string;
    shop: string;
  };
  customerAccount: {
    /** OpenID Connect issuer URL. */
    issuer: string;
    clientId: string;
  };
  marketing: {
    /** Origin of the Klaviyo-shaped API (`${apiUrl}/api/...`). */
    apiUrl: string;
    privateKey: string;
    /** Public key (company id) for browser events. */
    publicKey: string;
    /** Absolute URL of its client events endpoint (`/client/events/`), CORS-enabled. */
    clientEventsUrl: string;
  };
};

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Sanity API version used in live mode when SANITY_API_VERSION is not set. */
const DEFAULT_SANITY_API_VERSION = '2025-02-19';

const optional = z.string().trim().min(1).optional();
const port = z.coerce.number().int().min(0).max(65535);
const origin = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ''));

/** `RATE_LIMIT_CART_WRITES` for `cartWrites`. */
export function rateLimitVariable(tier: RateLimitTier): string {
  return `RATE_LIMIT_${tier.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

/**
 * `{limit}/{seconds}`, e.g. `600/60`: at most 600 requests per client IP in 60 seconds; or `off`:
 * the tier counts nothing (accepted in production too, for a limiter in front of the shop; the
 * shop warns at start).
 */
const RateLimitSetting = z
  .string()
  .regex(/^(off|\d{1,7}\/\d{1,6})$/, '{limit}/{seconds} (e.g. 600/60) or off')
  .transform((v) => {
    if (v === TIER_OFF) return TIER_OFF;
    const [limit, seconds] = v.split('/').map(Number) as [number, number];
    return { limit, windowMs: seconds * 1000 };
  })
  .refine((v) => v === TIER_OFF || (v.limit > 0 && v.windowMs > 0), 'limit and seconds above 0');

const Env = z.object({
  SHOP_MODE: z.enum(['local', 'live'], { error: 'local or live' }).optional(),
  PORT: port.default(3000),
  SITE_URL: origin.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  SHOPIFY_STORE_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?$/i, 'a host name such as shop.myshopify.com')
    .optional(),
  STOREFRONT_API_VERSION: z
    .string()
    .regex(/^\d{4}-\d{2}$/, 'YYYY-MM')
    .default('2026-04'),
  PUBLIC_STOREFRONT_API_TOKEN: optional,
  PRIVATE_STOREFRONT_API_TOKEN: optional,
  // Live mode against a self-hosted stand-in of the Storefront API (the emulators in a separate
  // process: the several-instances test, a staging stack); default https://SHOPIFY_STORE_DOMAIN.
  STOREFRONT_API_ORIGIN: origin.optional(),
  SHOPIFY_IMAGE_HOST: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?$/i, 'a host name such as cdn.shopify.com')
    .default('cdn.shopify.com'),
  STOREFRONT_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  // Whole-request budget: long enough for a slow upstream, short enough that no shopper waits a
  // minute behind a hung one (a CDN's origin timeout is typically 30-60 s).
  REQUEST_DEADLINE_MS: z.coerce.number().int().min(250, 'at least 250 (ms)').max(60_000, 'at most 60000 (ms)').default(8_000),
  // At most 15 s: with the in-flight wait (REQUEST_DEADLINE_MS + 2 s) it must fit the orchestrator's grace period.
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0, 'at least 0 (ms)').max(15_000, 'at most 15000 (ms)').default(0),
  // Dataset rule from spec §5 (the client library's own check).
  SANITY_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'lowercase letters, digits and dashes')
    .optional(),
  SANITY_DATASET: z
    .string()
    .regex(/^[a-z0-9_-]{1,64}$/, 'lowercase letters, digits, _ and -, at most 64')
    .optional(),
  SANITY_API_VERSION: z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2}|1|X)$/, 'YYYY-MM-DD')
    .optional(),
  SANITY_READ_TOKEN: optional,
  // Live mode against a self-hosted stand-in of the content lake; default Sanity's own host.
  SANITY_API_HOST: origin.optional(),
  CONTENT_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  SCHEDULER_URL: origin.optional(),
  SCHEDULER_PICKUP_LOCATION_ID: optional,
  SCHEDULER_DELIVERY_LOCATION_ID: optional,
  SCHEDULER_SHOP: optional,
  SCHEDULER_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  AVAILABILITY_TTL_SECONDS: z.coerce.number().int().positive().max(3600).default(60),
  // The real customer-account server is only reachable over https. Kept verbatim: an issuer
  // identifier (which may have a path) must match the one the server advertises exactly.
  CUSTOMER_ACCOUNT_ISSUER: z.url({ protocol: /^https$/, error: 'an https URL, the OpenID issuer' }).optional(),
  CUSTOMER_ACCOUNT_CLIENT_ID: optional,
  CUSTOMER_ACCOUNT_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  SHIPPING_EXCLUDED_TAG: z.string().min(1).default('local-delivery-only'),
  TRUSTED_IP_HEADER: z
    .string()
    .regex(/^[a-z0-9-]+$/i, 'a header name')
    .transform((h) => h.toLowerCase())
    .optional(),
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  // Local mode: the address the shop's only way in is published on (compose's nginx port); a
  // loopback one opens the emulators' developer pages to every client that reaches the shop.
  LOCAL_PUBLISHED_ADDRESS: z.union([z.ipv4(), z.ipv6()], { error: 'an IP address such as 127.0.0.1' }).optional(),
  METRICS_TOKEN: z.string().min(32, 'at least 32 characters (e.g. openssl rand -hex 32)').optional(),
  ...Object.fromEntries(RATE_LIMIT_TIERS.map((tier) => [rateLimitVariable(tier), RateLimitSetting.optional()])),
  CLIENT_DIST_DIR: optional,
  KLAVIYO_API_URL: origin.default('https://a.klaviyo.com'),
  KLAVIYO_PRIVATE_API_KEY: optional,
  KLAVIYO_PUBLIC_API_KEY: optional,
  KLAVIYO_HINT_LIST_ID: optional,
  KLAVIYO_RESERVE_LIST_ID: optional,
  KLAVIYO_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  OUTBOX_DIR: optional,
  GA4_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]+$/, 'a GA4 measurement id such as G-ABC123')
    .optional(),
  UNLOCK_SECRET: z.string().min(32, 'at least 32 characters (e.g. openssl rand -hex 32)').optional(),
  SANITY_WEBHOOK_SECRET: z.string().min(16, 'at least 16 characters').optional(),
  SHOPIFY_WEBHOOK_SECRET: z.string().min(16, 'at least 16 characters').optional(),
  PAGE_CACHE: z.enum(['on', 'off']).default('on'),
  PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
  PREVIEW_SECRET: z.string().min(32, 'at least 32 characters (e.g. openssl rand -hex 32)').optional(),
});

/** Variables that must all be set in live mode (docs/architecture.md §2). */
const LIVE_REQUIRED = [
  'SITE_URL',
  'SHOPIFY_STORE_DOMAIN',
  'PRIVATE_STOREFRONT_API_TOKEN',
  'SANITY_PROJECT_ID',
  'SANITY_DATASET',
  'SCHEDULER_URL',
  'SCHEDULER_PICKUP_LOCATION_ID',
  'SCHEDULER_DELIVERY_LOCATION_ID',
  'SCHEDULER_SHOP',
  'CUSTOMER_ACCOUNT_ISSUER',
  'CUSTOMER_ACCOUNT_CLIENT_ID',
  'UNLOCK_SECRET',
  'KLAVIYO_PRIVATE_API_KEY',
  'KLAVIYO_HINT_LIST_ID',
  'KLAVIYO_RESERVE_LIST_ID',
] as const;

/** Local mode: the seeded hint and reserve lists (the stand-in accepts any list id). */
const LOCAL_LISTS = { hintListId: 'GSHINT', reserveListId: 'GSRESERVE' };

/**
 * `SHOP_MODE` when it is `local` or `live`; unset, local unless a Shopify or Sanity variable is
 * set (then every live variable is required).
 */
export function detectMode(env: NodeJS.ProcessEnv): Mode {
  if (env.SHOP_MODE === 'local' || env.SHOP_MODE === 'live') return env.SHOP_MODE;
  return env.SHOPIFY_STORE_DOMAIN || env.SANITY_PROJECT_ID ? 'live' : 'local';
}

/** The flag `npm start` passes: "local mode is what I mean when nothing else is configured". */
export const LOCAL_BY_DEFAULT_FLAG = '--local-by-default';

/**
 * Why this process must not start in local mode, or null when it may: with NODE_ENV=production,
 * local mode (a fake shop and checkout) needs `SHOP_MODE=local` or the `--local-by-default`
 * flag of `npm start`, so an image deployed without its upstream variables refuses to start
 * instead of silently selling nothing (ADR-0020). One line, naming the variables to set.
 */
export function localModeRefusal(env: NodeJS.ProcessEnv, argv: readonly string[]): string | null {
  if (detectMode(env) !== 'local' || env.NODE_ENV !== 'production') return null;
  if (env.SHOP_MODE === 'local' || argv.includes(LOCAL_BY_DEFAULT_FLAG)) return null;
  return (
    'refusing to start: NODE_ENV=production but no upstream is configured, which would run the local emulators (a fake shop and checkout); ' +
    `set SHOP_MODE=live with ${LIVE_REQUIRED.join(', ')} (see .env.example), or SHOP_MODE=local to run the emulators on purpose`
  );
}

/**
 * The shop's public origin (SITE_URL, else http://localhost:PORT), for what must be started
 * before the config can be built (local mode). Validates the whole of `env` first.
 * @throws ConfigError listing every invalid variable
 */
export function siteUrlFrom(env: NodeJS.ProcessEnv): string {
  const e = parseEnv(env);
  return siteUrlOf(e);
}

/**
 * The port the shop listens on (PORT, default 3000), for what must be started before the config
 * can be built (`npm run dev`'s proxy, scripts/dev.ts). Validates the whole of `env` first.
 * @throws ConfigError listing every invalid variable
 */
export function portFrom(env: NodeJS.ProcessEnv): number {
  return parseEnv(env).PORT;
}

function siteUrlOf(e: z.infer<typeof Env>): string {
  return e.SITE_URL ?? `http://localhost:${e.PORT}`;
}

function parseEnv(env: NodeJS.ProcessEnv): z.infer<typeof Env> {
  // Empty strings (`FOO=` in an .env file) mean "unset".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = Env.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  return parsed.data;
}

/**
 * Build the config from `env`.
 * @param env the process environment (empty values count as unset)
 * @param upstreams local mode: where and how to reach the local upstreams (required then);
 *   ignored in live mode, where every upstream setting comes from `env`
 * @throws ConfigError listing every invalid or missing variable
 * @throws Error when `env` selects local mode and `upstreams` is missing
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, upstreams?: LocalUpstreams): Config {
  const e = parseEnv(env);
  const mode = detectMode(env);
  const common = {
    mode,
    port: e.PORT,
    siteUrl: siteUrlOf(e),
    logLevel: e.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    clientDistDir: e.CLIENT_DIST_DIR ?? path.join(PROJECT_ROOT, 'dist', 'client'),
    trustedIpHeader: e.TRUSTED_IP_HEADER ?? null,
    trustedProxyHops: e.TRUSTED_PROXY_HOPS,
    metricsToken: e.METRICS_TOKEN ?? null,
    rateLimits: Object.fromEntries(
      RATE_LIMIT_TIERS.flatMap((tier) => {
        const setting = (e as Record<string, unknown>)[rateLimitVariable(tier)] as Config['rateLimits'][RateLimitTier];
        return setting ? [[tier, setting]] : [];
      }),
    ),
    shippingExcludedTag: e.SHIPPING_EXCLUDED_TAG,
    requestDeadlineMs: e.REQUEST_DEADLINE_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    redisUrl: e.REDIS_URL ?? null,
    // Live mode requires it below; locally an unguessable per-process secret.
    unlockSecret: e.UNLOCK_SECRET ?? randomBytes(32).toString('hex'),
    // Local mode: the run's own (random) secrets from the stand-ins, below, unless set.
    webhooks: { sanitySecret: e.SANITY_WEBHOOK_SECRET ?? null, shopifySecret: e.SHOPIFY_WEBHOOK_SECRET ?? null },
    pageCache: { enabled: e.PAGE_CACHE === 'on', maxBytes: e.PAGE_CACHE_MAX_MB * 1024 * 1024 },
    preview: { secret: e.PREVIEW_SECRET ?? null },
  };
  const outbox = {
    timeoutMs: e.KLAVIYO_TIMEOUT_MS,
    maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
    outboxDir: e.OUTBOX_DIR ? path.resolve(e.OUTBOX_DIR) : path.join(PROJECT_ROOT, '.data', 'outbox'),
  };
  const schedulerLimits = { timeoutMs: e.SCHEDULER_TIMEOUT_MS, availabilityTtlMs: e.AVAILABILITY_TTL_SECONDS * 1000 };

  if (mode === 'local') {
    if (!upstreams) {
      throw new Error(
        'loadConfig: local mode (SHOP_MODE=local, or neither SHOPIFY_STORE_DOMAIN nor SANITY_PROJECT_ID is set) needs the local ' +
          "upstreams' connection settings as its second argument; set the live variables to use the real services",
      );
    }
    const { storefront, content, scheduler, customerAccount, marketing } = upstreams;
    return {
      ...common,
      webhooks: {
        sanitySecret: common.webhooks.sanitySecret ?? content.webhookSecret,
        shopifySecret: common.webhooks.shopifySecret ?? storefront.webhookSecret,
      },
      preview: { secret: common.preview.secret ?? content.previewSecret },
      local: {
        debugToken: upstreams.debugToken,
        proxyTargets: {
          storefront: trimSlash(storefront.origin),
          content: trimSlash(content.apiHost),
          marketing: trimSlash(marketing.apiUrl),
          'customer-account': new URL(customerAccount.issuer).origin,
        },
        developerClients: e.LOCAL_PUBLISHED_ADDRESS && isLoopback(e.LOCAL_PUBLISHED_ADDRESS) ? 'any' : 'loopback',
      },
      storefront: {
        endpoint: `${trimSlash(storefront.origin)}/api/${e.STOREFRONT_API_VERSION}/graphql.json`,
        apiVersion: e.STOREFRONT_API_VERSION,
        privateToken: storefront.privateToken,
        publicToken: storefront.publicToken,
        imageOrigin: new URL(storefront.imageOrigin).origin,
        timeoutMs: e.STOREFRONT_TIMEOUT_MS,
      },
      content: {
        projectId: content.projectId,
        dataset: content.dataset,
        apiVersion: content.apiVersion,
        token: content.readToken,
        apiHost: trimSlash(content.apiHost),
        useCdn: false,
        // A base URL, possibly with a path (the shop's /__local/content proxy).
        imageOrigin: trimSlash(content.imageOrigin),
        timeoutMs: e.CONTENT_TIMEOUT_MS,
      },
      scheduler: {
        url: trimSlash(scheduler.url),
        pickupLocationId: scheduler.pickupLocationId,
        deliveryLocationId: scheduler.deliveryLocationId,
        shop: scheduler.shop,
        ...schedulerLimits,
      },
      customerAccount: {
        issuer: customerAccount.issuer,
        browserBaseUrl: `${common.siteUrl}${LOCAL_PROXY_PREFIX}/customer-account`,
        clientId: customerAccount.clientId,
        timeoutMs: e.CUSTOMER_ACCOUNT_TIMEOUT_MS,
      },
      marketing: { apiUrl: trimSlash(marketing.apiUrl), privateKey: marketing.privateKey, ...LOCAL_LISTS, ...outbox },
      analytics: {
        ga4MeasurementId: e.GA4_MEASUREMENT_ID ?? null,
        klaviyoPublicKey: marketing.publicKey,
        klaviyoClientEventsUrl: marketing.clientEventsUrl,
      },
    };
  }

  const missing = LIVE_REQUIRED.filter((name) => e[name] === undefined);
  if (missing.length) throw new ConfigError(missing.map((name) => `${name}: required in live mode`));
  return {
    ...common,
    local: null,
    storefront: {
      endpoint: `${e.STOREFRONT_API_ORIGIN ?? `https://${e.SHOPIFY_STORE_DOMAIN}`}/api/${e.STOREFRONT_API_VERSION}/graphql.json`,
      apiVersion: e.STOREFRONT_API_VERSION,
      privateToken: e.PRIVATE_STOREFRONT_API_TOKEN!,
      publicToken: e.PUBLIC_STOREFRONT_API_TOKEN ?? null,
      imageOrigin: `https://${e.SHOPIFY_IMAGE_HOST}`,
      timeoutMs: e.STOREFRONT_TIMEOUT_MS,
    },
    content: {
      projectId: e.SANITY_PROJECT_ID!,
      dataset: e.SANITY_DATASET!,
      apiVersion: e.SANITY_API_VERSION ?? DEFAULT_SANITY_API_VERSION,
      token: e.SANITY_READ_TOKEN ?? null,
      apiHost: e.SANITY_API_HOST ?? null,
      // The public site reads published content through the CDN, token or not; only a preview
      // request (signed cookie, server/preview) reads drafts, uncached (spec §6 "read token"). A
      // self-hosted content host has no CDN in front.
      useCdn: !e.SANITY_API_HOST,
      imageOrigin: 'https://cdn.sanity.io',
      timeoutMs: e.CONTENT_TIMEOUT_MS,
    },
    scheduler: {
      url: e.SCHEDULER_URL!,
      pickupLocationId: e.SCHEDULER_PICKUP_LOCATION_ID!,
      deliveryLocationId: e.SCHEDULER_DELIVERY_LOCATION_ID!,
      shop: e.SCHEDULER_SHOP!,
      ...schedulerLimits,
    },
    customerAccount: {
      issuer: e.CUSTOMER_ACCOUNT_ISSUER!,
      clientId: e.CUSTOMER_ACCOUNT_CLIENT_ID!,
      timeoutMs: e.CUSTOMER_ACCOUNT_TIMEOUT_MS,
    },
    marketing: {
      apiUrl: e.KLAVIYO_API_URL,
      privateKey: e.KLAVIYO_PRIVATE_API_KEY!,
      hintListId: e.KLAVIYO_HINT_LIST_ID!,
      reserveListId: e.KLAVIYO_RESERVE_LIST_ID!,
      ...outbox,
    },
    analytics: {
      ga4MeasurementId: e.GA4_MEASUREMENT_ID ?? null,
      klaviyoPublicKey: e.KLAVIYO_PUBLIC_API_KEY ?? null,
      klaviyoClientEventsUrl: null,
    },
  };
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
