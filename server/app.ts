/**
 * The Express app (docs/architecture.md §3, §4): built from a config, a logger, a cache and the
 * client manifest, never listening, so tests mount it with supertest. Order, as `createApp` mounts it:
 * 1. a request with two Host headers refused; security headers;
 * 2. local mode only: the developer page (`/__local/`) and the emulators' browser paths
 *    (`/__local/…`, an allow-list, ADR-0027);
 * 3. path normalisation; the request policy (server/http/request-policy.ts: kind, route,
 *    personal or not, Cache-Control, decided once over the one route table and read by every
 *    later step, ADR-0032); compression, request context (id, client IP, deadline), request
 *    metrics, the unlock and preview scopes, request logs;
 * 4. static assets (`/assets`), `/metrics`, the page rate limit, the account activation and reset
 *    links, the redirect table (legacy paths answer 301 before any loader), sitemaps and robots.txt;
 * 5. the origin page cache (server/page-cache), payload JSON;
 * 6. the signed Sanity and Shopify webhooks (raw bodies, before the /api guard), then the /api
 *    guard and JSON body parser, the preview endpoints, the browser JSON API (cart, availability,
 *    customer, marketing sign-ups, the browser's error reports) behind its rate limits, and 404
 *    for any other /api path;
 * 7. the no-JavaScript cart form (POST /cart) and the product unlock form
 *    (POST /products/{handle}/unlock), the only urlencoded bodies; health; the sign-in callback
 *    (GET /accounts/account?code&state);
 * 8. the page render handler (catch-all), then the one error handler.
 */
import path from 'node:path';
import compression from 'compression';
import express from 'express';
import { pinoHttp } from 'pino-http';
import { createCustomerAuthorization } from './auth/customer-authorization';
import { RedisCache, type Cache } from './cache';
import type { Config } from './config';
import { apiNotFound, errorHandler } from './http/errors';
import { jsonApiGuard } from './http/json-api';
import { normalisePath } from './http/normalise-path';
import { LOCAL_PROXY_PREFIX, localEmulatorProxy, localInboxUrl } from './http/local-proxy';
import { precompressedAssets } from './http/precompressed';
import { requestContext, requestLog } from './http/request-context';
import { perRequest } from './http/per-request';
import { requestPolicy } from './http/request-policy';
import { securityHeaders } from './http/security';
import { singleHost } from './http/single-host';
import { createAvailabilityService } from './cart/calendar';
import { createCartService, type CartService } from './cart/service';
import { createCustomerService } from './customer/service';
import { createRateLimits, type RateLimitTier, type TierOptions } from './http/rate-limit';
import { requestMetrics } from './metrics/http';
import { setCircuitState } from './metrics/registry';
import { observeUpstreams } from './metrics/upstream';
import { metricsRoutes } from './routes/metrics';
import { createServerDataSource, UpstreamData } from './loaders';
import { redactingHttpSerializers, type Logger } from './logger';
import { createRenderHandler, type ClientManifest } from './render';
import { availabilityRoutes } from './routes/availability';
import { cartRoutes } from './routes/cart';
import { cartFormRoutes } from './routes/cart-form';
import { clientErrorRoutes } from './routes/client-errors';
import { customerRoutes } from './routes/customer';
import { localDeveloperPage } from './routes/local-developer';
import { marketingRoutes } from './routes/marketing';
import { createMarketingService } from './marketing/service';
import { variantLookup } from './marketing/variants';
import type { Outbox } from './outbox/types';
import { customerCallbackRoutes } from './routes/customer-callback';
import { customerLinkRoutes } from './routes/customer-links';
import { healthRoutes } from './routes/health';
import { payloadRoutes } from './routes/payload';
import { redirectRoutes } from './routes/redirects';
import { robotsRoutes } from './routes/robots';
import { sitemapRoutes } from './routes/sitemap';
import { createRedirectSource } from './redirects/source';
import { productUnlockRoutes } from './routes/product-unlock';
import { unlockedInRequest, unlockScope } from './unlock/request-scope';
import { createUnlockTokens } from './unlock/token';
import { createContentClient } from './upstream/content/client';
import { storefrontClientFactory } from './upstream/storefront/client';
import { UpstreamCircuits, type CircuitOptions } from './upstream/circuit';
import { createRoutes } from '../client/routes';
import { createRouteTable } from './render/route-table';
import { createPageCache, MemoryPageStore, RedisPageStore, trackDataKeys, type PageCache, type PageCacheOptions } from './page-cache';
import { webhookRoutes } from './routes/webhooks';
import { previewScope } from './preview/scope';
import { createPreviewTokens } from './preview/token';
import { previewRoutes } from './routes/preview';

