/**
 * The content boundary (server/upstream/content/schemas.ts): content lake results are parsed
 * where they enter (UpstreamData). A malformed document is a content UpstreamError (502), a 5xx
 * page for a route and the error marker for site settings (spec §8), never a TypeError deep in
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
import { UpstreamData } from '../../server/loaders/upstream-data';
import type { ContentClient } from '../../server/upstream/content/client';
import { contentImages } from '../../server/upstream/content/images';
import { ContentReshaper } from '../../server/upstream/content/reshape';
import { ContentResults, parseContent } from '../../server/upstream/content/schemas';
import { UpstreamError } from '../../server/upstream/errors';
import { startTestApp } from './support/app';

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

describe('parseContent', () => {
  test('a product card whose slug is a number is a content error naming the path, not a TypeError', () => {
    const err = thrown(() => parseContent(ContentResults.productCards, [card('peonies'), card(42)], 'product cards'));
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ upstream: 'content', status: 502 });
    expect(messageOf(err)).toMatch(/^content: malformed product cards: \[1\]\.slug: /);
  });

  test('site settings with header.headerMenu not an array is a content error', () => {
    const err = thrown(() => parseContent(ContentResults.siteSettings, { id: 'siteSettings', header: { headerMenu: 'Shop' } }, 'site settings'));
    expect(err).toMatchObject({ upstream: 'content', status: 502 });
    expect(messageOf(err)).toContain('header.headerMenu');
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

  test('a known home module that is malformed is still an error', () => {
    const err = thrown(() => parseContent(ContentResults.homepage, { modules: [{ _key: 'a', _type: 'hero', title: 7 }] }, 'homepage'));
    expect(messageOf(err)).toContain('modules[0].title');
  });

  test('rich text: unknown block types dropped, extra fields kept, pageLink hrefs resolved, broken blocks rejected', () => {
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
    const body = reshaper.richText(page?.body);
    expect(body.map((b) => b._type)).toEqual(['block', 'imageWithAlt']);
    expect(body[0]).toMatchObject({
      custom: 'kept',
      markDefs: [{ _key: 'm1', href: '/pages/contact' }],
      children: [{ text: 'contact us' }, { _type: 'linebreak' }],
    });
    expect(body[1]).toMatchObject({ alt: 'Peonies', picture: null });

    const err = thrown(() =>
      parseContent(ContentResults.page, { _type: 'page', body: [{ _type: 'block', _key: 'b1', children: 'text' }] }, 'page faq'),
    );
    expect(messageOf(err)).toContain('body[0].children');
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

  test('malformed site settings are the logged error marker (spec §8)', async () => {
    const { data, errors } = dataOver({ id: 'siteSettings', siteTitle: 'Gramercy Stems', header: { headerMenu: { title: 'Shop' } } });
    const result = await data.siteSettings();
    expect(result).toMatchObject({ isError: true, settings: null });
    expect(result.isError && result.error).toBeInstanceOf(UpstreamError);
    expect(errors()).toEqual([
      expect.objectContaining({
        msg: 'site settings fetch failed',
        err: expect.objectContaining({ message: expect.stringContaining('header.headerMenu') }),
      }),
    ]);
  });

  test('a malformed content read rejects with the content error', async () => {
    const { data } = dataOver([card('peonies'), card(42)]);
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
    copyFileSync(path.join(DEFAULT_CONTENT_DIR, 'catalogue.json'), path.join(contentDir, 'catalogue.json'));
    symlinkSync(path.join(DEFAULT_CONTENT_DIR, 'images'), path.join(contentDir, 'images'));
    return contentDir;
  }
  afterEach(() => rmSync(contentDir, { recursive: true, force: true }));

  test('a product card with a numeric slug: /products is a 502 error page, the payload a 502', async () => {
    // A card no site settings menu references, so the shell itself still renders.
    const t = await startTestApp({
      contentDir: contentWith((doc) => (doc._id === 'productCard-dried-flower-hat-box' ? { ...doc, slug: { _type: 'slug', current: 42 } } : doc)),
    });
    try {
      const page = await request(t.app).get('/products');
      expect(page.status).toBe(502);
      expect(page.text).toContain('Whoops something went wrong on our end. Please refresh the page and try again.');
      expect(page.text).not.toContain('TypeError');
      const payload = await request(t.app).get('/__payload/products');
      expect(payload.status).toBe(502);
      // Pages that do not read the product card list are unaffected.
      expect((await request(t.app).get('/faq')).status).toBe(200);
    } finally {
      await t.stop();
    }
  });

  // (GROQ's `headerMenu[]{…}` projects a non-array as null, so through the lake the malformed
  // field is one projected as stored: `keywords`.)
  test('site settings whose keywords are not an array: root isError, every page 500', async () => {
    const t = await startTestApp({
      contentDir: contentWith((doc) => (doc._type === 'siteSettings' ? { ...doc, keywords: 'flowers, bouquets' } : doc)),
    });
    try {
      const root = await request(t.app).get('/__payload/root');
      expect(root.status).toBe(200);
      expect(root.body.isError).toBe(true);
      expect((await request(t.app).get('/products')).status).toBe(500);
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
