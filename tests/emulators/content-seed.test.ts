/**
 * Smoke test of the content lake emulator on the shop's real seed (content/dataset.ndjson and
 * content/images/), through @sanity/client and @sanity/image-url:
 * every reference resolvable, every image asset renderable.
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
  const dangling = published.flatMap((doc) => refsIn(doc).filter((ref) => !ids.has(ref)).map((ref) => `${doc._id} → ${ref}`));
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
