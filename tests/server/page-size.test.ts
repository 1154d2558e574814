/**
 * Smaller pages (behaviour, never byte budgets or timings: those are `npm run bench`'s): the
 * state carries one URL per picture (no srcset strings, no LQIP data URLs), srcsets are built in
 * the markup as WebP over the image hosts' width parameters, the LCP image is preloaded with
 * fetchpriority high and only it has that priority, the image origins are preconnected, and the
 * hashed assets are served precompressed (brotli, gzip) when accepted.
 */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import type { AppState } from '../../client/lib/hydration';
import type { RouteDataMap } from '../../shared/route-data';
import { startTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

const PRODUCT = '/products/classic-gramercy-bouquet';

function stateOf(html: string): { raw: string; state: AppState } {
  const raw = /<script type="application\/json" id="__STATE__">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!raw) throw new Error('no state block');
  return { raw, state: JSON.parse(raw) as AppState };
}

/** A tag's attributes, names lower-cased (React writes some in camelCase), `&` unescaped. */
function attrsOf(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, k, v]) => [k.toLowerCase(), v.replace(/&amp;|&#38;/g, '&')]));
}

describe('the page state', () => {
  test.each(['/', '/collections/bouquets', PRODUCT])('%s: one URL per picture, no srcset strings, no data: URLs', async (page) => {
    const res = await request(t.app).get(page);
    expect(res.status).toBe(200);
    const { raw } = stateOf(res.text);
    expect(raw).not.toContain('data:image');
    expect(raw).not.toContain('srcSet');
    expect(raw).not.toContain('"placeholder"');
    // Nor in the markup: the placeholders are the 10x10 images' URLs.
    expect(res.text).not.toContain('data:image');
  });

  test('the product page carries only what the browser shows: 4 related cards, header cards without extras', async () => {
    const { state } = stateOf((await request(t.app).get(PRODUCT)).text);
    const product = state.router.loaderData.product as RouteDataMap['product'];
    const root = state.router.loaderData.root as RouteDataMap['root'];
    expect(product.related.length).toBeLessThanOrEqual(4);
    for (const card of [...root.settings.header.primaryLinkProducts, ...root.settings.header.headerMegaMenu.flatMap((m) => m.products)]) {
      expect(Object.keys(card).sort()).toEqual(['handle', 'image', 'minPrice', 'title']);
    }
    expect(root.settings.header.headerMegaMenu.every((m) => m.products.length <= 4)).toBe(true);
    expect(root.settings.pdpSettings).not.toHaveProperty('defaultPDPAccordionItems');
    // The product still has its accordion (the site's defaults when it has none of its own).
    expect(product.product.accordionItems.length).toBeGreaterThan(0);
    expect(product.product.images[0]).toEqual({
      src: expect.any(String),
      width: expect.any(Number),
      height: expect.any(Number),
      alt: expect.any(String),
    });
  });
});

describe('images in the markup', () => {
  test('the product gallery: WebP srcset through the shop host width parameter, the LCP preloaded with the same srcset and sizes', async () => {
    const html = (await request(t.app).get(PRODUCT)).text;
    const head = html.slice(0, html.indexOf('</head>'));
    const preloads = [...head.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map(([tag]) => attrsOf(tag));
    expect(preloads).toHaveLength(1);
    const [preload] = preloads;
    expect(preload.fetchpriority).toBe('high');
    expect(preload.imagesrcset).toMatch(/\/cdn\/shop\/files\/[^ ]+[?&]width=250&format=webp 250w/);
    expect(preload.imagesizes).toBeTruthy();

    const body = html.slice(html.indexOf('<body'));
    const high = [...body.matchAll(/<img [^>]*fetchPriority="high"[^>]*>/g)].map(([tag]) => attrsOf(tag));
    // Only the LCP image has high priority, and it is the preloaded one.
    expect(high).toHaveLength(1);
    expect(high[0].srcset).toBe(preload.imagesrcset);
    expect(high[0].sizes).toBe(preload.imagesizes);
    expect(high[0].loading).toBe('eager');
    // Everything else is lazy and decoded off the main thread.
    const others = [...body.matchAll(/<img [^>]*>/g)]
      .map(([tag]) => attrsOf(tag))
      .filter((a) => a.fetchpriority !== 'high' && a.class !== 'logo__mark');
    expect(others.length).toBeGreaterThan(0);
    for (const img of others) {
      expect(img.loading).toBe('lazy');
      expect(img.decoding).toBe('async');
    }
    // Fixed-size thumbnails: `src` is the 1x image, the srcset adds 2x only, no sizes.
    expect(others.some((img) => /^[^ ,]+ 2x$/.test(img.srcset ?? '') && Boolean(img.src) && img.sizes === undefined)).toBe(true);
  });

  test("the gallery's thumbnails are low priority and one request each: only the main image competes for the first round trips", async () => {
    const html = (await request(t.app).get(PRODUCT)).text;
    const thumbs = /<ul class="gallery__thumbs"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
    const images = [...thumbs.matchAll(/<img [^>]*>/g)].map(([tag]) => attrsOf(tag));
    expect(images.length).toBeGreaterThan(1);
    for (const img of images) expect(img.fetchpriority).toBe('low');
    // No 10x10 blur-up beside an 80 px thumbnail (it would be a second request per thumbnail);
    // the related cards further down keep theirs.
    expect(images.some((img) => img.class === 'picture__placeholder')).toBe(false);
    const related = html.slice(html.indexOf('id="related-title"'));
    expect(related).toContain('class="picture__placeholder"');
  });

  test('the favicon is a small PNG (transparency kept), not the 1200 px social JPEG', async () => {
    const html = (await request(t.app).get('/')).text;
    const href = /<link rel="icon" href="([^"]+)">/.exec(html)?.[1]?.replace(/&amp;|&#38;/g, '&');
    expect(href).toMatch(/[?&]w=64(&|$)/);
    const icon = await fetch(href!);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect((await icon.arrayBuffer()).byteLength).toBeLessThan(8 * 1024);
  });

  test('the image origins are preconnected', async () => {
    const html = (await request(t.app).get(PRODUCT)).text;
    const head = html.slice(0, html.indexOf('</head>'));
    const preconnects = [...head.matchAll(/<link rel="preconnect" href="([^"]+)">/g)].map(([, href]) => href);
    expect(preconnects).toEqual(expect.arrayContaining([t.emulators.storefront.url, t.emulators.content.url].map((u) => new URL(u).origin)));
  });

  test.each(['/', '/collections/bouquets'])('%s: the first above-the-fold image is preloaded with fetchpriority high', async (page) => {
    const html = (await request(t.app).get(page)).text;
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(html);
    expect(preload).not.toBeNull();
    const attrs = attrsOf(preload![0]);
    expect(attrs.fetchpriority).toBe('high');
    const img = /<img [^>]*fetchPriority="high"[^>]*>/.exec(html.slice(html.indexOf('<body')));
    expect(attrsOf(img![0]).srcset).toBe(attrs.imagesrcset);
  });
});

