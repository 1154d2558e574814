/**
 * The content boundary (server/upstream/content/schemas.ts): content lake results are parsed
 * where they enter (UpstreamData). One malformed value degrades its element, not the page: a
 * field of the wrong type reads as absent, a broken image, link, rich-text block, card or tile is
 * left out, each logged once per process. A document broken where nothing may degrade (a
 * product card's sale gates, a document's identity) is a content UpstreamError (502), a 5xx page
 * for a route and the error marker for site settings (spec §8), never a TypeError deep in
 * reshape; content from a newer schema (unknown home module or rich-text block types) is
 * skipped; dangling references are tolerated.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@sanity/client';
import pino from 'pino';
import request from 'supertest';
import { DEFAULT_CONTENT_DIR } from '../../emulators/shared/server';
import { MemoryCache } from '../../server/cache';
import type { Config } from '../../server/config';
import { FRESH_MS, STALE_MS, UpstreamData } from '../../server/loaders/upstream-data';
import type { ContentClient } from '../../server/upstream/content/client';
import { contentImages } from '../../server/upstream/content/images';
import { ContentReshaper } from '../../server/upstream/content/reshape';
import { ContentResults, parseContent } from '../../server/upstream/content/schemas';
import { UpstreamError } from '../../server/upstream/errors';
import { startTestApp } from '../support/app';

const NO_PRICES = new Map();
const reshaper = new ContentReshaper(contentImages({ projectId: 'gramercy', dataset: 'production', imageOrigin: 'http://images.test' }));

const card = (slug: unknown, extra: Record<string, unknown> = {}) => ({
  _id: `productCard-${String(slug)}`,
  slug,
  title: `Card ${String(slug)}`,
  status: 'active',
  thumbnailImage: null,
  hoverImage: null,
  isSoldOut: false,
  customSoldOutText: null,
  disableProductInteraction: false,
  productDrop: null,
  password: null,
  cardBanner: null,
  ...extra,
});

/** What `fn` throws (fails the test when it returns). */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a throw');
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A logger that keeps its records (warn and up). */
function recordingLog() {
  const records: Array<{ level: number; msg: string; content?: string; path?: string; element?: string; problems?: string[] }> = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => void records.push(JSON.parse(line)) });
  return { log, records, warnings: () => records.filter((r) => r.level === pino.levels.values.warn) };
}

/** An image field whose asset says `width`. */
const image = (id: string, width: unknown) => ({ _type: 'image', alt: null, crop: null, hotspot: null, asset: { _id: id, width, height: 1600 } });

