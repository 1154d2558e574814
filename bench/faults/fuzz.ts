/**
 * Fuzzing for the fault suite: every JSON endpoint of server/routes gets `perEndpoint` bad
 * bodies (wrong types, missing and extra fields, huge and deeply nested values, prototype keys,
 * broken JSON, wrong content types), and the page router gets odd paths. Figures only: how many
 * answers were 5xx (a crash the shopper sees), by endpoint, and the spread of statuses.
 *
 * The generator is seeded (mulberry32), so a run is reproducible: the same seed sends the same
 * bodies in the same order.
 */

/** One JSON endpoint: method, path (a `:id` is filled with fuzz too) and the fields it reads. */
export type Endpoint = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; fields: string[] };

/**
 * Every JSON endpoint under /api (server/routes/*.ts) and the product unlock (which also takes
 * JSON), with the body fields each parses; the webhooks' bodies are unsigned, so 401 is expected.
 */
export const JSON_ENDPOINTS: Endpoint[] = [
  { method: 'POST', path: '/api/cart', fields: [] },
  { method: 'GET', path: '/api/cart', fields: ['id'] },
  { method: 'POST', path: '/api/cart/lines', fields: ['cartId', 'merchandiseId', 'quantity', 'sellingPlanId', 'attributes'] },
  { method: 'PATCH', path: '/api/cart/lines', fields: ['cartId', 'line'] },
  { method: 'DELETE', path: '/api/cart/lines', fields: ['cartId', 'lineId'] },
  {
    method: 'PUT',
    path: '/api/cart/attributes',
    fields: ['cartId', 'checkoutType', 'deliveryDate', 'pickupDate', 'isGift', 'giftNote', 'receiverEmail'],
  },
  { method: 'POST', path: '/api/availability', fields: ['cartId', 'type'] },
  { method: 'POST', path: '/api/customer/login', fields: ['email', 'password', 'returnTo'] },
  { method: 'POST', path: '/api/customer/logout', fields: [] },
  { method: 'POST', path: '/api/customer/register', fields: ['firstName', 'lastName', 'email', 'password', 'acceptsMarketing'] },
  { method: 'POST', path: '/api/customer/activate', fields: ['url', 'password'] },
  { method: 'POST', path: '/api/customer/recover', fields: ['email'] },
  { method: 'POST', path: '/api/customer/reset', fields: ['url', 'password'] },
  { method: 'GET', path: '/api/customer', fields: [] },
  { method: 'PUT', path: '/api/customer', fields: ['firstName', 'lastName', 'email', 'phone', 'acceptsMarketing'] },
  { method: 'POST', path: '/api/customer/addresses', fields: ['address', 'makeDefault'] },
  { method: 'PUT', path: '/api/customer/addresses/:id', fields: ['address', 'makeDefault'] },
  { method: 'DELETE', path: '/api/customer/addresses/:id', fields: [] },
  { method: 'PUT', path: '/api/customer/addresses/:id/default', fields: [] },
  { method: 'POST', path: '/api/newsletter', fields: ['email', 'klaviyoListId', 'source', 'honeypot'] },
  { method: 'POST', path: '/api/newsletter/popup', fields: ['email', 'phoneNumber', 'source', 'honeypot'] },
  { method: 'POST', path: '/api/back-in-stock', fields: ['email', 'variantId', 'productHandle', 'productTitle', 'productImage'] },
  { method: 'POST', path: '/api/drop-the-hint', fields: ['email', 'name', 'gifterName', 'productHandle', 'productTitle'] },
  { method: 'POST', path: '/api/reserve', fields: ['email', 'productHandle', 'phoneNumber'] },
  { method: 'POST', path: '/api/webhooks/sanity', fields: ['_id', '_type', 'slug'] },
  { method: 'POST', path: '/api/webhooks/shopify', fields: ['id', 'handle', 'admin_graphql_api_id'] },
  { method: 'POST', path: '/products/classic-gramercy-bouquet/unlock', fields: ['password'] },
];

/** A seeded random source in [0, 1) (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  '%',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  'gid://shopify/Cart/',
  'gid://shopify/Cart/x?key=' + 'k'.repeat(300),
  'gid://shopify/ProductVariant/-1',
  'gid://shopify/ProductVariant/99999999999999999999',
  '\ud800',
  '😀'.repeat(100),
  'a@b',
  'x'.repeat(5000),
  '2026-02-30',
  'NaN',
  'true',
  '{}',
  'javascript:alert(1)',
  'https://evil.example/',
];

/** A random JSON value of depth at most `depth`. */
function value(rnd: () => number, depth: number): unknown {
  const pick = Math.floor(rnd() * (depth > 0 ? 12 : 9));
  switch (pick) {
    case 0:
      return null;
    case 1:
      return rnd() < 0.5;
    case 2:
      return [0, -1, Number.MAX_SAFE_INTEGER, 1.5, -0, 2 ** 53 + 1, 1e21][Math.floor(rnd() * 7)];
    case 3:
    case 4:
      return ODD_STRINGS[Math.floor(rnd() * ODD_STRINGS.length)];
    case 5:
      return 'y'.repeat(Math.floor(rnd() * 40_000));
    case 6:
      return Math.floor(rnd() * 1000) - 500;
    case 7:
      return { __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } };
    case 8:
      return {};
    case 9:
      return Array.from({ length: Math.floor(rnd() * 5) }, () => value(rnd, depth - 1));
    case 10:
      return { [ODD_STRINGS[Math.floor(rnd() * ODD_STRINGS.length)]]: value(rnd, depth - 1) };
    default:
      return nested(Math.floor(rnd() * 3000));
  }
}

