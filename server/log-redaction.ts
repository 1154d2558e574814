/**
 * What a log line must never carry (docs/architecture.md §9 "Logs"): anything that
 * grants access to a cart, a customer or an API. Two layers, both used by server/logger.ts:
 *
 * 1. `REDACT_PATHS`: pino's `redact` on the structured fields where such values live (request and
 *    response headers, bodies and variables logged by name).
 * 2. `scrubSecrets`: every finished line is searched for the shapes these values take wherever
 *    they end up — an upstream error message quoting a cart id, a URL with `?id=`, a cookie
 *    string — and the value is replaced with `[redacted]`, the name kept so the line still reads.
 *
 * Shapes (upstream source in brackets):
 * - cart ids `gid://shopify/Cart/{token}?key={key}`, plain or URL-encoded, and the `cart={token}`
 *   inside cart line ids (Storefront API); checkout URLs `/cart/c/{token}?key=` (Shopify);
 * - query parameters `id`, `cartId`, `cart`, `key`, `token`, `code`, `state`, `access_token`,
 *   `customerAccessToken` (our cart API, the sign-in callback's OAuth code and state), and
 *   `activationUrl`, `resetUrl` (the account pages that carry a mail's link, URL-encoded);
 * - cookies `cart_id`, `customer_*`, `unlock_*` and any `*token*` / `*secret*` / `*preview*` /
 *   `*session*` cookie (server/http/cookies.ts, customer-session.ts, unlock/token.ts);
 * - JSON fields `customerAccessToken`, `accessToken`, `password`, `token`, `cartId`, OAuth tokens;
 * - account URLs `/account/reset/{id}/{token}`, `/account/activate/{id}/{token}` (Shopify mail);
 * - `Bearer …` credentials;
 * - email addresses, plain and URL-encoded (`%40`), wherever they are quoted: an upstream's error
 *   text ("…the activation email sent to ada@example.com…"), an `error_description`, a query.
 *   A customer's address is personal data, not a secret, but a log line never needs it.
 *
 * pino-http's request log also carries the parsed query as an object (`req.query`), where the
 * URL shapes above do not apply: `redactQuery` blanks the same parameter names there.
 */

/** Structured paths pino blanks out (see pino's `redact`: one `*` matches one level). */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["shopify-storefront-private-token"]',
  'res.headers["set-cookie"]',
  '*.customerAccessToken',
  '*.accessToken',
  '*.password',
  '*.cartId',
  '*.headers.cookie',
  '*.headers.authorization',
];

export const REDACTED = '[redacted]';

/**
 * Query parameters whose value grants something: our cart API's ids, keys and tokens, the sign-in
 * callback's OAuth `code` and `state`, the account pages' mail links. Matched case-insensitively.
 */
export const SECRET_QUERY_PARAMS = [
  'id',
  'cartId',
  'cart_id',
  'cart',
  'key',
  'token',
  'code',
  'state',
  'access_token',
  'customerAccessToken',
  'activationUrl',
  'resetUrl',
] as const;

const SECRET_QUERY_NAMES = new Set<string>(SECRET_QUERY_PARAMS.map((name) => name.toLowerCase()));

/** Replaces an email address in a log line (the domain goes too: it may name a small company). */
export const REDACTED_EMAIL = '[redacted email]';

/**
 * A parsed query (Express's `req.query`) with the value of every `SECRET_QUERY_PARAMS` name
 * replaced by `[redacted]`; other parameters kept (the line scrub still removes emails).
 */
export function redactQuery(query: unknown): unknown {
  if (!query || typeof query !== 'object') return query;
  return Object.fromEntries(Object.entries(query).map(([name, value]) => [name, SECRET_QUERY_NAMES.has(name.toLowerCase()) ? REDACTED : value]));
}

/** Characters that end a value inside a JSON log line: quotes, escapes, spaces, separators. */
const V = `[^"\\\\\\s&;,#]+`;

const PATTERNS: Array<[RegExp, string]> = [
  // Cart ids, with their ?key=, plain and URL-encoded (the whole rest of the id is the secret).
  [new RegExp(`(gid://shopify/Cart/|gid%3A%2F%2Fshopify%2FCart%2F)${V}`, 'gi'), `$1${REDACTED}`],
  // Checkout URLs and the account mail links.
  [new RegExp(`(/cart/c/|/account/(?:reset|activate)/)[^"\\\\\\s?#]+`, 'gi'), `$1${REDACTED}`],
  // Query parameters (and the `cart=` inside a cart line id).
  [new RegExp(`([?&](?:${SECRET_QUERY_PARAMS.join('|')})=)${V}`, 'gi'), `$1${REDACTED}`],
  // Cookies, wherever a cookie string ends up.
  [new RegExp(`\\b((?:cart_id|customer_[a-z_]+|unlock_[a-z0-9_-]+|[a-z_]*(?:token|secret|preview|session)[a-z_]*)=)${V}`, 'gi'), `$1${REDACTED}`],
  // JSON fields, also when the JSON is itself inside a logged string (escaped quotes).
  [
    /(\\?"(?:customerAccessToken|accessToken|access_token|refresh_token|id_token|password|token|cartId|code_verifier)\\?"\s*:\s*\\?")((?:[^"\\]|\\(?!"))*)/g,
    `$1${REDACTED}`,
  ],
  [/(Bearer\s+)[A-Za-z0-9._~+/=-]+/g, `$1${REDACTED}`],
  // Email addresses: a local part, `@` (or `%40` in a URL), a domain with a letters-only TLD
  // (so `@scope/package@1.2.3` in a stack trace is left alone).
  [/[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/g, REDACTED_EMAIL],
];

/**
 * The line with every secret-shaped value replaced by `[redacted]` (see the module comment).
 * Input: one serialized log line (JSON); output: the same line, still valid JSON.
 */
export function scrubSecrets(line: string): string {
  let out = line;
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}
