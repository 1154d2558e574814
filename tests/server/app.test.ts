/**
 * The app through HTTP with the real emulators: security headers, caching per docs/architecture.md §4,
 * request ids, health/readiness/build endpoints, the payload endpoint for every route id,
 * and the JSON API's guards.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type { RouteDataMap } from '../../shared/route-data';
import { startTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

const PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

describe('security headers', () => {
  test('CSP allows only our own scripts, no inline script, and the image hosts', async () => {
    const res = await request(t.app).get('/');
    const csp = res.headers['content-security-policy'];
    const directive = (name: string) =>
      csp
        .split(';')
        .find((d: string) => d.trim().startsWith(`${name} `))
        ?.trim();
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('img-src')).toContain(t.emulators.storefront.url);
    expect(directive('img-src')).toContain(t.emulators.content.url);
    expect(directive('style-src')).toBe("style-src 'self' 'unsafe-inline'");
    // Local mode: the browser also posts Klaviyo's client events to the marketing stand-in (tests/server/csp.test.ts).
    expect(directive('connect-src')).toBe(`connect-src 'self' ${new URL(t.config.analytics.klaviyoClientEventsUrl!).origin}`);
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  test('the page itself has no inline executable script', async () => {
    const res = await request(t.app).get('/');
    const scripts = [...res.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    for (const [, attrs, body] of scripts) {
      if (body.trim()) expect(attrs).toMatch(/type="application\/(json|ld\+json)"/);
    }
  });
});

describe('request id', () => {
  test('echoes a well-formed incoming X-Request-Id', async () => {
    const res = await request(t.app).get('/healthz').set('X-Request-Id', 'abc-123');
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  test('replaces a malformed one and makes one when absent', async () => {
    const bad = await request(t.app).get('/healthz').set('X-Request-Id', 'x'.repeat(500));
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none = await request(t.app).get('/healthz');
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('health, readiness, build', () => {
  test('/healthz answers while the process is up', async () => {
    const res = await request(t.app).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  test('/readyz reports both upstreams, coarsely (no Redis configured: no Redis check)', async () => {
    const res = await request(t.app).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ status: 'ready', checks: { storefront: 'ok', content: 'ok' } });
  });

  test("/readyz reports an upstream the shop saw failing (it serves on, degraded, so still 200); its error text and times only with the operator's token", async () => {
    const token = 'readyz-operator-token-0123456789';
    const down = await startTestApp({ circuits: { failureThreshold: 1 }, env: { METRICS_TOKEN: token } });
    try {
      await down.emulators.content.stop();
      // Nothing observed yet: a probe alone calls no upstream, so it has nothing to report.
      expect((await request(down.app).get('/readyz')).body.checks.content).toBe('ok');
      await request(down.app).get('/journal');
      // The public answer (a probe, a balancer, anyone): status and coarse checks, nothing else.
      for (const authorization of [undefined, 'Bearer wrong-token', token]) {
        const probe = request(down.app).get('/readyz');
        const res = await (authorization ? probe.set('Authorization', authorization) : probe);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ status: 'degraded', checks: { storefront: 'ok', content: 'down' } });
        expect(res.text).not.toMatch(/ECONNREFUSED|failed|127\.0\.0\.1/);
      }
      // The operator (METRICS_TOKEN, as /metrics): the circuit, the last error and when.
      const detail = await request(down.app).get('/readyz').set('Authorization', `Bearer ${token}`);
      expect(detail.status).toBe(200);
      expect(detail.headers['cache-control']).toBe('no-store');
      expect(detail.body).toMatchObject({
        status: 'degraded',
        checks: { storefront: 'ok', content: 'down' },
        upstreams: {
          content: { state: 'open', lastSuccessAt: null, lastFailureAt: expect.any(Number), lastError: expect.stringMatching(/^content/) },
        },
        outbox: { pending: expect.any(Number), dead: expect.any(Number) },
      });
    } finally {
      await down.stop();
    }
  });

  test('/__build gives the manifest build id, not cached', async () => {
    const res = await request(t.app).get('/__build');
    expect(res.status).toBe(200);
    expect(typeof res.body.buildId).toBe('string');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('Cache-Control (docs/architecture.md §4) and no cookies on cacheable answers', () => {
  test('hashed assets are immutable for a year', async () => {
    const asset = readdirSync(path.join(t.config.clientDistDir, 'assets')).find((f) => f.endsWith('.js'))!;
    const res = await request(t.app).get(`/assets/${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('a missing asset is a 404, not the page', async () => {
    const res = await request(t.app).get('/assets/nope-123.js');
    expect(res.status).toBe(404);
  });

  test.each(['/', '/products', '/products/classic-gramercy-bouquet', '/collections/bouquets', '/about', '/__payload/home'])(
    '%s is CDN-cacheable and sets no cookie',
    async (url) => {
      const res = await request(t.app).get(url);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe(PAGE_CACHE);
      expect(res.headers['set-cookie']).toBeUndefined();
    },
  );

  test('an unknown page is a 404 with the spec message', async () => {
    const res = await request(t.app).get('/no-such-page');
    expect(res.status).toBe(404);
    expect(res.text).toContain('Page Not Found: /no-such-page');
  });

  test('API answers are private', async () => {
    const res = await request(t.app).post('/api/cart').send({});
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('GET /__payload/:routeId', () => {
  test.each([
    [
      'root',
      '',
      (b: RouteDataMap['root']) => {
        expect(b.isError).toBe(false);
        expect(b.settings.siteTitle).toBe('Gramercy Stems');
      },
    ],
    ['home', '', (b: RouteDataMap['home']) => expect(b.modules.length).toBeGreaterThan(0)],
    [
      'products',
      '',
      (b: RouteDataMap['products']) => {
        const bodega = b.products.find((p) => p.handle === 'bodega-bunch');
        expect(bodega!.minPrice).toEqual({ amount: '45.0', currencyCode: 'USD' });
      },
    ],
    [
      'product',
      '?handle=classic-gramercy-bouquet',
      (b: RouteDataMap['product']) => {
        expect(b.product.variants.map((v) => v.price.amount)).toEqual(['85.0', '125.0', '175.0']);
        expect(b.product.accordionItems.length).toBeGreaterThan(0);
        expect(b.seo.jsonLd![0]).toMatchObject({ '@type': 'Product', offers: expect.arrayContaining([expect.objectContaining({ price: '85.00' })]) });
        // One URL per picture: the srcset is built where it is rendered (shared/images.ts).
        expect(b.product.images[0]).toEqual({
          src: expect.stringContaining('width=1000'),
          width: expect.any(Number),
          height: expect.any(Number),
          alt: expect.any(String),
        });
      },
    ],
    ['collections', '', (b: RouteDataMap['collections']) => expect(b.collections.map((c) => c.handle)).toContain('bouquets')],
    [
      'collection',
      '?slug=bouquets',
      (b: RouteDataMap['collection']) => {
        expect(b.collection.handle).toBe('bouquets');
        expect(b.products.length).toBeGreaterThan(0);
      },
    ],
    ['page', '?slug=about', (b: RouteDataMap['page']) => expect(b.page.type).toBe('aboutPage')],
    ['page', '?slug=membership', (b: RouteDataMap['page']) => expect(b.page.type).toBe('membershipPage')],
  ])('%s%s', async (route, query, check) => {
    const res = await request(t.app).get(`/__payload/${route}${query}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(PAGE_CACHE);
    check(res.body);
  });

  test.each([
    ['/__payload/product?handle=no-such-flower', 'Page Not Found: /products/no-such-flower'],
    ['/__payload/collection?slug=nope', 'Page Not Found: /collections/nope'],
    ['/__payload/page?slug=nope', 'Page Not Found: /nope'],
    ['/__payload/product?handle=..%2Fetc', 'Page Not Found: /products/../etc'],
  ])('%s → 404 %s', async (url, message) => {
    const res = await request(t.app).get(url);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 404, message });
  });

  test('an unknown route id is a 404', async () => {
    const res = await request(t.app).get('/__payload/admin');
    expect(res.status).toBe(404);
    expect(res.body.status).toBe(404);
  });
});

describe('JSON API guards', () => {
  test('unknown /api paths answer JSON 404', async () => {
    const res = await request(t.app).get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.isError).toBe(true);
  });

  test('state changes must be JSON (415)', async () => {
    const res = await request(t.app).post('/api/cart').type('form').send('a=1');
    expect(res.status).toBe(415);
  });

  test('a cross-origin state change is refused (403)', async () => {
    const res = await request(t.app).post('/api/cart').set('Origin', 'https://evil.example').send({});
    expect(res.status).toBe(403);
  });

  test('a same-origin one is accepted', async () => {
    const res = await request(t.app).post('/api/cart').set('Origin', 'http://shop.test').send({});
    expect(res.status).toBe(201);
  });

  test('malformed JSON is a 400 without a stack', async () => {
    const res = await request(t.app).post('/api/cart/lines').type('json').send('{"cartId":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ isError: true, message: 'Malformed JSON body.' });
  });

  test("a body over the limit is a 413 in a sentence, not the parser's fragment", async () => {
    const res = await request(t.app)
      .post('/api/newsletter')
      .set('Origin', 'http://shop.test')
      .type('json')
      .send(`{"email":"${'a'.repeat(2_000_000)}"}`);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ isError: true, message: 'Request body too large.' });
  });
});