describe('parseContent', () => {
  test('a product card whose slug is a number reads as having none: skipped, the others kept, logged once with its path', () => {
    const { log, warnings } = recordingLog();
    const doc = () => [card('peonies'), card(42), card('tulips')];
    const cards = parseContent(ContentResults.productCards, doc(), 'product cards', log);
    expect(reshaper.productCards(cards, NO_PRICES).map((c) => c.handle)).toEqual(['peonies', 'tulips']);
    expect(warnings()).toEqual([
      expect.objectContaining({ content: 'product cards', path: '[1].slug', element: 'text', problems: [expect.stringMatching(/string/)] }),
    ]);
    // Read again (the next cache refresh): not logged again.
    parseContent(ContentResults.productCards, doc(), 'product cards', log);
    expect(warnings()).toHaveLength(1);
  });

  test('an image whose asset width is the string "2400" is left out; its card keeps the rest', () => {
    const { log, warnings } = recordingLog();
    const cards = parseContent(
      ContentResults.productCards,
      [card('peonies', { thumbnailImage: image('image-a-2400x1600-jpg', '2400'), hoverImage: image('image-b-2400x1600-jpg', 2400) })],
      'product cards',
      log,
    );
    const [shown] = reshaper.productCards(cards, NO_PRICES);
    expect(shown).toMatchObject({ handle: 'peonies', title: 'Card peonies', image: null });
    expect(shown.hoverImage?.src).toContain('/b-2400x1600.jpg');
    expect(warnings()).toEqual([
      expect.objectContaining({ path: '[0].thumbnailImage', element: 'image', problems: [expect.stringMatching(/^asset\.width: /)] }),
    ]);
  });

  test('site settings: a menu that is not an array reads as none; a link that is not an object is left out of its menu', () => {
    const { log, warnings } = recordingLog();
    const link = { _key: 'a', title: 'Journal', isExternal: false, url: null, page: { _type: 'journal', slug: null } };
    const settings = parseContent(
      ContentResults.siteSettings,
      { id: 'siteSettings', siteTitle: 'Gramercy Stems', header: { headerMenu: 'Shop', rightHeaderMenu: ['About', link] } },
      'site settings',
      log,
    );
    expect(settings?.header?.headerMenu).toBeNull();
    expect(settings?.header?.rightHeaderMenu).toEqual([link]);
    expect(settings?.siteTitle).toBe('Gramercy Stems');
    expect(warnings().map((w) => [w.path, w.element])).toEqual([
      ['header.headerMenu', 'link list'],
      ['header.rightHeaderMenu[0]', 'link'],
    ]);
  });

  test('unknown home module types are skipped; the known ones keep their order', () => {
    const home = parseContent(
      ContentResults.homepage,
      {
        title: 'Home',
        seo: null,
        modules: [
          { _key: 'a', _type: 'quote', text: 'Say it with flowers', attribution: null },
          { _key: 'b', _type: 'videoBanner', title: 'From a newer schema', src: 'https://example.test/v.mp4' },
          { _key: 'c', _type: 'productCarousel', title: 'New in', products: [card('peonies'), null] },
        ],
      },
      'homepage',
    );
    const modules = reshaper.homeModules(home?.modules, NO_PRICES);
    expect(modules.map((m) => m.type)).toEqual(['quote', 'productCarousel']);
    // A dangling product reference (null) is skipped, not an error.
    expect(modules[1]).toMatchObject({ type: 'productCarousel', products: [{ handle: 'peonies' }] });
  });

  test('a malformed home module keeps its place without the malformed parts; one that is not an object is left out', () => {
    const { log, warnings } = recordingLog();
    const home = parseContent(
      ContentResults.homepage,
      { modules: [{ _key: 'a', _type: 'hero', title: 7, text: 'Spring', image: 'hero.jpg' }, 'quote', { _key: 'q', _type: 'quote', text: 'Hi' }] },
      'homepage',
      log,
    );
    expect(reshaper.homeModules(home?.modules, NO_PRICES)).toEqual([
      { type: 'hero', key: 'a', title: '', text: 'Spring', image: null, link: null },
      { type: 'quote', key: 'q', text: 'Hi', attribution: null },
    ]);
    expect(warnings().map((w) => w.path)).toEqual(['modules[0].title', 'modules[0].image']);
  });

  test('rich text: unknown block types dropped, extra fields kept, pageLink hrefs resolved, a broken block left out', () => {
    const page = parseContent(
      ContentResults.page,
      {
        _type: 'page',
        slug: 'faq',
        title: 'FAQ',
        seo: null,
        heroImage: null,
        body: [
          {
            _type: 'block',
            _key: 'b1',
            style: 'normal',
            custom: 'kept',
            markDefs: [{ _type: 'pageLink', _key: 'm1', reference: { _ref: 'contactPage' }, linked: { _type: 'contactPage', slug: 'contact' } }],
            children: [
              { _type: 'span', _key: 's1', text: 'contact us', marks: ['m1'] },
              { _type: 'linebreak', _key: 'l1' },
            ],
          },
          { _type: 'videoEmbed', _key: 'v1', url: 'https://example.test' },
          { _type: 'imageWithAlt', _key: 'i1', alt: 'Peonies', markDefs: null, asset: null },
        ],
      },
      'page faq',
    );
    expect(page).not.toBeNull();
    const body = reshaper.richTextBlocks(page?.body);
    expect(body.map((b) => b._type)).toEqual(['block', 'imageWithAlt']);
    expect(body[0]).toMatchObject({
      custom: 'kept',
      markDefs: [{ _key: 'm1', href: '/pages/contact' }],
      children: [{ text: 'contact us' }, { _type: 'linebreak' }],
    });
    expect(body[1]).toMatchObject({ alt: 'Peonies', picture: null });

    const { log, warnings } = recordingLog();
    const broken = parseContent(
      ContentResults.page,
      {
        _type: 'page',
        body: [
          { _type: 'block', _key: 'b1', children: 'text' },
          { _type: 'block', _key: 'b2', children: [{ _type: 'span', _key: 's', text: 'kept' }] },
        ],
      },
      'page faq',
      log,
    );
    expect(broken?.body?.map((b) => b._key)).toEqual(['b2']);
    expect(warnings()).toEqual([expect.objectContaining({ path: 'body[0]', element: 'rich-text block' })]);
  });

  test("a product card's sale gates are strict: its own card fails the read (fail closed); in a list, that card is left out", () => {
    const gated = { ...card('private-garden'), password: { passwordProtectPage: 'yes', productCardText: 'Members only' } };
    const err = thrown(() => parseContent(ContentResults.productCardByHandle, gated, 'product card private-garden'));
    expect(err).toMatchObject({ name: 'UpstreamError', upstream: 'content', status: 502 });
    expect(messageOf(err)).toContain('password.passwordProtectPage');
    const listed = parseContent(ContentResults.productCards, [card('peonies'), { ...gated, slug: 'x' }], 'product cards');
    expect(listed.map((c) => c.slug)).toEqual(['peonies']);
    expect(() => parseContent(ContentResults.productCards, [card('peonies', { productDrop: { enabled: 1 } })], 'product cards')).not.toThrow();
  });

  test('a document whose identity is broken still fails: site settings without a string id', () => {
    const err = thrown(() => parseContent(ContentResults.siteSettings, { id: 42, siteTitle: 'Gramercy Stems' }, 'site settings'));
    expect(err).toMatchObject({ upstream: 'content', status: 502 });
    expect(messageOf(err)).toMatch(/^content: malformed site settings: id: /);
  });
});

