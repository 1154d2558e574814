/**
 * The content lake emulator queried by the real @sanity/client over HTTP, on the fixture
 * dataset in tests/fixtures/content-lake (a site settings doc and an older one, a product card
 * with a draft, a draft-only page, one image asset, a card password under the `secrets.` path).
 */
import path from 'node:path';
import { ClientError } from '@sanity/client';
import { startContentLakeEmulator } from '../../emulators/content-lake';
import type { RunningEmulator } from '../../emulators/shared/server';
import { contentLakeClient } from '../support/content-client';

const FIXTURE = path.join(__dirname, '..', 'fixtures', 'content-lake');
const TOKEN = 'preview-token';

let emulator: RunningEmulator;
let secured: RunningEmulator;
let requests: { method: string; path: string }[];

const clientFor = contentLakeClient;

beforeAll(async () => {
  requests = [];
  emulator = await startContentLakeEmulator({ port: 0, contentDir: FIXTURE, onRequest: (r) => requests.push(r) });
  secured = await startContentLakeEmulator({ port: 0, contentDir: FIXTURE, token: TOKEN });
});
afterAll(async () => {
  await emulator.stop();
  await secured.stop();
});

const SITE_SETTINGS = `*[_type == "siteSettings"] | order(_updatedAt desc)[0]{
  "id": _id, siteTitle, siteUrl, keywords,
  seo { title, "image": image{ alt, "url": asset->url, "dimensions": asset->metadata.dimensions } },
  header {
    "announcement": announcementBarSettings.text,
    primaryHeaderLink { title, "slug": page->slug.current, "type": page->_type },
    primaryLinkProducts[]->{ title, "slug": slug.current, isSoldOut }
  }
}`;