/** `{"a":{"a":…}}` `levels` deep (a stack-depth probe). */
function nested(levels: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < levels; i += 1) v = { a: v };
  return v;
}

/** One bad request body: text and content type. Mostly JSON objects with the endpoint's fields. */
export function badBody(rnd: () => number, fields: string[]): { body: string; contentType: string } {
  const r = rnd();
  if (r < 0.08)
    return { body: ['{', '{"a":', 'nul', '[1,2', '{"a":1}}', '\u0000', '"\\u12"'][Math.floor(rnd() * 7)], contentType: 'application/json' };
  if (r < 0.12)
    return { body: 'a=1&b=2', contentType: ['text/plain', 'application/x-www-form-urlencoded', 'application/xml'][Math.floor(rnd() * 3)] };
  if (r < 0.2) return { body: JSON.stringify(value(rnd, 3)), contentType: 'application/json' };
  const obj: Record<string, unknown> = {};
  for (const field of fields) if (rnd() < 0.8) obj[field] = value(rnd, 3);
  if (rnd() < 0.3) obj[ODD_STRINGS[Math.floor(rnd() * ODD_STRINGS.length)] || 'extra'] = value(rnd, 2);
  return { body: JSON.stringify(obj), contentType: 'application/json' };
}

/** `count` odd page paths: double slashes, bad escapes, traversal, huge segments, odd queries. */
export function oddPaths(rnd: () => number, count: number): string[] {
  const fixed = [
    '//',
    '//%',
    '//evil.com/',
    '/\\evil.com',
    '/%',
    '/%ff',
    '/%c0%ae%c0%ae/',
    '/..%2f..%2fetc%2fpasswd',
    '/products/%',
    '/products/' + 'p'.repeat(3000),
    '/collections/%00',
    '/__payload/%',
    '/__payload/root?path=%',
    '/__build/%2e%2e',
    '/?q=%',
    '/search?q=' + '%'.repeat(100),
    '/products/classic-gramercy-bouquet?variant=%',
    '/journal/' + '😀'.repeat(50),
    '/cart?id=%',
    '/accounts/account?code=%&state=%',
  ];
  const prefixes = ['/', '//', '/products/', '/collections/', '/journal/', '/works/', '/pages/', '/__payload/', '/cdn/', '/accounts/'];
  const out = [...fixed];
  while (out.length < count) {
    const segment = Array.from({ length: 1 + Math.floor(rnd() * 40) }, () => {
      const c = Math.floor(rnd() * 96) + 32;
      return rnd() < 0.2
        ? `%${Math.floor(rnd() * 256)
            .toString(16)
            .padStart(2, '0')}`
        : encodeURIComponent(String.fromCharCode(c));
    }).join('');
    out.push(prefixes[Math.floor(rnd() * prefixes.length)] + segment + (rnd() < 0.2 ? `?${segment}=%` : ''));
  }
  return out.slice(0, count);
}

/** Status counts of a fuzz batch. */
export type FuzzFigures = { requests: number; by5xx: number; errors: number; statuses: Record<string, number> };

/** One request of a batch; `headers` beside the content type (a cookie, say). */
export type FuzzRequest = { method: string; path: string; body?: string; contentType?: string; headers?: Record<string, string> };

/** Sends `requests` with `concurrency` in flight; counts statuses and connection errors, keeps the first `samples` 5xx requests. */
export async function send(
  base: string,
  requests: FuzzRequest[],
  concurrency: number,
  samples = 5,
): Promise<FuzzFigures & { fiveXxSamples: string[] }> {
  const figures = { requests: 0, by5xx: 0, errors: 0, statuses: {} as Record<string, number>, fiveXxSamples: [] as string[] };
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const r = requests[next++];
      figures.requests += 1;
      try {
        const res = await fetch(base + r.path, {
          method: r.method,
          headers: { ...r.headers, ...(r.contentType ? { 'content-type': r.contentType } : {}) },
          body: r.method === 'GET' ? undefined : r.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(30_000),
        });
        await res.arrayBuffer();
        figures.statuses[res.status] = (figures.statuses[res.status] ?? 0) + 1;
        if (res.status >= 500) {
          figures.by5xx += 1;
          if (figures.fiveXxSamples.length < samples)
            figures.fiveXxSamples.push(`${res.status} ${r.method} ${r.path.slice(0, 120)} ${(r.body ?? '').slice(0, 120)}`);
        }
      } catch {
        figures.errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return figures;
}