describe('precompressed static assets', () => {
  const assetsDir = () => path.join(t.config.clientDistDir, 'assets');

  /** A GET whose body is kept as sent (supertest would decompress it). */
  async function rawGet(urlPath: string, headers: Record<string, string>) {
    const server = t.app.listen(0);
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      return await new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        get({ host: '127.0.0.1', port, path: urlPath, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    } finally {
      server.close();
    }
  }

  test.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)(
    'the entry module answers Content-Encoding %s when accepted, and the bytes decompress to the original',
    async (encoding, decompress) => {
      const html = (await request(t.app).get('/')).text;
      const src = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(src).toBeDefined();
      const res = await rawGet(src!, { 'accept-encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(res.headers['cache-control']).toContain('immutable');
      const original = readFileSync(path.join(assetsDir(), src!.replace(/^\/assets\//, '')));
      expect(res.body.length).toBeLessThan(original.length);
      expect(decompress(res.body).equals(original)).toBe(true);
    },
  );

  test('brotli is preferred when both are accepted; none accepted gets the original', async () => {
    const html = (await request(t.app).get('/')).text;
    const css = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(css).toBeDefined();
    const both = await request(t.app).get(css!).set('Accept-Encoding', 'gzip, deflate, br');
    expect(both.headers['content-encoding']).toBe('br');
    expect(both.headers['content-type']).toMatch(/text\/css/);
    const identity = await request(t.app).get(css!).set('Accept-Encoding', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.text).toBe(readFileSync(path.join(assetsDir(), css!.replace(/^\/assets\//, '')), 'utf8'));
  });
});
