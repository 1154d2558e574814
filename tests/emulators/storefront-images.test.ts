import sharp from 'sharp';
import { startHarness, type Harness } from '../support/storefront-harness';

let sf: Harness;
beforeAll(async () => {
  sf = await startHarness();
});
afterAll(() => sf.stop());

describe('storefront API emulator: CDN image route', () => {
  it('serves the URL from Image.url(transform:) as a resized, cropped WebP, cacheable forever', async () => {
    const { body } = await sf.gql<{ product: { featuredImage: { url: string } } }>(
      '{ product(handle: "classic-gramercy-bouquet") { featuredImage { url(transform: { maxWidth: 300, maxHeight: 200, crop: TOP, preferredContentType: WEBP }) } } }',
    );
    const res = await fetch(body.data!.product.featuredImage.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 300, 200]);
  });

  it('fits inside the box without crop and defaults to the suffix format', async () => {
    const res = await fetch(`${sf.emulator.url}/cdn/shop/files/classic-1.jpg?v=1&width=400&height=400`);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 400]);
  });

  it("negotiates the format by Accept when the URL leaves it open, as Shopify's CDN does (Vary: Accept)", async () => {
    const url = `${sf.emulator.url}/cdn/shop/files/classic-1.jpg?width=200`;
    const CHROME_IMG_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
    const browser = await fetch(url, { headers: { accept: CHROME_IMG_ACCEPT } });
    expect(browser.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await browser.arrayBuffer())).metadata()).format).toBe('webp');
    expect(browser.headers.get('vary')).toMatch(/accept/i);
    for (const accept of ['*/*', 'image/jpeg,image/*;q=0.8', 'image/webp;q=0']) {
      const other = await fetch(url, { headers: { accept } });
      expect([accept, other.headers.get('content-type')]).toEqual([accept, 'image/jpeg']);
    }
    // A format the URL names is what is served, whatever the browser accepts.
    const named = await fetch(`${url}&format=jpg`, { headers: { accept: CHROME_IMG_ACCEPT } });
    expect(named.headers.get('content-type')).toBe('image/jpeg');
    expect(named.headers.get('vary') ?? '').not.toMatch(/accept/i);
  });

  it('answers 404 for unknown files and 400 for bad parameters', async () => {
    expect((await fetch(`${sf.emulator.url}/cdn/shop/files/nope.jpg`)).status).toBe(404);
    expect((await fetch(`${sf.emulator.url}/cdn/shop/files/classic-1.gif`)).status).toBe(404);
    const bad = await fetch(`${sf.emulator.url}/cdn/shop/files/classic-1.jpg?width=-3&format=bmp`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe('width must be a positive integer\nformat must be webp, jpg or png');
  });
});
