/**
 * Configuration from the environment (DESIGN §2): validated with zod, so a bad deployment fails
 * at startup with every invalid variable listed, never half-way through a request.
 *
 * Two modes, one code path: **live** when the Shopify and Sanity variables are set, **local**
 * otherwise, in which case every upstream URL and token points at the emulators (their URLs are
 * passed in once they listen; before that, their default ports).
 */
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SCHEDULER_RULES } from '../emulators/scheduler/rules';

export type Mode = 'local' | 'live';

export type Config = {
  mode: Mode;
  port: number;
  /** Public origin of the shop, no trailing slash; canonical URLs are built from it. */
  siteUrl: string;
  logLevel: string;
  /** Where the client bundle and its manifest are (dist/client). */
  clientDistDir: string;
  /** Header carrying the shopper's IP set by the CDN (lower case), or null for X-Forwarded-For. */
  trustedIpHeader: string | null;
  shippingExcludedTag: string;
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
    /** Local mode: the emulator URL with useProjectHostname false; live: null (Sanity default). */
    apiHost: string | null;
    useCdn: boolean;
    /** Image pipeline origin: https://cdn.sanity.io live, the emulator locally. */
    imageOrigin: string;
    timeoutMs: number;
  };
  scheduler: {
    /** Service origin, e.g. https://api-us.zapiet.com (local: the scheduler emulator). */
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
  redisUrl: string | null;
  /** Local mode: where the emulators keep carts and orders, and the address they bind. */
  emulators: { dataDir: string; host: string };
};

/**
 * The project root, from source (server/) or from the server bundle (dist/server/), since the
 * bundle's __dirname is dist/server.
 */
export const PROJECT_ROOT = path.basename(path.dirname(__dirname)) === 'dist'
  ? path.resolve(__dirname, '..', '..')
  : path.resolve(__dirname, '..');

/** Actual emulator base URLs (local mode), once they listen. */
export type EmulatorUrls = { storefront: string; content: string; scheduler: string };

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const LOCAL = {
  storefrontPrivateToken: 'local-private-token',
  sanityProjectId: 'gramercy',
  sanityDataset: 'production',
  sanityApiVersion: '2025-02-19',
  // What the scheduler emulator answers for (its default rules), so local mode needs no setup.
  schedulerPickupLocationId: DEFAULT_SCHEDULER_RULES.pickup.locationIds[0],
  schedulerDeliveryLocationId: DEFAULT_SCHEDULER_RULES.delivery.locationIds[0],
  schedulerShop: DEFAULT_SCHEDULER_RULES.shop,
};

const optional = z.string().trim().min(1).optional();
const port = z.coerce.number().int().min(0).max(65535);
const origin = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ''));

const Env = z.object({
  PORT: port.default(3000),
  SITE_URL: origin.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  SHOPIFY_STORE_DOMAIN: z.string().regex(/^[a-z0-9.-]+(:\d+)?$/i, 'a host name such as shop.myshopify.com').optional(),
  STOREFRONT_API_VERSION: z.string().regex(/^\d{4}-\d{2}$/, 'YYYY-MM').default('2026-04'),
  PUBLIC_STOREFRONT_API_TOKEN: optional,
  PRIVATE_STOREFRONT_API_TOKEN: optional,
  SHOPIFY_IMAGE_HOST: z.string().regex(/^[a-z0-9.-]+(:\d+)?$/i, 'a host name such as cdn.shopify.com').default('cdn.shopify.com'),
  STOREFRONT_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  // Dataset rule from spec §5 (the client library's own check).
  SANITY_PROJECT_ID: z.string().regex(/^[a-z0-9-]+$/, 'lowercase letters, digits and dashes').optional(),
  SANITY_DATASET: z.string().regex(/^[a-z0-9_-]{1,64}$/, 'lowercase letters, digits, _ and -, at most 64').optional(),
  SANITY_API_VERSION: z.string().regex(/^(\d{4}-\d{2}-\d{2}|1|X)$/, 'YYYY-MM-DD').optional(),
  SANITY_READ_TOKEN: optional,
  CONTENT_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  SCHEDULER_URL: origin.optional(),
  SCHEDULER_PICKUP_LOCATION_ID: optional,
  SCHEDULER_DELIVERY_LOCATION_ID: optional,
  SCHEDULER_SHOP: optional,
  SCHEDULER_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  AVAILABILITY_TTL_SECONDS: z.coerce.number().int().positive().max(3600).default(60),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  SHIPPING_EXCLUDED_TAG: z.string().min(1).default('local-delivery-only'),
  TRUSTED_IP_HEADER: z.string().regex(/^[a-z0-9-]+$/i, 'a header name').transform((h) => h.toLowerCase()).optional(),
  STOREFRONT_EMULATOR_PORT: port.default(4001),
  CONTENT_EMULATOR_PORT: port.default(4002),
  SCHEDULER_EMULATOR_PORT: port.default(4003),
  CLIENT_DIST_DIR: optional,
  DATA_DIR: optional,
  // 0.0.0.0 in a container that publishes the emulator ports; loopback otherwise.
  EMULATOR_HOST: z.union([z.ipv4(), z.ipv6()]).default('127.0.0.1'),
});

