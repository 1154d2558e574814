/**
 * The content lake emulator's image endpoint, addressed by the real @sanity/image-url builder,
 * on the fixture asset: an 800×600 SVG whose left half is red (#cc2244), right half blue.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createImageUrlBuilder } from '@sanity/image-url';
import sharp from 'sharp';
import { startContentLakeEmulator } from '../../emulators/content-lake';
import type { RunningEmulator } from '../../emulators/shared/server';

const FIXTURE = path.join(__dirname, '..', 'fixtures', 'content-lake');
const ASSET = 'image-fbf85751a5ec18d4b9f819a36887a9dee4ed5c5b-800x600-svg';
const image = { _type: 'image', asset: { _type: 'reference', _ref: ASSET } };
const RED = [0xcc, 0x22, 0x44];
const BLUE = [0x22, 0x44, 0xcc];

let emulator: RunningEmulator;
let urlFor: ReturnType<typeof createImageUrlBuilder>;

beforeAll(async () => {
  emulator = await startContentLakeEmulator({ port: 0, contentDir: FIXTURE });
  urlFor = createImageUrlBuilder({ projectId: 'gramercy', dataset: 'production', baseUrl: emulator.url });
});
afterAll(() => emulator.stop());

async function get(url: string) {
  const res = await fetch(url);
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

/** Width, height, format and the colour of the pixels at the given fractions of the output. */
async function inspect(body: Buffer, points: [number, number][] = []) {
  const { data, info } = await sharp(body).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const colours = points.map(([fx, fy]) => {
    const offset = (Math.floor(fy * (info.height - 1)) * info.width + Math.floor(fx * (info.width - 1))) * 3;
    return [...data.subarray(offset, offset + 3)];
  });
  return { width: info.width, height: info.height, format: (await sharp(body).metadata()).format, colours };
}

/** Colours within a few levels (lossy encoders shift them slightly). */
const near = (expected: number[]) => (actual: number[]) => actual.every((v, i) => Math.abs(v - expected[i]) <= 12);

describe('image endpoint', () => {
  it('serves a WebP 400 px wide for width(400).format("webp"), cacheable forever', async () => {
    const url = urlFor.image(image).width(400).format('webp').url();
    expect(url).toBe(`${emulator.url}/images/gramercy/production/fbf85751a5ec18d4b9f819a36887a9dee4ed5c5b-800x600.svg?w=400&fm=webp`);
    const { res, body } = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await inspect(body)).toMatchObject({ width: 400, height: 300, format: 'webp' });
  });

  it('serves the SVG as-is without a format, and WebP for auto=format', async () => {
    const original = await get(urlFor.image(image).width(200).url());
    expect(original.res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(original.body.equals(await readFile(path.join(FIXTURE, 'images', 'two-tone.svg')))).toBe(true);
    const auto = await get(urlFor.image(image).width(200).auto('format').url());
    expect(await inspect(auto.body)).toMatchObject({ width: 200, format: 'webp' });
  });

  it('crops to rect= in source pixels before resizing', async () => {
    const { body } = await get(urlFor.image(image).rect(400, 0, 400, 600).width(100).format('png').url());
    const result = await inspect(body, [
      [0, 0],
      [1, 1],
    ]);
    expect(result).toMatchObject({ width: 100, height: 150, format: 'png' });
    expect(result.colours).toEqual([BLUE, BLUE]);
  });

  it('applies an image field crop and hotspot (sent as rect by the builder)', async () => {
    // crop keeps the right (blue) half; the hotspot sits in it
    const cropped = { ...image, crop: { top: 0, bottom: 0, left: 0.5, right: 0 }, hotspot: { x: 0.75, y: 0.5, width: 0.2, height: 0.2 } };
    const url = urlFor.image(cropped).width(120).height(120).format('png').url();
    expect(url).toContain('rect=400,100,400,400');
    const result = await inspect((await get(url)).body, [
      [0, 0.5],
      [1, 0.5],
    ]);
    expect(result).toMatchObject({ width: 120, height: 120 });
    expect(result.colours).toEqual([BLUE, BLUE]);
  });

  it('fit=crop cuts around the centre, an edge named by crop=, or the focal point', async () => {
    // a 1:3 cut of the 800x600 source is 200 px wide: x 300–500 at the centre
    const tall = () => urlFor.image(image).width(100).height(300).fit('crop').format('png');
    const edges = async (url: string) =>
      inspect((await get(url)).body, [
        [0, 0.5],
        [1, 0.5],
      ]);
    const centre = await edges(tall().url());
    expect(centre).toMatchObject({ width: 100, height: 300 });
    expect(centre.colours).toEqual([RED, BLUE]);
    expect((await edges(tall().crop('left').url())).colours).toEqual([RED, RED]);
    expect((await edges(tall().crop('right').url())).colours).toEqual([BLUE, BLUE]);
    expect((await edges(tall().crop('focalpoint').focalPoint(0.3, 0.5).url())).colours).toEqual([RED, RED]);
  });

  it('scales by dpr, blurs, and encodes at quality 75 unless q is given', async () => {
    expect(await inspect((await get(urlFor.image(image).width(100).dpr(2).format('jpg').url())).body)).toMatchObject({ width: 200, format: 'jpeg' });
    const jpg = (q?: number) => get((q ? urlFor.image(image).quality(q) : urlFor.image(image)).width(300).format('jpg').url());
    const [byDefault, q75, q100] = await Promise.all([jpg(), jpg(75), jpg(100)]);
    expect(byDefault.body.equals(q75.body)).toBe(true);
    expect(byDefault.body.equals(q100.body)).toBe(false);
    const blurred = await inspect((await get(urlFor.image(image).width(200).blur(50).format('png').url())).body, [[0.5, 0.5]]);
    expect(near(RED)(blurred.colours[0]) || near(BLUE)(blurred.colours[0])).toBe(false); // the edge is smeared
  });

  it('answers 404 for an unknown asset or project and 400 for invalid params', async () => {
    const base = `${emulator.url}/images/gramercy/production/fbf85751a5ec18d4b9f819a36887a9dee4ed5c5b-800x600.svg`;
    expect((await fetch(`${emulator.url}/images/gramercy/production/${'0'.repeat(40)}-800x600.svg?w=10&fm=png`)).status).toBe(404);
    expect((await fetch(base.replace('/gramercy/', '/other/'))).status).toBe(404);
    for (const query of ['w=abc&fm=png', 'fm=tiff', 'fit=stretch&fm=png', 'rect=900,0,10,10&fm=png', 'q=101&fm=jpg', 'crop=middle&fm=png']) {
      const res = await fetch(`${base}?${query}`);
      expect([query, res.status]).toEqual([query, 400]);
    }
  });
});
