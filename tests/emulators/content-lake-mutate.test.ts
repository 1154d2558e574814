/**
 * The content lake emulator's mutations (emulators/content-lake/mutate.ts) through the real
 * @sanity/client: a patch and a createOrReplace show in the next query, a failed transaction
 * changes nothing, and with a token a mutation needs it.
 */
import path from 'node:path';
import type { SanityClient } from '@sanity/client';
import { startContentLakeEmulator } from '../../emulators/content-lake';
import type { RunningEmulator } from '../../emulators/shared/server';
import { contentLakeClient } from '../support/content-client';

const FIXTURE = path.join(__dirname, '..', 'fixtures', 'content-lake');
const TOKEN = 'write-token';

let open: RunningEmulator;
let secured: RunningEmulator;

const clientFor = (server: RunningEmulator, token?: string): SanityClient => contentLakeClient(server, { token });

beforeAll(async () => {
  open = await startContentLakeEmulator({ port: 0, contentDir: FIXTURE });
  secured = await startContentLakeEmulator({ port: 0, contentDir: FIXTURE, token: TOKEN });
});
afterAll(async () => {
  await open.stop();
  await secured.stop();
});

test('a patch and a createOrReplace show in the next query', async () => {
  const client = clientFor(open);
  const [card] = await client.fetch<{ _id: string; title: string }[]>('*[_type == "productCard" && !(_id in path("drafts.**"))]{ _id, title }');
  expect(card).toBeDefined();
  const patched = await client.patch(card._id).set({ title: 'Renamed' }).commit();
  expect(patched.title).toBe('Renamed');
  expect(await client.fetch('*[_id == $id][0].title', { id: card._id })).toBe('Renamed');

  await client.createOrReplace({ _id: 'page-new', _type: 'page', title: 'New page', slug: { _type: 'slug', current: 'new' } });
  expect(await client.fetch('*[_type == "page" && slug.current == "new"][0].title')).toBe('New page');
});

test('a transaction that fails changes nothing', async () => {
  const client = clientFor(open);
  const before = await client.fetch<number>('count(*)');
  await expect(
    client
      .transaction()
      .create({ _id: 'page-tx', _type: 'page', title: 'In a failed transaction' })
      .patch('no-such-document', (p) => p.set({ title: 'x' }))
      .commit(),
  ).rejects.toThrow(/not found/);
  expect(await client.fetch<number>('count(*)')).toBe(before);
});

test('with a token, a mutation needs it', async () => {
  const doc = { _id: 'page-secured', _type: 'page', title: 'Secured' };
  await expect(clientFor(secured).createOrReplace(doc)).rejects.toMatchObject({ statusCode: 401 });
  await expect(clientFor(secured, TOKEN).createOrReplace(doc)).resolves.toMatchObject({ _id: 'page-secured' });
});
