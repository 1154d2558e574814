/**
 * The Storefront API emulator's product videos over the seeded catalog (content/): `Video`
 * media after the images in `Product.media` (sources, preview image), and the CDN stand-in's
 * video route (the files as they are, byte ranges, immutable caching, 404s).
 */
import path from 'node:path';
import { buildCatalog, type CatalogSeed } from '../../emulators/storefront-api/catalog';
import { startHarness, type Harness } from '../support/storefront-harness';
import { rootField } from '../support/storefront-field';

const CONTENT_DIR = path.join(__dirname, '../../content');
let sf: Harness;
beforeAll(async () => {
  sf = await startHarness({ contentDir: CONTENT_DIR });
});
afterAll(() => sf.stop());

type Media = {
  __typename: string;
  id: string;
  mediaContentType: string;
  alt: string | null;
  previewImage: { url: string; width: number } | null;
  sources?: { url: string; mimeType: string; format: string; width: number; height: number }[];
};

const MEDIA = `query ($handle: String!) {
  product(handle: $handle) {
    media(first: 10) {
      nodes {
        __typename id mediaContentType alt
        previewImage { url width }
        ... on Video { sources { url mimeType format width height } }
      }
    }
  }
}`;

async function media(handle: string): Promise<Media[]> {
  return (await rootField<{ media: { nodes: Media[] } }>(sf, MEDIA, { handle })).media.nodes;
}

async function videoSources() {
  const video = (await media('garden-rose-dozen')).find((m) => m.__typename === 'Video')!;
  return video.sources!;
}

describe('Video media', () => {
  it('lists the seeded video after the images, with a source per format and the poster as its preview image', async () => {
    const nodes = await media('garden-rose-dozen');
    expect(nodes.map((m) => m.mediaContentType)).toEqual(['IMAGE', 'IMAGE', 'IMAGE', 'VIDEO']);
    const video = nodes[3];
    expect(video).toMatchObject({
      __typename: 'Video',
      id: expect.stringMatching(/^gid:\/\/shopify\/Video\/\d+$/),
      alt: expect.stringContaining('Garden Rose Dozen'),
    });
    expect(video.previewImage?.url).toBe(nodes[0].previewImage?.url);
    expect(video.sources).toEqual([
      { url: `${sf.emulator.url}/cdn/shop/videos/garden-rose-dozen-film.mp4?v=1`, mimeType: 'video/mp4', format: 'mp4', width: 480, height: 600 },
      { url: `${sf.emulator.url}/cdn/shop/videos/garden-rose-dozen-film.webm?v=1`, mimeType: 'video/webm', format: 'webm', width: 480, height: 600 },
    ]);
  });

  it('leaves products without videos with images only', async () => {
    expect((await media('classic-gramercy-bouquet')).every((m) => m.mediaContentType === 'IMAGE')).toBe(true);
  });

  it('refuses a seed whose video poster names no image', () => {
    const seed = {
      shop: { id: 1, name: 'S', currencyCode: 'USD', primaryDomain: 'https://s.example' },
      collections: [],
      products: [
        {
          id: 1,
          handle: 'p',
          title: 'P',
          descriptionHtml: '',
          vendor: 'V',
          productType: '',
          tags: [],
          createdAt: '2026-01-01T00:00:00Z',
          options: [{ name: 'Title', values: ['Default Title'] }],
          images: [],
          videos: [{ file: 'p-film', width: 480, height: 600, previewImage: 0, formats: ['mp4'] }],
          variants: [{ id: 1, options: { Title: 'Default Title' }, price: '1.00', quantityAvailable: 1 }],
          sellingPlanGroups: [],
        },
      ],
    } as unknown as CatalogSeed;
    expect(() => buildCatalog(seed)).toThrow(/previewImage index 0 out of range/);
  });
});

describe('CDN video route', () => {
  it('serves each source as its file, typed, cacheable forever', async () => {
    const [mp4, webm] = await videoSources();
    const a = await fetch(mp4.url);
    expect([a.status, a.headers.get('content-type'), a.headers.get('cache-control')]).toEqual([
      200,
      'video/mp4',
      'public, max-age=31536000, immutable',
    ]);
    const mp4Bytes = Buffer.from(await a.arrayBuffer());
    expect(mp4Bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const b = await fetch(webm.url);
    expect([b.status, b.headers.get('content-type')]).toEqual([200, 'video/webm']);
    expect(
      Buffer.from(await b.arrayBuffer())
        .subarray(0, 4)
        .toString('hex'),
    ).toBe('1a45dfa3');
  });

  it('answers a byte range with 206, as a <video> asks', async () => {
    const [mp4] = await videoSources();
    const res = await fetch(mp4.url, { headers: { Range: 'bytes=0-99' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
    expect((await res.arrayBuffer()).byteLength).toBe(100);
  });

  it('answers 404 for unknown files, other suffixes and paths out of the folder', async () => {
    for (const name of ['nope.mp4', 'garden-rose-dozen-film.avi', '..%2Fcatalog.json', '..%2F..%2Fpackage.json']) {
      expect([name, (await fetch(`${sf.emulator.url}/cdn/shop/videos/${name}`)).status]).toEqual([name, 404]);
    }
  });
});
