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

  it('answers 404 for unknown files and 400 for bad parameters', async () => {
    expect((await fetch(`${sf.emulator.url}/cdn/shop/files/nope.jpg`)).status).toBe(404);
    expect((await fetch(`${sf.emulator.url}/cdn/shop/files/classic-1.gif`)).status).toBe(404);
    const bad = await fetch(`${sf.emulator.url}/cdn/shop/files/classic-1.jpg?width=-3&format=bmp`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe('width must be a positive integer\nformat must be webp, jpg or png');
  });
});