/** Variables that must all be set in live mode (DESIGN §2). */
const LIVE_REQUIRED = [
  'SITE_URL', 'SHOPIFY_STORE_DOMAIN', 'PRIVATE_STOREFRONT_API_TOKEN', 'SANITY_PROJECT_ID', 'SANITY_DATASET',
  'SCHEDULER_URL', 'SCHEDULER_PICKUP_LOCATION_ID', 'SCHEDULER_DELIVERY_LOCATION_ID', 'SCHEDULER_SHOP',
] as const;

/** Local mode unless a Shopify or Sanity variable is set (then every live variable is required). */
export function detectMode(env: NodeJS.ProcessEnv): Mode {
  return env.SHOPIFY_STORE_DOMAIN || env.SANITY_PROJECT_ID ? 'live' : 'local';
}

/** Default emulator URLs from their port variables (before they listen). */
export function defaultEmulatorUrls(env: NodeJS.ProcessEnv): EmulatorUrls {
  const e = parseEnv(env);
  const at = (p: number) => `http://127.0.0.1:${p}`;
  return { storefront: at(e.STOREFRONT_EMULATOR_PORT), content: at(e.CONTENT_EMULATOR_PORT), scheduler: at(e.SCHEDULER_EMULATOR_PORT) };
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
 * @param emulators local mode only: where the emulators actually listen (default: their ports)
 * @throws ConfigError listing every invalid or missing variable
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, emulators?: EmulatorUrls): Config {
  const e = parseEnv(env);
  const mode = detectMode(env);
  const common = {
    mode,
    port: e.PORT,
    siteUrl: e.SITE_URL ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    clientDistDir: e.CLIENT_DIST_DIR ?? path.join(PROJECT_ROOT, 'dist', 'client'),
    trustedIpHeader: e.TRUSTED_IP_HEADER ?? null,
    shippingExcludedTag: e.SHIPPING_EXCLUDED_TAG,
    redisUrl: e.REDIS_URL ?? null,
    emulators: { dataDir: e.DATA_DIR ?? path.join(PROJECT_ROOT, '.data'), host: e.EMULATOR_HOST },
  };
  const schedulerLimits = { timeoutMs: e.SCHEDULER_TIMEOUT_MS, availabilityTtlMs: e.AVAILABILITY_TTL_SECONDS * 1000 };

  if (mode === 'local') {
    const urls = emulators ?? defaultEmulatorUrls(env);
    return {
      ...common,
      storefront: {
        endpoint: `${urls.storefront}/api/${e.STOREFRONT_API_VERSION}/graphql.json`,
        apiVersion: e.STOREFRONT_API_VERSION,
        privateToken: LOCAL.storefrontPrivateToken,
        publicToken: e.PUBLIC_STOREFRONT_API_TOKEN ?? null,
        imageOrigin: new URL(urls.storefront).origin,
        timeoutMs: e.STOREFRONT_TIMEOUT_MS,
      },
      content: {
        projectId: LOCAL.sanityProjectId,
        dataset: LOCAL.sanityDataset,
        apiVersion: LOCAL.sanityApiVersion,
        token: null,
        apiHost: urls.content,
        useCdn: false,
        imageOrigin: new URL(urls.content).origin,
        timeoutMs: e.CONTENT_TIMEOUT_MS,
      },
      scheduler: {
        url: urls.scheduler,
        pickupLocationId: e.SCHEDULER_PICKUP_LOCATION_ID ?? LOCAL.schedulerPickupLocationId,
        deliveryLocationId: e.SCHEDULER_DELIVERY_LOCATION_ID ?? LOCAL.schedulerDeliveryLocationId,
        shop: e.SCHEDULER_SHOP ?? LOCAL.schedulerShop,
        ...schedulerLimits,
      },
    };
  }

  const missing = LIVE_REQUIRED.filter((name) => e[name] === undefined);
  if (missing.length) throw new ConfigError(missing.map((name) => `${name}: required in live mode`));
  return {
    ...common,
    storefront: {
      endpoint: `https://${e.SHOPIFY_STORE_DOMAIN}/api/${e.STOREFRONT_API_VERSION}/graphql.json`,
      apiVersion: e.STOREFRONT_API_VERSION,
      privateToken: e.PRIVATE_STOREFRONT_API_TOKEN!,
      publicToken: e.PUBLIC_STOREFRONT_API_TOKEN ?? null,
      imageOrigin: `https://${e.SHOPIFY_IMAGE_HOST}`,
      timeoutMs: e.STOREFRONT_TIMEOUT_MS,
    },
    content: {
      projectId: e.SANITY_PROJECT_ID!,
      dataset: e.SANITY_DATASET!,
      apiVersion: e.SANITY_API_VERSION ?? LOCAL.sanityApiVersion,
      token: e.SANITY_READ_TOKEN ?? null,
      apiHost: null,
      // The CDN serves published content only; a read token means drafts/preview (spec §6).
      useCdn: !e.SANITY_READ_TOKEN,
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
  };
}
