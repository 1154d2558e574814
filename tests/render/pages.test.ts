/**
 * Server-rendered pages through the real app and emulators: status per route, the head a
 * search engine or social card reads, the spec's error page, bots, caching, and what must
 * never be in cacheable HTML (inline executable script, personal data, cookies).
 */
import request from 'supertest';
import { startTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

const SITE = 'http://shop.test';
const ERROR_TEXT = 'Whoops something went wrong on our end. Please refresh the page and try again.';

/** The head facts a shopper's browser, a crawler or a social card reads. */
function head(html: string) {
  const attr = (re: RegExp) => html.match(re)?.[1]?.replace(/&#38;/g, '&');
  return {
    lang: attr(/<html[^>]*\slang="([^"]*)"/),
    title: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)"/),
    keywords: attr(/<meta name="keywords" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    ogUrl: attr(/<meta property="og:url" content="([^"]*)"/),
    jsonLdTypes: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1])['@type']),
  };
}

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/\s+/g, ' ');

describe.each([
  ['/', 'Home'],
  ['/products', 'Products'],
  ['/products/classic-gramercy-bouquet', 'Product'],
  ['/collections', 'Collections'],
  ['/collections/bouquets', 'Collection'],
  ['/faq', 'Content page'],
])('%s (%s)', (path) => {
  let res: request.Response;
  beforeAll(async () => {
    res = await request(t.app).get(path);
  });

  test('answers 200 with a CDN-cacheable HTML page and no cookie', () => {
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  test('has the spec head: lang, "Site | Page" title, description, keywords, canonical = og:url', () => {
    const h = head(res.text);
    expect(h.lang).toBe('en');
    expect(h.title).toMatch(/^Gramercy Stems \| \S/);
    expect(h.description).toBeTruthy();
    expect(h.keywords).toBeTruthy();
    expect(h.canonical).toBe(SITE + path);
    expect(h.ogUrl).toBe(SITE + path);
    expect(h.jsonLdTypes).toEqual(expect.arrayContaining(['Organization', 'WebSite', 'Florist']));
  });

  test('loads the hashed entry module and CSS, and has no inline executable script', () => {
    const scripts = [...res.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.some(([, attrs]) => /type="module"/.test(attrs) && /src="\/assets\/entry-[A-Z0-9]+\.js"/.test(attrs))).toBe(true);
    for (const [, attrs, body] of scripts) {
      const dataBlock = /type="application\/(json|ld\+json)"/.test(attrs);
      const srcModule = /type="module"/.test(attrs) && /\ssrc="/.test(attrs) && body.trim() === '';
      expect({ attrs, ok: dataBlock || srcModule }).toEqual({ attrs, ok: true });
    }
    expect(res.text).toMatch(/<link rel="stylesheet" href="\/assets\/entry-[A-Z0-9]+\.css">/);
  });
});

describe('product page', () => {
  test('shows the title, price, size choice and Add to cart, with Product JSON-LD', async () => {
    const res = await request(t.app).get('/products/classic-gramercy-bouquet');
    const body = text(res.text);
    expect(body).toContain('The Classic Gramercy Bouquet');
    expect(res.text).toMatch(/role="radio"[^>]*>Classic</);
    expect(body).toContain('Add to cart');
    expect(body).toContain('RELATED');
    expect(head(res.text).jsonLdTypes).toContain('Product');
  });

  test('?variant= selects that size on the server, and the canonical keeps the query', async () => {
    const pdp = await request(t.app).get('/products/classic-gramercy-bouquet');
    const state = JSON.parse(pdp.text.match(/<script type="application\/json" id="__STATE__">([\s\S]*?)<\/script>/)![1]);
    const classic = state.router.loaderData.product.product.variants.find((v: { title: string }) => v.title === 'Classic');
    const id = classic.id.split('/').pop();

    const res = await request(t.app).get(`/products/classic-gramercy-bouquet?variant=${id}`);
    expect(res.text).toMatch(/aria-checked="true"[^>]*>Classic</);
    expect(text(res.text)).toContain('$125.00');
    expect(head(res.text).canonical).toBe(`${SITE}/products/classic-gramercy-bouquet?variant=${id}`);
    expect(head(res.text).ogUrl).toBe(`${SITE}/products/classic-gramercy-bouquet?variant=${id}`);
  });

  test('an unknown product is a 404 page', async () => {
    const res = await request(t.app).get('/products/no-such-bouquet');
    expect(res.status).toBe(404);
    expect(text(res.text)).toContain('Page Not Found: /products/no-such-bouquet');
  });
});

describe('unknown paths', () => {
  test.each(['/nope', '/a/b/c'])('%s is a 404 error page with the spec text and Back to Home', async (path) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBe(404);
    const body = text(res.text);
    expect(body).toContain('404');
    expect(body).toContain(ERROR_TEXT);
    expect(body).toContain(`Page Not Found: ${path}`);
    expect(res.text).toMatch(/<a[^>]*href="\/"[^>]*>Back to Home<\/a>/);
    expect(head(res.text).title).toBe('Gramercy Stems | Page Not Found');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  test('the 404 message names the path without the query string (tests/server/not-found.test.ts)', async () => {
    const res = await request(t.app).get('/a/b?x=1');
    expect(res.status).toBe(404);
    expect(text(res.text)).toContain('Page Not Found: /a/b ');
    expect(text(res.text)).not.toContain('Page Not Found: /a/b?x=1');
  });

  test('a bot gets the 404 status without the error page', async () => {
    const res = await request(t.app).get('/nope').set('User-Agent', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain(ERROR_TEXT);
    expect(res.text).not.toContain('Back to Home');
  });

  test('/404 is the settings page-not-found page, answered with 404', async () => {
    const res = await request(t.app).get('/404');
    expect(res.status).toBe(404);
    expect(res.text).toMatch(/<a[^>]*href="\/"[^>]*>Back to Home<\/a>/);
  });
});

describe('no personal data in cacheable HTML', () => {
  test("a shopper's cart never appears in the page, even after adding to it", async () => {
    const created = await request(t.app).post('/api/cart').set('Origin', SITE).send({});
    const cart = created.body.data;
    expect(cart.id).toBeTruthy();
    const res = await request(t.app).get('/products/classic-gramercy-bouquet');
    expect(res.text).not.toContain(cart.id);
    expect(res.text).not.toContain(cart.checkoutUrl);
    expect(res.text).not.toContain('gid://shopify/Cart');
    const state = JSON.parse(res.text.match(/<script type="application\/json" id="__STATE__">([\s\S]*?)<\/script>/)![1]);
    expect(Object.keys(state.stores)).toEqual(['ui']);
  });
});

describe('/cart page', () => {
  const state = (html: string) => JSON.parse(html.match(/<script type="application\/json" id="__STATE__">([\s\S]*?)<\/script>/)![1]);

  test('answers 200, private no-store, with the empty-cart message and no cart data without the cookie', async () => {
    const res = await request(t.app).get('/cart');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(head(res.text).title).toBe('Gramercy Stems | Cart');
    expect(text(res.text)).toContain('Your cart is empty.');
    expect(res.text).not.toContain('gid://shopify/Cart');
    expect(state(res.text).router.loaderData.cart.cart).toBeNull();
  });

  test('with the cart_id cookie it renders that cart read-only, with a checkout link, never cacheable', async () => {
    const created = await request(t.app).post('/api/cart').set('Origin', SITE).send({});
    const pdp = await request(t.app).get('/products/bodega-bunch');
    const variant = state(pdp.text).router.loaderData.product.product.variants[0].id;
    await request(t.app).post('/api/cart/lines').set('Origin', SITE).send({ cartId: created.body.data.id, merchandiseId: variant, quantity: 2 });

    const res = await request(t.app)
      .get('/cart')
      .set('Cookie', `cart_id=${encodeURIComponent(created.body.data.id)}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = text(res.text);
    expect(body).toContain('The Bodega Bunch');
    expect(body).toContain('Quantity: 2');
    expect(res.text).toMatch(/<a class="button button--block" href="http:\/\/127\.0\.0\.1:\d+\/cart\/c\/[^"]+">Checkout<\/a>/);
  });

  test('other pages never see the cookie and stay cacheable', async () => {
    const created = await request(t.app).post('/api/cart').set('Origin', SITE).send({});
    const res = await request(t.app)
      .get('/products/bodega-bunch')
      .set('Cookie', `cart_id=${encodeURIComponent(created.body.data.id)}`);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    expect(res.text).not.toContain(created.body.data.id);
  });
});

describe('cart drawer and add to cart, server-rendered', () => {
  test('the product page has a real add-to-cart form and a drawer with no personal data', async () => {
    const res = await request(t.app).get('/products/bodega-bunch');
    const form = res.text.match(/<form class="add-to-cart"[^>]*>[\s\S]*?<\/form>/)?.[0] ?? '';
    expect(form).toMatch(/action="\/cart"/);
    expect(form).toMatch(/method="post"/);
    expect(form).toMatch(/<input type="hidden" name="merchandiseId" value="gid:\/\/shopify\/ProductVariant\/\d+"/);
    expect(form).toMatch(/<input type="hidden" name="quantity" value="1"/);
    const drawer = res.text.match(/<section[^>]*role="dialog"[\s\S]*?<\/section>/)?.[0] ?? '';
    expect(drawer).toContain('aria-hidden="true"');
    expect(drawer).not.toMatch(/gid:\/\/shopify\/Cart|checkout|receiverEmail|giftNote/i);
  });

  test('?variant= puts that variant in the form', async () => {
    const pdp = await request(t.app).get('/products/classic-gramercy-bouquet');
    const variants = JSON.parse(pdp.text.match(/<script type="application\/json" id="__STATE__">([\s\S]*?)<\/script>/)![1]).router.loaderData.product
      .product.variants as { id: string; title: string }[];
    const classic = variants.find((v) => v.title === 'Classic')!;
    const res = await request(t.app).get(`/products/classic-gramercy-bouquet?variant=${classic.id.split('/').pop()}`);
    expect(res.text).toContain(`name="merchandiseId" value="${classic.id}"`);
  });
});
