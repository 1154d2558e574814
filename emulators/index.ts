/**
 * Starts every local emulator (docs/architecture.md §2): Storefront API, content lake, scheduler,
 * marketing (Klaviyo-shaped) and customer-account authorization server, on their default ports or the given ones (0 = any
 * free port, for tests), and hands back the connection settings a client needs to talk to them.
 * If one fails to start, the ones already running are stopped before the error is rethrown.
 *
 * The emulators own their wire formats and these settings; they import nothing from the app
 * (server/, client/, the top-level shared/). The app's config takes `connection` as a plain value.
 */
import { CONTENT_API_VERSION, DEFAULT_DATASET, DEFAULT_PROJECT_ID, startContentLakeEmulator } from './content-lake';
import { DEFAULT_CUSTOMER_ACCOUNT_CLIENT_ID, startCustomerAccountEmulator } from './customer-account';
import { CLIENT_EVENTS_PATH, DEFAULT_PUBLIC_API_KEY, startMarketingEmulator } from './marketing';
import { DEFAULT_SCHEDULER_RULES, startSchedulerEmulator } from './scheduler';
import { newDebugToken, type RunningEmulator } from './shared/server';
import { DEFAULT_PUBLIC_TOKEN, startStorefrontEmulator } from './storefront-api';

export { emulatorOptionsFromEnv, EmulatorEnvError } from './env';
export { type RunningEmulator } from './shared/server';

/** TCP ports; 0 = any free port. Each defaults to its emulator's port (4001, 4002, 4003, 4004, 4005). */
export type EmulatorPorts = { storefront?: number; content?: number; scheduler?: number; marketing?: number; customerAccount?: number };

export type StartEmulatorsOptions = {
  /** Mutable state (carts, orders, marketing records), default `<repo>/.data`. */
  dataDir?: string;
  /** Seed dataset folder, default `<repo>/content`. */
  contentDir?: string;
  ports?: EmulatorPorts;
  /** Bind address, default 127.0.0.1. */
  host?: string;
  /**
   * The storefront's public URL: the checkout page links back to it, and the customer-account
   * client's only redirect URI is `${shopUrl}/accounts/account`. Default http://localhost:3000.
   */
  shopUrl?: string;
  /** Lifetime of the Storefront API's customer access tokens in ms (tests shorten it); its default otherwise. */
  customerAccessTokenTtlMs?: number;
  /** The Storefront API's clock for carts and customer tokens (tests move it); default the real one. */
  storefrontNow?: () => Date;
  /** The token every emulator's `/__emulator/*` requires; default a random one per call. */
  debugToken?: string;
  /**
   * The Storefront API's private token (`Shopify-Storefront-Private-Token`); default a random one
   * per call. A developer pins it with `STOREFRONT_PRIVATE_TOKEN` (./env.ts) so a client's `.env`
   * outlives a run.
   */
  storefrontPrivateToken?: string;
  /**
   * Where the browser reaches them when not at their own URLs: `${publicBaseUrl}/storefront`,
   * `/content` and `/marketing` (the shop's `/__local/…` proxy in local mode). The browser-facing
   * URLs in `connection` (image origins, the client events URL) and those the Storefront emulator
   * hands out (checkout, order status) are built on it; the mail's account links are on `shopUrl`.
   * Default: their own URLs.
   */
  publicBaseUrl?: string;
};

/**
 * How to reach the running emulators, as a Shopify/Sanity/Zapiet/Klaviyo client would be configured.
 * Every URL is absolute, `http://host:port`, without a trailing slash.
 */
export type EmulatorConnection = {
  /** The per-run token of every emulator's `/__emulator/*` endpoints (header `x-emulator-token`). */
  debugToken: string;
  storefront: {
    /** Origin of the Storefront API; GraphQL is at `${origin}/api/{version}/graphql.json`. */
    origin: string;
    /** Value for the `Shopify-Storefront-Private-Token` header (server-side calls). */
    privateToken: string;
    /** Value for the `X-Shopify-Storefront-Access-Token` header (browser-side calls). */
    publicToken: string;
    /** Base URL the product image URLs it returns point at (its `/cdn/shop/files/…` route, or the public base's). */
    imageOrigin: string;
    /**
     * The app's client secret, as Shopify issues one per app: it signs Shopify's webhooks
     * (`X-Shopify-Hmac-Sha256`). The emulator sends none; a test or a developer signs with it.
     */
    webhookSecret: string;
  };
  content: {
    /** For `@sanity/client`'s `apiHost`, with `useProjectHostname: false` and `useCdn: false`. */
    apiHost: string;
    projectId: string;
    dataset: string;
    /** Sanity API version, 'YYYY-MM-DD', whose behaviour the emulator follows. */
    apiVersion: string;
    /** Read token (per run) that drafts and release versions need, as Sanity's do; anonymous queries never see them. */
    readToken: string;
    /** For `@sanity/image-url`'s `baseUrl` (may carry a path): images are at `${imageOrigin}/images/{projectId}/{dataset}/…`. */
    imageOrigin: string;
    /** The project's webhook secret (`sanity-webhook-signature`); the emulator sends no webhook, a test or a developer signs with it. */
    webhookSecret: string;
    /** The preview URL secret an editor's Studio opens draft preview with (Sanity's Presentation tool keeps one per project). */
    previewSecret: string;
  };
  scheduler: {
    /** Base URL; calendars at `${url}/v1.0/{pickup|delivery}/locations/{id}/calendar?shop={shop}`. */
    url: string;
    /** A pickup location the emulator answers for. */
    pickupLocationId: string;
    /** A delivery location the emulator answers for. */
    deliveryLocationId: string;
    /** The `shop` query parameter it accepts, e.g. gramercy-stems.myshopify.com. */
    shop: string;
  };
  customerAccount: {
    /** OpenID Connect issuer; its metadata is at `${issuer}/.well-known/openid-configuration`. */
    issuer: string;
    /** The registered public client (no secret, PKCE S256 required). */
    clientId: string;
  };
  marketing: {
    /** Origin of the Klaviyo-shaped API (as https://a.klaviyo.com): `${apiUrl}/api/events` etc., header `revision: 2024-02-15`. */
    apiUrl: string;
    /** Private API key, sent as `Authorization: Klaviyo-API-Key <privateKey>` on `/api/*` (server side only). */
    privateKey: string;
    /** Public API key (company id), the `company_id` query parameter of the client endpoints. */
    publicKey: string;
    /** Absolute URL of the CORS-enabled client events endpoint, `${apiUrl}/client/events/` (add `?company_id=`). */
    clientEventsUrl: string;
  };
};

