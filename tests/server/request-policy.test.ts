/**
 * The one request policy (server/http/request-policy.ts, ADR-0032), table-driven: every route of
 * the route table (its page, and the payload of the data routes), and the other kinds of request
 * (`/__build`, `/__build/{id}`, health, `/api`, robots.txt), × the cookies a shopper may carry
 * (none, a cart, a customer session, the unlock cookie of this product / of another product, a
 * valid preview) × GET and POST. For each: the classification (kind, route, personal or not and
 * why, whether the page cache may take it), then, against the real app with its page cache on,
 * the Cache-Control the answer carries and whether the page cache stored it (the cache is emptied
 * first; a cookie-less GET of the same URL afterwards is a HIT only if it was stored).
 */
import request from 'supertest';
import type { RouteObject } from 'react-router';
import { createRoutes } from '../../client/routes';
import { PERSONAL_ROUTES, type RouteDataSource } from '../../shared/route-data';
import { createRequestClassifier, type RequestKind, type PersonalReason } from '../../server/http/request-policy';
import { createRouteTable } from '../../server/render/route-table';
import { createPreviewTokens } from '../../server/preview/token';
import { startTestApp, type TestApp } from '../support/app';

const HANDLE = 'classic-gramercy-bouquet';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

const PAGE_200 = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
const PAGE_404 = 'public, max-age=0, s-maxage=60';
const PRIVATE = 'private, no-store';

/** One example request per route of the table (by its deepest route id), and per other kind. */
type Example = { path: string; kind: RequestKind; routeId: string | null; product?: string };
const PAGES: Example[] = [
  ['home', '/'],
  ['products', '/products'],
  ['product', `/products/${HANDLE}`],
  ['collections', '/collections'],
  ['collection', '/collections/bouquets'],
  ['cart', '/cart'],
  ['journal', '/journal'],
  ['journalEntry', '/journal/peony-season-is-here'],
  ['works', '/works'],
  ['work', '/works/no-such-work'],
  ['photoStream', '/photo-stream'],
  ['photoStreamItem', '/photo-stream/no-such-item'],
  ['membership', '/membership'],
  ['contact', '/pages/contact'],
  ['retailPartners', '/pages/retail-partners'],
  ['login', '/accounts/login'],
  ['register', '/accounts/register'],
  ['activate', '/accounts/activate'],
  ['forgotPassword', '/accounts/forgot-password'],
  ['resetPassword', '/accounts/reset-password'],
  ['account', '/accounts/account'],
  ['addresses', '/accounts/addresses'],
  ['orders', '/accounts/orders'],
  ['order', '/accounts/orders/1001'],
  ['not-found', '/404'],
  ['page', '/faq'],
  ['catch-all', '/no/such/page'],
].map(([routeId, path]) => ({ path, kind: 'page', routeId, product: routeId === 'product' ? HANDLE : undefined }));
const PAYLOADS: Example[] = [
  { path: '/__payload/root', kind: 'payload', routeId: 'root' },
  { path: `/__payload/product?handle=${HANDLE}`, kind: 'payload', routeId: 'product', product: HANDLE },
  { path: '/__payload/page?slug=faq', kind: 'payload', routeId: 'page' },
  { path: '/__payload/journal?page=1', kind: 'payload', routeId: 'journal' },
  { path: '/__payload/cart', kind: 'payload', routeId: 'cart' },
  { path: '/__payload/account', kind: 'payload', routeId: 'account' },
];
const OTHERS: Example[] = [
  { path: '/__build', kind: 'build', routeId: null },
  { path: '/__build/{buildId}', kind: 'build', routeId: null },
  { path: '/healthz', kind: 'health', routeId: null },
  { path: '/api/availability', kind: 'api', routeId: null },
  { path: '/robots.txt', kind: 'seo', routeId: null },
];

type CookieCase = { name: string; header: (example: Example) => string | undefined; unlocks?: 'this' | 'other'; preview?: boolean };
let previewCookie = '';
const COOKIES: CookieCase[] = [
  { name: 'no cookie', header: () => undefined },
  { name: 'a cart cookie', header: () => 'cart_id=gid%3A%2F%2Fshopify%2FCart%2Fc1-policy' },
  { name: 'a customer session', header: () => 'customer_access_token=policy-token; customer_signed_in=1' },
  { name: "this product's unlock cookie", header: (e) => `unlock_${e.product ?? HANDLE}=x`, unlocks: 'this' },
  { name: "another product's unlock cookie", header: () => 'unlock_another-product=x', unlocks: 'other' },
  { name: 'a preview cookie', header: () => previewCookie, preview: true },
];