describe('UpstreamData', () => {
  // The real config (local mode) from the test harness; the content lake is a stub.
  let config: Config;
  beforeAll(async () => {
    const t = await startTestApp();
    config = t.config;
    await t.stop();
  });

  /** UpstreamData over a content lake answering `doc` to every query (no Storefront API). */
  function dataOver(doc: unknown) {
    const records: Array<{ level: number; msg: string; err?: { message?: string } }> = [];
    const log = pino(
      { level: 'debug' },
      {
        write: (line: string) => {
          records.push(JSON.parse(line));
        },
      },
    );
    const content: ContentClient = {
      sanity: createClient({ projectId: 'test', dataset: 'test', apiVersion: '2025-01-01', useCdn: false }),
      fetch: async () => doc,
    };
    const data = new UpstreamData({
      config,
      cache: new MemoryCache(log),
      content,
      log,
      storefront: () => {
        throw new Error('no Storefront API in this test');
      },
    });
    return { data, errors: () => records.filter((r) => r.level === pino.levels.values.error) };
  }

  test('site settings broken where nothing may degrade are the logged error marker (spec §8)', async () => {
    const { data, errors } = dataOver({ id: ['siteSettings'], siteTitle: 'Gramercy Stems' });
    const result = await data.siteSettings();
    expect(result).toMatchObject({ isError: true, settings: null });
    expect(result.isError && result.error).toBeInstanceOf(UpstreamError);
    expect(errors()).toEqual([
      expect.objectContaining({
        msg: 'site settings fetch failed',
        err: expect.objectContaining({ message: expect.stringContaining('site settings: id') }),
      }),
    ]);
  });

  test('a content read that is not the shape at all rejects with the content error', async () => {
    const { data } = dataOver({ cards: [card('peonies')] });
    await expect(data.productCards()).rejects.toMatchObject({ name: 'UpstreamError', upstream: 'content', status: 502 });
  });
});