export type AppDeps = {
  log: Logger;
  cache: Cache;
  /** The client build's manifest: entry script, stylesheets and the build id (`/__build`). */
  manifest: ClientManifest;
  /**
   * Where sign-ups wait for the email marketing provider (server/outbox). The caller starts and
   * stops its worker (server/index.ts); the app only enqueues.
   */
  outbox: Outbox;
  /** Per-tier rate limit overrides (tests); default server/http/rate-limit.ts DEFAULT_RATE_LIMITS. */
  rateLimits?: Partial<Record<RateLimitTier, Partial<TierOptions>>>;
  /** Origin page cache overrides (tests: a clock, shorter windows); on/off and size come from config. */
  pageCache?: Partial<Pick<PageCacheOptions, 'now' | 'freshMs' | 'staleMs' | 'notFoundMs'>>;
  /**
   * Upstream circuit breakers (server/upstream/circuit.ts): threshold and cool-down overrides
   * (tests), and `onStateChange`, the hook for the circuit-state metric. Every change is logged.
   */
  circuits?: CircuitOptions;
  /** True once the process is stopping (server/index.ts): `/readyz` answers 503. */
  stopping?: () => boolean;
};

/** The Express app and the cart service every cart entry point uses (tests reach it too). */
export type App = express.Express & { locals: { cart: CartService; pageCache: PageCache | null; circuits: UpstreamCircuits } };