describe('queries', () => {
  it('answers the site settings query with projections, ordering and dereferences', async () => {
    const settings = await clientFor(emulator).fetch(SITE_SETTINGS);
    expect(settings).toEqual({
      id: 'siteSettings',
      siteTitle: 'Gramercy Stems',
      siteUrl: 'https://www.gramercystems.com',
      keywords: ['flowers', 'NYC'],
      seo: {
        title: 'Gramercy Stems',
        image: {
          alt: 'Shop front',
          url: 'https://cdn.sanity.io/images/gramercy/production/fbf85751a5ec18d4b9f819a36887a9dee4ed5c5b-800x600.svg',
          dimensions: { _type: 'sanity.imageDimensions', width: 800, height: 600, aspectRatio: 800 / 600 },
        },
      },
      header: {
        announcement: 'Free delivery below 14th Street',
        primaryHeaderLink: { title: 'Shop', slug: 'shop', type: 'page' },
        // the published card, not its draft
        primaryLinkProducts: [{ title: 'Garden Party Bouquet', slug: 'garden-party-bouquet', isSoldOut: false }],
      },
    });
  });

  it('binds params, and returns the raw response with the query when asked', async () => {
    const client = clientFor(emulator);
    const query = '*[_type == $type && slug.current == $slug][0].title';
    expect(await client.fetch(query, { type: 'productCard', slug: 'garden-party-bouquet' })).toBe('Garden Party Bouquet');
    const raw = await client.fetch(query, { type: 'page', slug: 'shop' }, { filterResponse: false });
    expect(raw).toEqual({ query, result: 'Shop', ms: expect.any(Number) });
  });

  it('uses POST for a query too long for a URL, with the same answer', async () => {
    // Over the client's 11264-character GET limit: a filter excluding 800 ids.
    const excluded = Array.from({ length: 800 }, (_, i) => `"retired-card-${i}"`).join(',');
    const query = `*[_type == $type && !(_id in [${excluded}])][0]._id`;
    expect(query.length).toBeGreaterThan(11264);
    const before = requests.length;
    expect(await clientFor(emulator).fetch(query, { type: 'siteSettings' })).toMatch(/^siteSettings/);
    expect(requests.slice(before)).toEqual([{ method: 'POST', path: '/v2025-02-19/data/query/production' }]);
  });

  it('hides drafts by default and shows them with the raw perspective', async () => {
    const ids = '*[_type in ["page", "productCard"]]._id';
    expect((await clientFor(emulator).fetch<string[]>(ids)).sort()).toEqual(['page-shop', 'productCard-garden-party']);
    expect((await clientFor(emulator, { perspective: 'raw' }).fetch<string[]>(ids)).sort()).toEqual([
      'drafts.page-unpublished',
      'drafts.productCard-garden-party',
      'page-shop',
      'productCard-garden-party',
    ]);
  });

  it('overlays drafts on published documents with the drafts perspective', async () => {
    const cards = await clientFor(emulator, { perspective: 'drafts' }).fetch('*[_type == "productCard"]{ _id, _originalId, title }');
    expect(cards).toEqual([
      { _id: 'productCard-garden-party', _originalId: 'drafts.productCard-garden-party', title: 'Garden Party Bouquet (draft)' },
    ]);
  });

  it('defaults older API versions to the raw perspective, as Sanity does', async () => {
    const client = clientFor(emulator, { apiVersion: '2024-01-01' });
    expect(await client.fetch('count(*[_id in path("drafts.**")])')).toBe(2);
  });

  it('needs the configured token for drafts', async () => {
    const anonymous = clientFor(secured, { perspective: 'drafts' });
    await expect(anonymous.fetch('*[_type == "page"].title')).rejects.toMatchObject({ statusCode: 401 });
    const raw = await clientFor(secured, { perspective: 'raw' }).fetch('*[_id in path("drafts.**")]._id');
    expect(raw).toEqual([]);
    const preview = clientFor(secured, { perspective: 'drafts', token: TOKEN });
    expect((await preview.fetch<string[]>('*[_type == "page"].title')).sort()).toEqual(['Coming soon', 'Shop']);
    const wrong = clientFor(secured, { token: 'nope' });
    await expect(wrong.fetch('1')).rejects.toThrow('Unauthorized - Session not found');
  });

  it('keeps every document whose id has a path private without the token, as Sanity does', async () => {
    // https://www.sanity.io/docs/ids: ids containing a "." are readable only when authenticated.
    const secrets = '*[_type == "productCardPassword"]{ _id, password, "card": card->slug.current }';
    const card = '*[_type == "productCard"][0]{ "password": *[_type == "productCardPassword" && card._ref == ^._id][0].password }.password';
    for (const perspective of ['published', 'raw'] as const) {
      expect(await clientFor(secured, { perspective }).fetch(secrets)).toEqual([]);
      expect(await clientFor(secured, { perspective }).fetch(card)).toBeNull();
    }
    expect(await clientFor(secured).getDocuments(['secrets.productCardPassword.garden-party-bouquet'])).toEqual([null]);
    const authenticated = clientFor(secured, { token: TOKEN });
    expect(await authenticated.fetch(secrets)).toEqual([
      { _id: 'secrets.productCardPassword.garden-party-bouquet', password: 'fixture-secret', card: 'garden-party-bouquet' },
    ]);
    expect(await authenticated.fetch(card)).toBe('fixture-secret');
  });

  it('fetches documents by id', async () => {
    const client = clientFor(emulator);
    expect(await client.getDocument('page-shop')).toMatchObject({ _id: 'page-shop', title: 'Shop' });
    expect(await client.getDocument('no-such-doc')).toBeUndefined();
    expect(await clientFor(secured).getDocuments(['page-shop', 'drafts.page-unpublished'])).toEqual([
      expect.objectContaining({ _id: 'page-shop' }),
      null,
    ]);
  });
});

describe('errors', () => {
  it('rejects a syntax error as a 400 ClientError carrying the description', async () => {
    const error = await clientFor(emulator)
      .fetch('*[_type == "page"')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({ statusCode: 400, details: { type: 'queryParseError', query: '*[_type == "page"' } });
    expect((error as ClientError).message).toMatch(/^GROQ query parse error:/);
    expect((error as ClientError).message).toContain('Unexpected end of query');
  });

  it('rejects a referenced but missing param and an unknown function', async () => {
    const client = clientFor(emulator);
    await expect(client.fetch('*[slug.current == $slug]')).rejects.toMatchObject({
      statusCode: 400,
      details: { description: 'param $slug referenced, but not provided', start: 18, end: 23 },
    });
    await expect(client.fetch('nope(1)')).rejects.toMatchObject({ statusCode: 400, details: { type: 'queryParseError' } });
  });

  it('answers 400 for a param or POST body that is not JSON and 404 for an unknown dataset', async () => {
    const bad = await fetch(`${emulator.url}/v2025-02-19/data/query/production?query=${encodeURIComponent('$x')}&$x=unquoted`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: { description: 'Unable to parse value of "$x=unquoted". Please quote string values.', type: 'httpBadRequest' },
    });
    const post = await fetch(`${emulator.url}/v2025-02-19/data/query/production`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query": "*[0]"',
    });
    expect([post.status, (await post.json()).error.type]).toEqual([400, 'httpBadRequest']);
    await expect(clientFor(emulator, { dataset: 'staging' }).fetch('1')).rejects.toMatchObject({
      statusCode: 404,
      message: 'Not Found - Dataset "staging" not found for project ID "gramercy"',
    });
  });
});