export type RunningEmulators = {
  storefront: RunningEmulator;
  content: RunningEmulator;
  scheduler: RunningEmulator;
  marketing: RunningEmulator;
  customerAccount: RunningEmulator;
  /** Where and with which credentials/ids to reach them (the bound ports, not the requested ones). */
  connection: EmulatorConnection;
  /** The token all five `/__emulator/*` endpoints require (header `x-emulator-token`). */
  debugToken: string;
  /** Stops all of them (in parallel); safe to call twice. */
  stopAll(): Promise<void>;
};

/**
 * Starts the five emulators in parallel. Every secret is new per call (random, 256 bits): the
 * Storefront private token (unless `storefrontPrivateToken` pins it), the content lake's read token,
 * the marketing private key and the debug token, so no documented value unlocks a running emulator
 * (ADR-0020); and the secrets the
 * services would issue to the shop, the two webhook secrets and the preview secret, so no
 * documented value signs a webhook or opens a preview on a local shop.
 * @returns the running emulators, their `connection` settings and `stopAll`
 * @throws the first start error (port taken, bad seed data…), after stopping the others
 */
export async function startEmulators(opts: StartEmulatorsOptions = {}): Promise<RunningEmulators> {
  const debugToken = opts.debugToken ?? newDebugToken();
  const common = { dataDir: opts.dataDir, contentDir: opts.contentDir, host: opts.host, debugToken };
  // The public token is the documented one (a storefront's .env outlives a run); the private one is
  // per run unless the developer pinned their own (./env.ts).
  const tokens = { publicToken: DEFAULT_PUBLIC_TOKEN, privateToken: opts.storefrontPrivateToken ?? newDebugToken() };
  const lake = { projectId: DEFAULT_PROJECT_ID, dataset: DEFAULT_DATASET };
  const readToken = newDebugToken();
  const rules = DEFAULT_SCHEDULER_RULES;
  const clientId = DEFAULT_CUSTOMER_ACCOUNT_CLIENT_ID;
  const marketingKeys = { privateKey: `pk_${newDebugToken()}`, publicKey: DEFAULT_PUBLIC_API_KEY };
  const publicBase = opts.publicBaseUrl?.replace(/\/+$/, '');
  const publicUrl = (name: string) => (publicBase ? `${publicBase}/${name}` : undefined);
  const started: RunningEmulator[] = [];
  const stopAll = async () => {
    const running = started.splice(0);
    await Promise.all(running.map((e) => e.stop()));
  };
  const track = async (start: Promise<RunningEmulator>) => {
    const emulator = await start;
    started.push(emulator);
    return emulator;
  };
  try {
    const [storefront, content, scheduler, marketing, customerAccount] = await Promise.all([
      track(
        startStorefrontEmulator({
          ...common,
          ...tokens,
          port: opts.ports?.storefront,
          shopUrl: opts.shopUrl,
          customerAccessTokenTtlMs: opts.customerAccessTokenTtlMs,
          now: opts.storefrontNow,
          publicUrl: publicUrl('storefront'),
        }),
      ),
      track(startContentLakeEmulator({ ...common, ...lake, token: readToken, port: opts.ports?.content })),
      track(startSchedulerEmulator({ ...common, rules, port: opts.ports?.scheduler })),
      track(startMarketingEmulator({ dataDir: opts.dataDir, host: opts.host, debugToken, ...marketingKeys, port: opts.ports?.marketing })),
      track(startCustomerAccountEmulator({ host: opts.host, debugToken, port: opts.ports?.customerAccount, shopUrl: opts.shopUrl, clientId })),
    ]);
    const connection: EmulatorConnection = {
      debugToken,
      storefront: { origin: storefront.url, ...tokens, imageOrigin: publicUrl('storefront') ?? storefront.url, webhookSecret: newDebugToken() },
      content: {
        apiHost: content.url,
        ...lake,
        apiVersion: CONTENT_API_VERSION,
        readToken,
        imageOrigin: publicUrl('content') ?? content.url,
        webhookSecret: newDebugToken(),
        previewSecret: newDebugToken(),
      },
      scheduler: {
        url: scheduler.url,
        pickupLocationId: rules.pickup.locationIds[0],
        deliveryLocationId: rules.delivery.locationIds[0],
        shop: rules.shop,
      },
      customerAccount: { issuer: customerAccount.url, clientId },
      marketing: { apiUrl: marketing.url, ...marketingKeys, clientEventsUrl: `${publicUrl('marketing') ?? marketing.url}${CLIENT_EVENTS_PATH}` },
    };
    return { storefront, content, scheduler, marketing, customerAccount, connection, debugToken, stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
