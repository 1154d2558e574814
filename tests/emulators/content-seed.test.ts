/**
 * Smoke test of the content lake emulator on the shop's real seed (content/dataset.ndjson and
 * content/images/), through @sanity/client and @sanity/image-url: the settings query the shop
 * runs, drafts hidden, every reference resolvable, every image asset renderable.
 */
import { createImageUrlBuilder } from '@sanity/image-url';
import { createClient, type SanityClient } from '@sanity/client';
import sharp from 'sharp';
import { startContentLakeEmulator } from '../../emulators/content-lake';
import type { RunningEmulator } from '../../emulators/shared/server';

let emulator: RunningEmulator;
let client: SanityClient;

beforeAll(async () => {
  emulator = await startContentLakeEmulator({ port: 0 });
  client = createClient({
    projectId: 'gramercy',
    dataset: 'production',
    apiVersion: '2025-02-19',
    apiHost: emulator.url,
    useProjectHostname: false,
    useCdn: false,
  });
});
afterAll(() => emulator.stop());

it('has one latest site settings document with the header and cart copy the shop reads', async () => {
  const settings = await client.fetch(`*[_type == "siteSettings"] | order(_updatedAt desc)[0]{
    _id, siteTitle, siteUrl, "icon": imageIcon.asset->url,
    header { primaryLinkProducts[]->{ title, "slug": slug.current } },
    cartData { cartTitle, emptyCartMessage }
  }`);
  expect(settings).toMatchObject({ _id: 'siteSettings', siteTitle: 'Gramercy Stems', cartData: { cartTitle: expect.any(String) } });
  expect(settings.icon).toMatch(/^https:\/\/cdn\.sanity\.io\/images\/gramercy\/production\//);
  for (const card of settings.header.primaryLinkProducts ?? []) expect(card.slug).toEqual(expect.any(String));
});

it('hides its drafts unless asked for the raw perspective', async () => {
  const drafts = 'count(*[_id in path("drafts.**")])';
  expect(await client.fetch(drafts)).toBe(0);
  expect(await client.fetch(drafts, {}, { perspective: 'raw' })).toBeGreaterThan(0);
});

/** Every `_ref` anywhere inside `value`. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (!value || typeof value !== 'object') return [];
  const ref = (value as { _ref?: unknown })._ref;
  return [...(typeof ref === 'string' ? [ref] : []), ...Object.values(value).flatMap(refsIn)];
}

it('has no dangling references among published documents', async () => {
  const published = await client.fetch<{ _id: string }[]>('*');
  const ids = new Set(published.map((doc) => doc._id));
  const dangling = published.flatMap((doc) =>
    refsIn(doc)
      .filter((ref) => !ids.has(ref))
      .map((ref) => `${doc._id} → ${ref}`),
  );
  expect(dangling).toEqual([]);
});

it('renders every image asset as WebP', async () => {
  const assets = await client.fetch<{ _id: string }[]>('*[_type == "sanity.imageAsset"]{ _id }');
  expect(assets.length).toBeGreaterThan(0);
  const urlFor = createImageUrlBuilder({ projectId: 'gramercy', dataset: 'production', baseUrl: emulator.url });
  for (const asset of assets) {
    const res = await fetch(urlFor.image(asset._id).width(64).format('webp').url());
    expect([asset._id, res.status]).toEqual([asset._id, 200]);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([asset._id, meta.format, meta.width]).toEqual([asset._id, 'webp', 64]);
  }
});
