/**
 * The oidc-provider configuration standing in for Shopify's customer-account authorization
 * server: one public client (the storefront), authorization code + PKCE S256 only, scopes
 * `openid email customer-account-api:full`, ID tokens carrying `email` and `email_verified`,
 * refresh tokens on every code exchange. Keys (ID-token signing, cookie signing) are random per
 * start and everything is kept in memory, so nothing survives a restart.
 */
import { generateKeyPair, randomBytes, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { Provider, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { AccountDirectory } from './accounts';
import { isEmail } from './accounts';
import { errorPage, pageCsp } from './pages';
import { createMemoryAdapter } from './storage';

/** The scopes the storefront asks for, as Shopify's customer-account API defines them. */
export const CUSTOMER_ACCOUNT_SCOPES = ['openid', 'email', 'customer-account-api:full'] as const;

/** Cookie names, prefixed so they cannot collide with the shop's own cookies on a shared host. */
const COOKIE_NAMES = { session: 'customer_account_session', interaction: 'customer_account_interaction', resume: 'customer_account_resume' };

/** Lifetimes in seconds. Codes are one-minute, single-use (oidc-provider's default). */
const TTL = {
  AuthorizationCode: 60,
  AccessToken: 60 * 60,
  IdToken: 60 * 60,
  RefreshToken: 14 * 24 * 60 * 60,
  Grant: 14 * 24 * 60 * 60,
  Session: 24 * 60 * 60,
  Interaction: 10 * 60,
};

export type ProviderOptions = {
  /** The issuer identifier: the emulator's bound URL, e.g. http://127.0.0.1:4005. */
  issuer: string;
  clientId: string;
  /** The one redirect URI the client may use, e.g. http://localhost:3000/accounts/account. */
  redirectUri: string;
  accounts: AccountDirectory;
};

const generateRsaKeyPair = promisify(generateKeyPair);

/** A fresh RS256 signing key as a private JWK (RS256: the clients' default ID-token algorithm). */
async function signingJwk(): Promise<Record<string, unknown>> {
  const { privateKey } = await generateRsaKeyPair('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

/**
 * Builds the provider. An authorization request whose `login_hint` is an email always signs that
 * account in afresh: the shop has just checked the customer's password, so a provider session
 * left from another customer in the same browser must not answer instead (see `useHintedAccount`).
 */
export async function createProvider({ issuer, clientId, redirectUri, accounts }: ProviderOptions): Promise<Provider> {
  const csp = pageCsp(new URL(redirectUri).origin);
  const configuration: Configuration = {
    adapter: createMemoryAdapter(),
    clients: [
      {
        client_id: clientId,
        client_name: 'Storefront (local)',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      },
    ],
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: [...CUSTOMER_ACCOUNT_SCOPES],
    claims: { email: ['email', 'email_verified'] },
    // Shopify's ID token carries the email; oidc-provider would otherwise leave scope claims to
    // the userinfo endpoint whenever an access token is issued.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const email = accounts.emailOf(sub);
      if (email === undefined) return undefined;
      return { accountId: sub, claims: () => ({ sub, email, email_verified: true }) };
    },
    // The shop is the only, first-party client: consent is implied, as on Shopify, so every
    // requested scope is granted without a consent page.
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const accountId = oidc.session.accountId;
      const clientId = oidc.client!.clientId;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(clientId);
      const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      const grant = existing && existing.accountId === accountId ? existing : new oidc.provider.Grant({ accountId, clientId });
      if (oidc.requestParamOIDCScopes.size) grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
      if (oidc.requestParamClaims.size) grant.addOIDCClaims([...oidc.requestParamClaims]);
      await grant.save();
      return grant;
    },
    // Shopify issues a refresh token with every code exchange, without `offline_access`.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Shopify's paths, so URLs in logs and tests read like the real ones.
    routes: { authorization: '/oauth/authorize', token: '/oauth/token', jwks: '/.well-known/jwks.json' },
    features: {
      devInteractions: { enabled: false },
      // Shopify puts the customer's claims in the ID token and has no userinfo endpoint.
      userinfo: { enabled: false },
      // Parameters arrive in the authorization URL only, where `useHintedAccount` can read them.
      pushedAuthorizationRequests: { enabled: false },
      rpInitiatedLogout: { enabled: false },
    },
    // The shop calls the token endpoint from its server; no browser origin needs CORS.
    clientBasedCORS: () => false,
    cookies: { keys: [randomBytes(32).toString('base64url')], names: COOKIE_NAMES },
    jwks: { keys: [await signingJwk()] },
    ttl: TTL,
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.set('Content-Security-Policy', csp);
      ctx.body = errorPage('Sign-in request refused', out.error, out.error_description);
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.use(useHintedAccount(provider));
  return provider;
}

/**
 * Middleware: a fresh authorization request (GET /oauth/authorize, not its resumption at
 * /oauth/authorize/{uid}) with an email `login_hint` ignores the browser's provider session, so
 * the login prompt always runs and signs exactly the hinted account in (interactions.ts).
 * Otherwise oidc-provider would reuse a session left by another customer, or ask to log that
 * one out first.
 */
function useHintedAccount(provider: Provider) {
  const authorizationPath = provider.pathFor('authorization');
  const sessionCookie = provider.cookieName('session');
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    if (ctx.method === 'GET' && ctx.path === authorizationPath && isEmail(ctx.query.login_hint)) {
      const kept = (ctx.req.headers.cookie ?? '')
        .split(';')
        .map((pair) => pair.trim())
        .filter((pair) => pair && ![sessionCookie, `${sessionCookie}.sig`].includes(pair.slice(0, pair.indexOf('='))));
      if (kept.length) ctx.req.headers.cookie = kept.join('; ');
      else delete ctx.req.headers.cookie;
      // …and the browser forgets it, or it would come back with the resumed request and make
      // oidc-provider ask to log the previous customer out.
      ctx.cookies.set(sessionCookie, null);
    }
    await next();
  };
}
