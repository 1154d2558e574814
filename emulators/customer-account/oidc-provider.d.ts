/**
 * Type declarations for the part of `oidc-provider` 9.x the customer-account emulator uses. The
 * package ships no types and @types/oidc-provider is not a dependency; these follow the library's
 * own source (node_modules/oidc-provider/lib: provider.js, helpers/defaults.js, models/grant.js,
 * helpers/interaction_policy/) and docs/README.md. Only what is used is declared.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type UnknownObject = Record<string, unknown>;

  /** A stored provider artefact (session, code, token…), as the adapter sees it. */
  export type AdapterPayload = UnknownObject & {
    jti?: string;
    grantId?: string;
    uid?: string;
    userCode?: string;
    consumed?: number;
  };

  /** Persistence for one model ('Session', 'AuthorizationCode', 'Grant'…); `expiresIn` in seconds. */
  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Account {
    accountId: string;
    /** `use` is 'id_token' or 'userinfo'; `scope` the granted scopes, space separated. */
    claims(use: string, scope: string): UnknownObject | Promise<UnknownObject>;
  }

  export interface Client {
    clientId: string;
  }

  export interface Session {
    accountId?: string;
    grantIdFor(clientId: string): string | undefined;
  }

  export interface Grant {
    jti: string;
    accountId?: string;
    clientId?: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { accountId?: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  /** The `ctx.oidc` of a request the provider is handling. */
  export interface OIDCContext {
    provider: Provider;
    client?: Client;
    session: Session;
    result?: { consent?: { grantId?: string } } & UnknownObject;
    /** Requested scopes this provider knows (its `scopes` configuration). */
    readonly requestParamOIDCScopes: Set<string>;
    /** Claims requested through the `claims` parameter. */
    readonly requestParamClaims: Set<string>;
  }

  /** The Koa context oidc-provider hands to configuration functions and middleware. */
  export interface KoaContextWithOIDC {
    oidc: OIDCContext;
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    req: IncomingMessage;
    /** Koa's cookies, signed with the provider's cookie keys; `null` deletes (expires) one. */
    cookies: { set(name: string, value: string | null): void };
    status: number;
    type: string;
    body: unknown;
    set(field: string, value: string): void;
  }

  export type Middleware = (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>;

  export type ClientMetadata = UnknownObject & {
    client_id: string;
    redirect_uris: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
  };

  /** The `out` object of `renderError`: the OAuth error and its description. */
  export type ErrorOut = { error: string; error_description?: string; state?: string } & UnknownObject;

  export interface Configuration {
    adapter?: (model: string) => Adapter;
    clients?: ClientMetadata[];
    findAccount?: (ctx: KoaContextWithOIDC, sub: string) => Promise<Account | undefined>;
    claims?: Record<string, string[] | null>;
    scopes?: string[];
    responseTypes?: string[];
    pkce?: { required: (ctx: KoaContextWithOIDC, client: Client) => boolean };
    features?: Record<string, UnknownObject>;
    cookies?: {
      keys?: string[];
      names?: { session?: string; interaction?: string; resume?: string };
      long?: UnknownObject;
      short?: UnknownObject;
    };
    jwks?: { keys: UnknownObject[] };
    /** Lifetimes in seconds. */
    ttl?: Record<string, number>;
    interactions?: { url?: (ctx: KoaContextWithOIDC, interaction: { uid: string }) => string | Promise<string> };
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
    renderError?: (ctx: KoaContextWithOIDC, out: ErrorOut, error: Error) => void | Promise<void>;
    conformIdTokenClaims?: boolean;
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: Client) => boolean;
    issueRefreshToken?: (ctx: KoaContextWithOIDC, client: Client & { grantTypeAllowed(type: string): boolean }, code: unknown) => boolean;
    discovery?: UnknownObject;
    routes?: Record<string, string>;
  }

  /** What `interactionDetails` returns: the pending interaction for the browser's cookie. */
  export interface Interaction {
    uid: string;
    prompt: { name: string; reasons: string[]; details: UnknownObject };
    params: UnknownObject;
    session?: { accountId?: string; uid?: string };
    returnTo: string;
  }

  export type InteractionResults =
    { login: { accountId: string; remember?: boolean; ts?: number; amr?: string[] } } | { error: string; error_description?: string };

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    readonly Grant: GrantConstructor;
    /** A Node request handler (the provider is a Koa application). */
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    /** Adds a middleware that runs before the provider's own. */
    use(middleware: Middleware): this;
    cookieName(type: 'session' | 'interaction' | 'resume'): string;
    pathFor(name: string): string;
    /** @throws errors.SessionNotFound (status 400) when the interaction cookie or session is gone */
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    /** Stores the result and answers 303 to the authorization endpoint's resume URL. */
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: InteractionResults): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export default Provider;
}