describe('through the app', () => {
  let contentDir: string;

  /** The seed content with `edit` applied to each document. */
  function contentWith(edit: (doc: Record<string, unknown>) => Record<string, unknown>): string {
    contentDir = mkdtempSync(path.join(os.tmpdir(), 'gs-content-'));
    const lines = readFileSync(path.join(DEFAULT_CONTENT_DIR, 'dataset.ndjson'), 'utf8')
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.stringify(edit(JSON.parse(line))));
    writeFileSync(path.join(contentDir, 'dataset.ndjson'), `${lines.join('\n')}\n`);
    copyFileSync(path.join(DEFAULT_CONTENT_DIR, 'catalog.json'), path.join(contentDir, 'catalog.json'));
    symlinkSync(path.join(DEFAULT_CONTENT_DIR, 'images'), path.join(contentDir, 'images'));
    return contentDir;
  }
  afterEach(() => rmSync(contentDir, { recursive: true, force: true }));

  test('a string image dimension, a rich-text block without children and a numeric card slug: the home page renders 200 without those elements, each logged once', async () => {
    const HERO_ASSET = 'image-72fb5bc0a8a78d9b571c37f65de78c4abfb2b18a-2400x1600-svg';
    let now = Date.now();
    const { log, warnings } = recordingLog();
    const t = await startTestApp({
      log,
      cache: (l) => new MemoryCache(l, { now: () => now }),
      contentDir: contentWith((doc) => {
        // The home hero's asset, with its width as a string (the auditor's "2400").
        if (doc._id === HERO_ASSET) {
          const metadata = doc.metadata as { dimensions: Record<string, unknown> };
          return { ...doc, metadata: { ...metadata, dimensions: { ...metadata.dimensions, width: '2400' } } };
        }
        if (doc._id === 'productCard-lilac-hour-bouquet') return { ...doc, slug: { _type: 'slug', current: 42 } };
        if (doc._type === 'homepage') {
          const modules = (doc.modules as Array<Record<string, unknown>>).map((m) =>
            m._key === 'studio' ? { ...m, body: [{ _type: 'block', _key: 'broken', children: 'text' }, ...(m.body as unknown[])] } : m,
          );
          return { ...doc, modules };
        }
        return doc;
      }),
    });
    try {
      const page = await request(t.app).get('/');
      expect(page.status).toBe(200);
      expect(page.text).not.toContain(HERO_ASSET.split('-')[1]);

      const payload = await request(t.app).get('/__payload/home');
      expect(payload.status).toBe(200);
      const modules = payload.body.modules as Array<{
        type: string;
        key: string;
        image?: unknown;
        body?: { html: string };
        products?: Array<{ handle: string }>;
      }>;
      expect(modules.map((m) => m.key)).toEqual(['hero', 'bestsellers', 'studio', 'collections', 'subscriptions', 'quote']);
      expect(modules[0]).toMatchObject({ type: 'hero', image: null });
      expect(modules[1].products?.map((p) => p.handle)).not.toContain('lilac-hour-bouquet');
      expect(modules[1].products?.length).toBe(6);
      expect(modules[2].type).toBe('editorialSplit');
      // The module's other blocks, as the HTML the page shows.
      expect(modules[2].body?.html).toMatch(/^<p[ >]/);
      // The other images are all there.
      expect(modules[2].image).not.toBeNull();

      const homeWarnings = () => warnings().filter((w) => w.content === 'homepage');
      expect(homeWarnings().map((w) => [w.path, w.element])).toEqual([
        ['modules[0].image', 'image'],
        ['modules[1].products[5].slug', 'text'],
        ['modules[2].body[0]', 'rich-text block'],
      ]);
      // The next reads of the document (the cache expired) parse it again: nothing more is logged.
      now += FRESH_MS + STALE_MS + 1000;
      expect((await request(t.app).get('/__payload/home')).status).toBe(200);
      await t.cache.whenIdle();
      expect(homeWarnings()).toHaveLength(3);
      // Pages that list the card leave it out too, and still render.
      expect((await request(t.app).get('/products')).status).toBe(200);
    } finally {
      await t.stop();
    }
  });

  // (GROQ's `headerMenu[]{…}` projects a non-array as null, so through the lake the malformed
  // field is one projected as stored: `keywords`.)
  test('site settings whose keywords are not an array: every page renders, without keywords', async () => {
    const t = await startTestApp({
      contentDir: contentWith((doc) => (doc._type === 'siteSettings' ? { ...doc, keywords: 'peonies-only-keyword' } : doc)),
    });
    try {
      const root = await request(t.app).get('/__payload/root');
      expect(root.status).toBe(200);
      expect(root.body).toMatchObject({ isError: false, settings: { keywords: [] } });
      const page = await request(t.app).get('/products');
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('peonies-only-keyword');
    } finally {
      await t.stop();
    }
  });

  test('a home module of an unknown type is skipped and the home page still renders', async () => {
    const t = await startTestApp({
      contentDir: contentWith((doc) =>
        doc._type === 'homepage'
          ? {
              ...doc,
              modules: [{ _key: 'new', _type: 'videoBanner', title: 'From a newer schema' }, ...(Array.isArray(doc.modules) ? doc.modules : [])],
            }
          : doc,
      ),
    });
    try {
      const res = await request(t.app).get('/__payload/home');
      expect(res.status).toBe(200);
      expect(res.body.modules.map((m: { type: string }) => m.type)).toEqual([
        'hero',
        'productCarousel',
        'editorialSplit',
        'collectionTiles',
        'editorialSplit',
        'quote',
      ]);
      const page = await request(t.app).get('/');
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('From a newer schema');
    } finally {
      await t.stop();
    }
  });
});
