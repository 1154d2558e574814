/**
 * Customer-account emulator (docs/architecture.md §2): an OAuth 2.1 / OpenID Connect
 * authorization server built on `oidc-provider`, standing in for Shopify's customer-account
 * authorize and token endpoints. Default address 127.0.0.1:4005 (`CUSTOMER_ACCOUNT_EMULATOR_PORT`
 * through `startEmulators`/`emulatorOptionsFromEnv`); the issuer is the bound URL and its
 * metadata is at `${url}/.well-known/openid-configuration`.
 * Configuration: ./provider.ts; the sign-in step: ./interactions.ts; overview: ./README.md.
 */
import type { RequestListener } from 'node:http';
import express from 'express';
import { listen, type RunningEmulator } from '../shared/server';
import { AccountDirectory } from './accounts';
import { interactionRoutes } from './interactions';
import { pageCsp } from './pages';
import { createProvider } from './provider';

/** Port used when `opts.port` is not given (4004 is kept for the marketing emulator). */
export const DEFAULT_CUSTOMER_ACCOUNT_PORT = 4005;

/** The one registered client's id, used when `opts.clientId` is not given. */
export const DEFAULT_CUSTOMER_ACCOUNT_CLIENT_ID = 'local-customer-account-client';

export type CustomerAccountEmulatorOptions = {
  /** TCP port; 0 picks a free one (tests). Default 4005. */
  port?: number;
  /** Bind address, default 127.0.0.1 (loopback only). */
  host?: string;
  /** The storefront's public URL; the client's only redirect URI is `${shopUrl}/accounts/account`. Default http://localhost:3000. */
  shopUrl?: string;
  /** The registered public client's id, default `local-customer-account-client`. */
  clientId?: string;
  /** The token `/__emulator/*` requires; default a random one (shared/server.ts). */
  debugToken?: string;
};

/**
 * Starts the emulator: binds first, because the issuer identifier is the bound URL, then builds
 * the provider (a fresh signing key, cookie key and empty store every time).
 * @throws when the port cannot be bound or `shopUrl` is not an absolute http(s) URL
 */
export async function startCustomerAccountEmulator(opts: CustomerAccountEmulatorOptions = {}): Promise<RunningEmulator> {
  const shopUrl = new URL(opts.shopUrl ?? 'http://localhost:3000');
  if (shopUrl.protocol !== 'http:' && shopUrl.protocol !== 'https:') throw new TypeError(`shopUrl must be an http(s) URL, got ${opts.shopUrl}`);
  const redirectUri = `${shopUrl.href.replace(/\/+$/, '')}/accounts/account`;
  const clientId = opts.clientId ?? DEFAULT_CUSTOMER_ACCOUNT_CLIENT_ID;

  let handler: RequestListener | undefined;
  const running = await listen(
    'customer-account',
    (req, res) => {
      if (handler) return handler(req, res);
      res.writeHead(503, { 'Retry-After': '1' }).end();
    },
    { port: opts.port ?? DEFAULT_CUSTOMER_ACCOUNT_PORT, host: opts.host, debugToken: opts.debugToken },
  );
  try {
    const accounts = new AccountDirectory();
    const provider = await createProvider({ issuer: running.url, clientId, redirectUri, accounts });
    const app = express();
    app.disable('x-powered-by');
    app.use(interactionRoutes({ provider, accounts, csp: pageCsp(shopUrl.origin) }));
    app.use(provider.callback());
    handler = app;
  } catch (err) {
    await running.stop();
    throw err;
  }
  return running;
}
