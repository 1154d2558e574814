/**
 * The Shopify Storefront API emulator (docs/architecture.md §2): the real 2026-04 schema executed by graphql-js
 * over the seeded catalog, with persistent carts, customer accounts (seeded from
 * `{contentDir}/customers.json` into a new data dir), the hosted-checkout stand-in (orders), a
 * local mail inbox (`/__emulator/inbox`), the CDN image and video stand-in and a fault switch for the
 * GraphQL endpoint (`/__emulator/faults`, ../shared/faults.ts: 5xx, 429 or a held request in
 * Shopify's error shape, or one never answered; nothing read or written meanwhile), and GraphiQL
 * at `/graphiql` (graphiql/routes.ts) with the public token prefilled.
 *
 *   const sf = await startStorefrontEmulator({ port: 0, dataDir, contentDir });
 *   POST `${sf.url}/api/2026-04/graphql.json` with `X-Shopify-Storefront-Access-Token: 6a7e1f0c2b9d4e83a5f6071829ab3cde` (DEFAULT_PUBLIC_TOKEN)
 *
 * State lives in `{dataDir}/storefront/state.sqlite` (database.ts); carts expire 10 days after
 * their last update (carts.ts) and are pruned every `cartPruneIntervalMs` and when read.
 *
 * @throws at start when `{contentDir}/catalog.json` is missing or invalid, `{contentDir}/online-store.json`,
 *   `{contentDir}/delivery.json` or `{contentDir}/checkout.json` is invalid, `{contentDir}/customers.json` is
 *   invalid, or the state database (or a legacy JSON state file to import) is corrupt.
 */
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { GraphQLSchema } from 'graphql';
import { faultRoutes, Faults, HeldRequests, TIMEOUT_FAULT_HOLD_MS } from '../shared/faults';
import { DEFAULT_CONTENT_DIR, DEFAULT_DATA_DIR, listen, REPO_ROOT, type EmulatorOptions, type RunningEmulator } from '../shared/server';
import { loadCatalog } from './catalog';
import { CartPricer, countryOnly } from './cart-cost';
import { deliveryTaxPlace, selectedDeliveryCostCents } from './cart-delivery';
import { CartStore } from './carts';
import { loadCheckoutRules } from './checkout-seed';
import { checkoutRouter } from './checkout/routes';
import type { StorefrontContext } from './context';
import { seedCustomers } from './customer-seed';
import { CustomerStore } from './customers';
import { openStorefrontDatabase } from './database';
import { GiftCardStore } from './gift-cards';
import { graphiqlRouter } from './graphiql/routes';
import { graphqlHandler, PRIVATE_TOKEN_HEADER, PUBLIC_TOKEN_HEADER } from './graphql-http';
import { imageHandler } from './image-route';
import { videoHandler } from './video-route';
import { inboxRouter } from './inbox/routes';
import { Inventory } from './inventory';
import { Mailbox } from './mail';
import { loadDeliveryRates } from './delivery-rates';
import { loadOnlineStore } from './online-store';
import { OrderStore } from './orders';
import { buildExecutableSchema } from './resolvers';

/** Port used when `opts.port` is not given. */
export const DEFAULT_STOREFRONT_PORT = 4001;
/**
 * The public Storefront access token, accepted in `X-Shopify-Storefront-Access-Token` unless
 * `opts.publicToken` says otherwise. Stable and documented (emulators/storefront-api/README.md), in
 * Shopify's format (32 hex characters), so another storefront's `.env` keeps working across runs:
 * like Shopify's, it is public by design (browsers carry it) and opens only the public API. The
 * private token and the debug token are new on every run.
 */
export const DEFAULT_PUBLIC_TOKEN = '6a7e1f0c2b9d4e83a5f6071829ab3cde';
/** Accepted in `Shopify-Storefront-Private-Token` unless `opts.privateToken` says otherwise. */
export const DEFAULT_PRIVATE_TOKEN = 'local-private-token';
export const DEFAULT_SHOP_URL = 'http://localhost:3000';
/** Where `npm run build` puts GraphiQL (esbuild.config.ts `buildEmulators`). */
const DEFAULT_GRAPHIQL_DIR = path.join(REPO_ROOT, 'dist', 'emulators', 'graphiql');

export { listOrders, storefrontDatabaseFile } from './database';
export { GRAPHIQL_PATH } from './graphiql/routes';
export type { StoredOrder } from './orders';
export { CART_TTL_MS } from './carts';