export function createApp(config: Config, deps: AppDeps): App {
  // One breaker per upstream for the whole process: an outage is seen once, not per request.
  const circuits = new UpstreamCircuits({
    ...deps.circuits,
    onStateChange: (upstream, state) => {
      deps.log[state === 'open' ? 'warn' : 'info']({ upstream, circuit: state }, `${upstream} circuit ${state}`);
      setCircuitState(upstream, state);
      deps.circuits?.onStateChange?.(upstream, state);
    },
  });
  // At most one Apollo client (and its InMemoryCache) per request, however many reads miss the data cache.
  const storefront = perRequest(storefrontClientFactory(config.storefront, circuits));
  const content = createContentClient(config.content, circuits);
  // Data reads go through a cache that remembers its keys, so webhooks can delete them (server/page-cache).
  const dataCache = trackDataKeys(deps.cache);
  const data = new UpstreamData({ config, cache: dataCache, content, storefront, log: deps.log });
  // Password-protected products: per-product signed unlock cookies (server/unlock).
  const unlock = createUnlockTokens(config.unlockSecret, config.siteUrl);
  // Draft preview: a signed cookie set by the secret preview URL (server/preview); none without a secret.
  const preview = config.preview.secret ? createPreviewTokens(config.preview.secret, config.siteUrl) : null;
  /** A product's content card, or null when no product has that handle; prices left out (an empty price index). */
  const productCard = async (handle: string) => {
    const card = await data.productCard(handle);
    return card ? data.reshape.productCard(card, new Map()) : null;
  };
  const cart = createCartService({
    storefront,
    calendar: createAvailabilityService(config.scheduler, deps.cache),
    productCard,
    unlocked: unlockedInRequest(unlock),
    shippingExcludedTag: config.shippingExcludedTag,
    imageOrigin: config.storefront.imageOrigin,
    log: deps.log,
  });
  const customers = createCustomerService({ storefront, log: deps.log });
  const authorization = createCustomerAuthorization(config.customerAccount, { redirectUri: `${config.siteUrl}/accounts/account` });
  // Limits are shared by every instance through the cache's Redis when there is one.
  const limits = createRateLimits({
    redis: deps.cache instanceof RedisCache ? deps.cache : null,
    log: deps.log,
    limits: { ...config.rateLimits, ...deps.rateLimits },
    // The page cache's background refreshes are this app asking itself, not a shopper.
    internal: (req) => app.locals.pageCache?.isRefresh(req) ?? false,
  });
  // Local mode: the Storefront emulator keeps the mail Shopify would send (activation, reset).
  // Shown through the shop's origin (the proxy adds the debug token), never the emulator's port.
  const inboxUrl = config.local ? localInboxUrl(config.siteUrl) : null;
  const marketing = createMarketingService({
    outbox: deps.outbox,
    settings: async () => (await data.siteSettings()).settings,
    cache: deps.cache,
    lists: config.marketing,
    log: deps.log,
  });
  const dataSource = createServerDataSource({ data, cart, customers, siteUrl: config.siteUrl, log: deps.log, unlock });
  // The one route table (ADR-0032): built once here, handed to everything that matches a path.
  const table = createRouteTable(createRoutes(dataSource));
  // Upstream latency and errors for /metrics, observed on Node's HTTP diagnostics channels (server/metrics/upstream.ts).
  observeUpstreams({
    storefront: [config.storefront.endpoint],
    content: config.content.apiHost
      ? [config.content.apiHost]
      : [`https://${config.content.projectId}.api.sanity.io`, `https://${config.content.projectId}.apicdn.sanity.io`],
    scheduler: [config.scheduler.url],
    customerAccount: [config.customerAccount.issuer],
    marketing: [config.marketing.apiUrl],
  });

  const app = express() as App;
  app.locals.cart = cart;
  app.locals.circuits = circuits;
  app.disable('x-powered-by');
  // Only the configured number of proxies may name the client in X-Forwarded-* (docs/architecture.md §7).
  app.set('trust proxy', config.trustedProxyHops);
  // Before anything reads the request: two Host headers are refused (400), whoever they are for.
  app.use(singleHost);
  app.use(securityHeaders(config));
  // Local mode: the developer page and the emulators' browser paths (an allow-list, ADR-0027),
  // after the shop's security headers (the proxy narrows the CSP per answer) and before path
  // normalisation, so that anything off the list answers 404 whatever its spelling.
  if (config.local) {
    const { proxyTargets: targets, debugToken, developerClients } = config.local;
    const { siteUrl, trustedIpHeader } = config;
    app.use(
      LOCAL_PROXY_PREFIX,
      localDeveloperPage({ local: config.local, siteUrl, trustedIpHeader, storefront: config.storefront }),
      localEmulatorProxy({ targets, debugToken, siteUrl, developerClients, trustedIpHeader }),
    );
  }
  app.use(normalisePath);
  // What the request is — its route, whether it is personal, its cache policy — decided once (ADR-0032).
  app.use(requestPolicy({ table, preview, siteUrl: config.siteUrl }));
  app.use(compression());
  app.use(requestContext(deps.log, config.trustedIpHeader, config.requestDeadlineMs));
  app.use(requestMetrics());
  app.use(unlockScope());
  app.use(previewScope());
  app.use(
    pinoHttp({
      logger: deps.log,
      genReqId: (req) => (req as { id?: string }).id ?? '',
      quietReqLogger: true,
      serializers: redactingHttpSerializers,
    }),
  );

  app.use(
    '/assets',
    // The build's .br/.gz copies when the browser accepts them (server/http/precompressed.ts).
    precompressedAssets(path.join(config.clientDistDir, 'assets')),
    express.static(path.join(config.clientDistDir, 'assets'), {
      immutable: true,
      maxAge: '1y',
      index: false,
      fallthrough: false,
    }),
  );
  app.use(metricsRoutes({ token: config.metricsToken, outbox: deps.outbox }));
  app.use(limits.pages);
  // The activation and reset links of the platform's mail: one-time secrets, before any table or cache.
  app.use(customerLinkRoutes({ siteUrl: config.siteUrl }));
  // Legacy paths answer their 301 before any loader or payload sees them (spec §2); then the SEO files.
  const redirects = createRedirectSource({ content, cache: dataCache, log: deps.log });
  app.use(redirectRoutes(redirects));
  app.use(
    sitemapRoutes({ content, cache: dataCache, redirects, siteUrl: config.siteUrl, productHandles: async () => (await data.priceIndex()).keys() }),
  );
  app.use(robotsRoutes(config.siteUrl));
  // The origin page cache answers public pages and payloads before they render (docs/architecture.md §8).
  const pageCache = config.pageCache.enabled
    ? createPageCache({
        store:
          deps.cache instanceof RedisCache
            ? new RedisPageStore(deps.cache, deps.log, config.pageCache.maxBytes, deps.pageCache?.now)
            : new MemoryPageStore(config.pageCache.maxBytes, deps.pageCache?.now),
        buildId: deps.manifest.buildId,
        table,
        siteUrl: config.siteUrl,
        log: deps.log,
        ...deps.pageCache,
      })
    : null;
  app.locals.pageCache = pageCache;
  if (pageCache) app.use(pageCache.middleware);
  app.use(payloadRoutes(dataSource, config.siteUrl));

  // Signed webhooks from Sanity and Shopify: another origin, raw bodies, so before the /api guard.
  app.use(webhookRoutes({ secrets: config.webhooks, pageCache, dataCache, log: deps.log }));
  app.use('/api', jsonApiGuard(new URL(config.siteUrl).origin), express.json({ limit: '32kb' }));
  app.use(previewRoutes(preview));
  app.use(limits.cartApi);
  app.use(cartRoutes(cart));
  app.use(availabilityRoutes(cart));
  app.use(customerRoutes({ customers, cart, authorization, limits, siteUrl: config.siteUrl, inboxUrl, log: deps.log }));
  app.use(
    marketingRoutes({
      marketing,
      limit: limits.signUps,
      hintRecipientLimit: limits.hintRecipient,
      product: async (handle) => {
        const card = await productCard(handle);
        return card ? { title: card.title, image: card.image?.src ?? null } : null;
      },
      variantExists: variantLookup(storefront, deps.log),
      log: deps.log,
    }),
  );
  // The browser's React error reports (ADR-0029): logged, so a hydration mismatch in production is seen.
  app.use(clientErrorRoutes({ limit: limits.clientErrors, log: deps.log }));
  app.use('/api', apiNotFound);
  app.use(cartFormRoutes({ cart, siteUrl: config.siteUrl, limits: limits.cartForm }));
  app.use(productUnlockRoutes({ content, tokens: unlock, limit: limits.unlock, siteUrl: config.siteUrl }));

  app.use(
    healthRoutes({
      circuits,
      cache: deps.cache,
      buildId: deps.manifest.buildId,
      manifest: deps.manifest,
      outbox: deps.outbox,
      stopping: deps.stopping,
      operatorToken: config.metricsToken,
    }),
  );
  app.use(customerCallbackRoutes({ authorization, siteUrl: config.siteUrl, log: deps.log }));
  app.use(
    createRenderHandler({
      table,
      manifest: deps.manifest,
      siteUrl: config.siteUrl,
      shippingExcludedTag: config.shippingExcludedTag,
      analytics: config.analytics,
      logError: (err, ctx) => requestLog(deps.log).error({ err, ...ctx }, 'render failed'),
    }),
  );
  app.use(errorHandler(deps.log));
  return app;
}