/** What the policy must say: the rule of the module comment, written out again here on purpose. */
function expectedPersonal(example: Example, cookie: CookieCase): PersonalReason | null {
  const ids = example.kind === 'page' ? [example.routeId] : example.kind === 'payload' ? [example.routeId] : [];
  if (ids.some((id) => PERSONAL_ROUTES.has(id as never))) return 'route';
  if (example.routeId === 'product' && cookie.unlocks === 'this') return 'unlock';
  if (cookie.preview) return 'preview';
  return null;
}

let t: TestApp;
let buildId: string;
const classify = () =>
  createRequestClassifier({
    table: createRouteTable(createRoutes({ load: () => new Promise(() => undefined) } satisfies RouteDataSource)),
    preview: createPreviewTokens(t.config.preview.secret!, t.config.siteUrl),
  });

beforeAll(async () => {
  t = await startTestApp({ env: { PAGE_CACHE: 'on' } });
  buildId = (await request(t.app).get('/__build')).body.buildId as string;
  const res = await request(t.app).get(`/api/preview?secret=${t.config.preview.secret}&redirect=%2F`);
  previewCookie = (res.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
}, 60_000);
afterAll(() => t?.stop());

test('the examples cover every route of the table', () => {
  const ids: string[] = [];
  const walk = (routes: RouteObject[]) =>
    routes.forEach((route) => {
      if (route.id) ids.push(route.id);
      walk(route.children ?? []);
    });
  walk(createRoutes({ load: () => new Promise(() => undefined) }));
  // `pages` is the layout of every page: it has neither data nor a path of its own.
  const covered = new Set([...PAGES, ...PAYLOADS].map((e) => e.routeId));
  expect(ids.filter((id) => id !== 'pages' && !covered.has(id))).toEqual([]);
});

const CASES = [...PAGES, ...PAYLOADS, ...OTHERS].flatMap((example) =>
  COOKIES.flatMap((cookie) => (['GET', 'POST'] as const).map((method) => ({ example, cookie, method }))),
);

describe.each(CASES)('$method $example.path with $cookie.name', ({ example, cookie, method }) => {
  const path = () => example.path.replace('{buildId}', buildId);
  const personal = () => expectedPersonal(example, cookie);

  test('is classified', () => {
    const policy = classify()(method, new URL(path(), t.config.siteUrl), cookie.header(example));
    expect(policy.kind).toBe(example.kind);
    expect(policy.routeId).toBe(example.routeId);
    if (example.product) expect(policy.params.handle).toBe(example.product);
    expect(policy.personal).toBe(personal());
    expect(policy.preview).toBe(Boolean(cookie.preview));
    const servable = example.kind === 'page' || example.kind === 'payload';
    expect(policy.pageCacheable).toBe(servable && personal() === null && method === 'GET');
  });

  test('carries its Cache-Control and is stored by the page cache only when public', async () => {
    await t.app.locals.pageCache!.whenIdle();
    await t.app.locals.pageCache!.purge(['all']);
    const header = cookie.header(example);
    const send = method === 'GET' ? request(t.app).get(path()) : request(t.app).post(path()).type('form').send('');
    const res = await send.set('User-Agent', BROWSER).set(header ? { Cookie: header } : {});
    await t.app.locals.pageCache!.whenIdle();
    const again = await request(t.app).get(path()).set('User-Agent', BROWSER);
    const stored = again.headers['x-page-cache'] === 'HIT';
    const cacheControl = res.headers['cache-control'];

    const publicPage = (example.kind === 'page' || example.kind === 'payload') && personal() === null;
    if (method === 'POST') {
      // Nothing posted is kept anywhere, whoever asks.
      expect(cacheControl ?? '').not.toMatch(/^public/);
      expect(stored).toBe(false);
      return;
    }
    if (personal() !== null) expect(cacheControl).toBe(PRIVATE);
    else if (publicPage) expect(cacheControl).toBe(res.status === 200 ? PAGE_200 : res.status === 404 ? PAGE_404 : 'no-store');
    else if (example.kind === 'api') expect(cacheControl).toBe(PRIVATE);
    else if (example.path === '/__build') expect(cacheControl).toBe('no-cache');
    else if (example.kind === 'build') expect(cacheControl).toBe('public, max-age=31536000, immutable');
    else if (example.kind === 'seo') expect(cacheControl).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=86400');
    else expect(cacheControl).toBe('no-store');
    // `/__build/{id}` is public and immutable, yet never in the page cache (docs/architecture.md §8).
    expect(stored).toBe(publicPage && (res.status === 200 || res.status === 404));
  });
});