export type { MailMessage } from './mail';

export type StorefrontEmulatorOptions = EmulatorOptions & {
  /** Accepted in `X-Shopify-Storefront-Access-Token`, default DEFAULT_PUBLIC_TOKEN. */
  publicToken?: string;
  /** Accepted in `Shopify-Storefront-Private-Token`, default `local-private-token`. */
  privateToken?: string;
  /**
   * The storefront the checkout pages and account mail link to, default http://localhost:3000;
   * the activation and reset URLs are on it, as Shopify's are on the shop's domain.
   */
  shopUrl?: string;
  /** How long a customer access token lives, in milliseconds; default 14 days (Shopify's). */
  customerAccessTokenTtlMs?: number;
  /**
   * Base URL the browser reaches this emulator at, for the absolute URLs it hands out (images,
   * checkout, order status; not the mail's links, which are the shop's); default its own bound URL. The shop's `/__local/storefront`
   * in local mode, where the emulator binds loopback only.
   */
  publicUrl?: string;
  /** The clock carts and customer tokens are stamped and expired by (tests move it); default `() => new Date()`. */
  now?: () => Date;
  /** How long a cart lives after its last update, in ms; default CART_TTL_MS (10 days, Shopify's). */
  cartTtlMs?: number;
  /** How often expired carts are deleted, in ms; default one hour. */
  cartPruneIntervalMs?: number;
  /** How long a `timeout` fault holds a GraphQL request before answering 504, in ms; default 30 000. */
  timeoutFaultHoldMs?: number;
  /** The GraphiQL build served at `/graphiql`; default `<repo>/dist/emulators/graphiql`. */
  graphiqlDir?: string;
};

const CART_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** Shopify's GraphQL error body for a refused request (`errors[].extensions.code`). */
const shopifyError = (message: string, code: string) => ({ errors: [{ message, extensions: { code } }] });

/** Start the emulator; port defaults to 4001 (`DEFAULT_STOREFRONT_PORT`). */
export async function startStorefrontEmulator(opts: StorefrontEmulatorOptions = {}): Promise<RunningEmulator> {
  const contentDir = opts.contentDir ?? DEFAULT_CONTENT_DIR;
  const dataDir = opts.dataDir ?? DEFAULT_DATA_DIR;
  const port = opts.port ?? DEFAULT_STOREFRONT_PORT;
  const catalog = loadCatalog(contentDir);
  const onlineStore = loadOnlineStore(contentDir);
  const deliveryRates = loadDeliveryRates(contentDir);
  const checkoutRules = loadCheckoutRules(contentDir);
  const inventory = new Inventory();
  const db = openStorefrontDatabase(dataDir);
  const carts = new CartStore(db, catalog, inventory, { now: opts.now, ttlMs: opts.cartTtlMs });
  const customers = new CustomerStore(db, { accessTokenTtlMs: opts.customerAccessTokenTtlMs, now: opts.now });
  const giftCards = new GiftCardStore(db);
  const delivery = { carts, customers, deliveryRates };
  const pricing = new CartPricer({
    rules: checkoutRules,
    giftCards,
    carts,
    now: opts.now ?? (() => new Date()),
    deliveryCents: (cart) => selectedDeliveryCostCents(cart, delivery),
    // Tax follows the selected delivery address; without one, the buyer's country as before.
    destination: (cart) => deliveryTaxPlace(cart) ?? countryOnly(cart),
  });
  const orders = new OrderStore(db, carts, inventory, pricing, giftCards);
  const mailbox = new Mailbox(db);
  const shopUrl = opts.shopUrl ?? DEFAULT_SHOP_URL;
  try {
    giftCards.seed(checkoutRules.giftCards);
    await seedCustomers(contentDir, { customers, orders, catalog, mailbox, links: { shopUrl, shopName: catalog.shop.name } });
  } catch (error) {
    db.close();
    throw error;
  }
  carts.prune();
  const pruning = setInterval(() => carts.prune(), opts.cartPruneIntervalMs ?? CART_PRUNE_INTERVAL_MS);
  pruning.unref();
  const schema = buildExecutableSchema();
  // Built on the first request to the `unstable` version (hydrogen-react's consent request).
  let unstableSchema: GraphQLSchema | undefined;
  const schemaFor = (version: string) => (version === 'unstable' ? (unstableSchema ??= buildExecutableSchema({ unstable: true })) : schema);
  // The bound URL is only known after listen(); absolute URLs are built from it per request.
  const site = { origin: '' };

  const faults = new Faults();
  const held = new HeldRequests(opts.timeoutFaultHoldMs ?? TIMEOUT_FAULT_HOLD_MS);

  const app = express();
  app.disable('x-powered-by');
  app.use(faultRoutes(faults));
  app.use('/api', (req: Request, res: Response, next: NextFunction) => {
    // Shopify's Storefront API is CORS-enabled for browsers.
    res.set('Access-Control-Allow-Origin', '*');
    res.set('Access-Control-Allow-Headers', `Content-Type, Accept, ${PUBLIC_TOKEN_HEADER}, ${PRIVATE_TOKEN_HEADER}`);
    res.set('Access-Control-Allow-Methods', 'POST, OPTIONS');
    if (req.method === 'OPTIONS') res.sendStatus(204);
    else next();
  });
  app.post(
    '/api/:version/graphql.json',
    (_req: Request, res: Response, next: NextFunction) => {
      const fault = faults.take();
      if (!fault) return next();
      if (fault.mode === 'hang') return held.hang(res);
      if (fault.mode === 'timeout') return held.hold(res, (late) => void late.status(504).json(shopifyError('Timeout', 'TIMEOUT')));
      if (fault.retryAfterSeconds !== null) res.set('Retry-After', String(fault.retryAfterSeconds));
      if (fault.mode === 'rate-limit') return void res.status(429).json(shopifyError('Throttled', 'THROTTLED'));
      res.status(fault.status ?? 503).json(shopifyError('Internal error. Looks like something went wrong on our end.', 'INTERNAL_SERVER_ERROR'));
    },
    express.json({ limit: '1mb' }),
    express.text({ type: 'application/graphql', limit: '1mb' }),
    graphqlHandler(
      schemaFor,
      {
        publicToken: opts.publicToken ?? DEFAULT_PUBLIC_TOKEN,
        privateToken: opts.privateToken ?? DEFAULT_PRIVATE_TOKEN,
      },
      (inContext): StorefrontContext => ({
        catalog,
        onlineStore,
        carts,
        pricing,
        giftCards,
        inventory,
        customers,
        deliveryRates,
        orders,
        mailbox,
        origin: site.origin,
        shopUrl,
        ...inContext,
      }),
    ),
  );
  app.get('/cdn/shop/files/:file', imageHandler(path.join(contentDir, 'images')));
  app.get('/cdn/shop/videos/:file', videoHandler(path.join(contentDir, 'videos')));
  app.use(checkoutRouter({ carts, orders, customers, deliveryRates, pricing, giftCards, shopName: catalog.shop.name, shopUrl }));
  app.use(inboxRouter({ mailbox, shopName: catalog.shop.name, shopUrl }));
  app.use(
    graphiqlRouter({
      dir: opts.graphiqlDir ?? DEFAULT_GRAPHIQL_DIR,
      publicToken: opts.publicToken ?? DEFAULT_PUBLIC_TOKEN,
      shopName: catalog.shop.name,
    }),
  );
  app.use((_req: Request, res: Response) => {
    res.status(404).json({ errors: 'Not Found' });
  });
  app.use((error: Error & { status?: number; type?: string }, _req: Request, res: Response, _next: NextFunction) => {
    // Malformed JSON bodies: Shopify answers 400 with a JSON error.
    if (error.type === 'entity.parse.failed' || error.status === 400) {
      res.status(400).json({ errors: [{ message: `Invalid JSON in request body: ${error.message}` }] });
      return;
    }
    // Other client errors (413 body too large…) are body-parser's, whose messages hold no paths.
    if (error.status && error.status >= 400 && error.status < 500) {
      res.status(error.status).json({ errors: [{ message: error.message }] });
      return;
    }
    // Anything else is the emulator's own failure: logged here, never echoed (messages can hold file paths).
    console.error('[storefront-api]', error);
    res.status(500).json({ errors: [{ message: 'Internal error; see the emulator log' }] });
  });

  const close = () => {
    clearInterval(pruning);
    // stop() may be called twice (a test's restart, then its teardown).
    if (db.isOpen) db.close();
  };
  const running = await listen('storefront-api', app, { port, host: opts.host, debugToken: opts.debugToken }, close).catch((error: unknown) => {
    close();
    throw error;
  });
  site.origin = opts.publicUrl?.replace(/\/+$/, '') ?? running.url;
  return {
    ...running,
    async stop() {
      held.abortAll();
      await running.stop();
    },
  };
}
