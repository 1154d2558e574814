/**
 * `/sitemap.xml`, `/sitemaps/{type}.xml` and `/robots.txt`: well-formed XML
 * (checked by the small parser below: no XML library is installed), absolute URLs from
 * SITE_URL, `lastmod` from the documents, every live URL exactly once and answering 200, no
 * redirect sources, no personal or password-protected pages; robots text exact; both cacheable.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { MemoryCache } from '../../server/cache';
import { RedirectTable } from '../../server/redirects/table';
import { loadSitemaps, SITEMAP_NAMES } from '../../server/sitemap/entries';
import { escapeXml, urlsetXml } from '../../server/sitemap/xml';
import type { ContentClient } from '../../server/upstream/content/client';
import { startTestApp, type TestApp } from '../support/app';

// --- A strict little XML parser (elements, attributes, text, the five entities, &#N;) ------

type XmlElement = { name: string; attrs: Record<string, string>; children: XmlElement[]; text: string };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const NAME = /^[A-Za-z_][\w.-]*(:[A-Za-z_][\w.-]*)?/;

function decodeEntities(raw: string): string {
  if (/[<]/.test(raw)) throw new Error(`raw "<" in text: ${raw}`);
  return raw.replace(/&([^;]*);|&/g, (whole, name: string | undefined) => {
    if (name === undefined) throw new Error(`bare "&" in ${raw}`);
    if (name in ENTITIES) return ENTITIES[name];
    const num = /^#(x[0-9a-f]+|\d+)$/i.exec(name);
    if (num) return String.fromCodePoint(num[1][0] === 'x' ? parseInt(num[1].slice(1), 16) : Number(num[1]));
    throw new Error(`unknown entity ${whole}`);
  });
}

/** Parse a whole document: optional declaration, one root element, nothing after it but space. */
function parseXml(xml: string): XmlElement {
  let i = 0;
  const fail = (what: string) => {
    throw new Error(`${what} at ${i}: ${JSON.stringify(xml.slice(i, i + 40))}`);
  };
  const space = () => {
    while (/\s/.test(xml[i] ?? '')) i++;
  };
  if (xml.startsWith('<?xml')) {
    const end = xml.indexOf('?>');
    if (end < 0 || !/^<\?xml version="1\.0" encoding="UTF-8"\?>$/.test(xml.slice(0, end + 2))) fail('bad declaration');
    i = end + 2;
  }
  const element = (): XmlElement => {
    if (xml[i] !== '<') fail('expected <');
    i++;
    const name = NAME.exec(xml.slice(i))?.[0] ?? fail('element name');
    i += name.length;
    const attrs: Record<string, string> = {};
    for (;;) {
      const before = i;
      space();
      if (xml.startsWith('/>', i)) {
        i += 2;
        return { name, attrs, children: [], text: '' };
      }
      if (xml[i] === '>') {
        i++;
        break;
      }
      if (i === before) fail('expected space before attribute');
      const attr = NAME.exec(xml.slice(i))?.[0] ?? fail('attribute name');
      i += attr.length;
      if (xml[i] !== '=' || xml[i + 1] !== '"') fail('expected ="');
      const end = xml.indexOf('"', i + 2);
      if (end < 0) fail('unterminated attribute');
      if (attr in attrs) fail(`duplicate attribute ${attr}`);
      attrs[attr] = decodeEntities(xml.slice(i + 2, end));
      i = end + 1;
    }
    const children: XmlElement[] = [];
    let text = '';
    for (;;) {
      const next = xml.indexOf('<', i);
      if (next < 0) fail(`unclosed <${name}>`);
      text += decodeEntities(xml.slice(i, next));
      i = next;
      if (xml.startsWith('</', i)) {
        i += 2;
        if (!xml.startsWith(`${name}>`, i)) fail(`expected </${name}>`);
        i += name.length + 1;
        return { name, attrs, children, text: children.length ? text.trim() : text };
      }
      if (xml.startsWith('<!--', i) || xml.startsWith('<?', i) || xml.startsWith('<!', i)) fail('unexpected markup');
      children.push(element());
    }
  };
  space();
  const root = element();
  space();
  if (i !== xml.length) fail('content after the root element');
  return root;
}

/** The one child named `name` (fails on zero or several). */
function only(parent: XmlElement, name: string): XmlElement {
  const found = parent.children.filter((c) => c.name === name);
  if (found.length !== 1) throw new Error(`<${parent.name}> has ${found.length} <${name}>`);
  return found[0];
}

describe('the test parser itself', () => {
  test('accepts well-formed XML and decodes entities', () => {
    const doc = parseXml('<?xml version="1.0" encoding="UTF-8"?>\n<a x="1&amp;2"><b>&lt;&#65;&gt;</b><c/></a>\n');
    expect(doc).toMatchObject({ name: 'a', attrs: { x: '1&2' }, children: [{ name: 'b', text: '<A>' }, { name: 'c' }] });
  });
  test.each(['<a><b></a></b>', '<a>&</a>', '<a>x', '<a></a><b></b>', '<a>&nbsp;</a>', '<a x="1" x="2"></a>', '<a><!-- c --></a>'])(
    'rejects %s',
    (bad) => expect(() => parseXml(bad)).toThrow(),
  );
});

// --- Pure parts ------------------------------------------------------------------------------

describe('XML building (unit)', () => {
  test('text is escaped', () => {
    expect(escapeXml(`a&b<c>"d"'e'`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;');
    const xml = urlsetXml('https://shop.example', [{ path: '/a&b<c>', lastmod: null }]);
    const root = parseXml(xml);
    expect(only(only(root, 'url'), 'loc').text).toBe('https://shop.example/a&b<c>');
    expect(only(root, 'url').children.map((c) => c.name)).toEqual(['loc']);
  });
});

describe('loadSitemaps (unit, fake lake)', () => {
  const doc = (_type: string, slug: string | null, extra: object = {}) => ({
    _type,
    slug,
    _updatedAt: '2026-02-01T00:00:00Z',
    locked: false,
    active: true,
    ...extra,
  });
  const documents = [
    doc('productCard', 'open'),
    doc('productCard', 'locked', { locked: true }),
    doc('productCard', 'retired', { active: false }),
    doc('productCard', 'no-such-product'),
    doc('productCard', 'newest', { _updatedAt: '2026-03-05T10:00:00Z' }),
    doc('homepage', null),
    doc('page', 'faq'),
    doc('page', 'moved'),
    doc('page', 'cart'),
    doc('aboutPage', 'about'),
    doc('aboutPage', 'about', { _updatedAt: '2026-04-01T00:00:00Z' }),
    doc('journalEntry', 'a b'),
    doc('unknownType', 'x'),
  ];
  const fake = () =>
    loadSitemaps({
      content: { fetch: async () => documents, sanity: null } as unknown as ContentClient,
      cache: new MemoryCache(pino({ level: 'silent' })),
      redirects: { table: async () => RedirectTable.build([{ id: 'r', source: '/moved', destination: '/faq', permanent: true }]) },
      productHandles: async () => ['open', 'locked', 'retired', 'newest'],
    });

  test('only live, listable URLs, once each, with the latest lastmod', async () => {
    const sitemaps = await fake();
    expect(sitemaps.products).toEqual([
      { path: '/products', lastmod: '2026-03-05T10:00:00.000Z' },
      { path: '/products/newest', lastmod: '2026-03-05T10:00:00.000Z' },
      { path: '/products/open', lastmod: '2026-02-01T00:00:00.000Z' },
    ]);
    expect(sitemaps.pages).toEqual([
      { path: '/', lastmod: '2026-02-01T00:00:00.000Z' },
      { path: '/about', lastmod: '2026-04-01T00:00:00.000Z' },
      { path: '/faq', lastmod: '2026-02-01T00:00:00.000Z' },
    ]);
    expect(sitemaps.journal).toEqual([{ path: '/journal/a%20b', lastmod: '2026-02-01T00:00:00.000Z' }]);
    expect(Object.keys(sitemaps)).toEqual([...SITEMAP_NAMES]);
  });
});

// --- Through the app ---------------------------------------------------------------------------

const SITE = 'https://www.gramercystems.test';
const XML_TYPE = /^application\/xml; charset=utf-8$/;
const SEO_CACHE = 'public, max-age=0, s-maxage=300, stale-while-revalidate=86400';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { SITE_URL: SITE } });
});
afterAll(() => t?.stop());

/** Every `<url>` of every sitemap: path (SITE removed), lastmod, and the sitemap it came from. */
async function allUrls(): Promise<{ sitemap: string; path: string; lastmod: string | undefined }[]> {
  const urls = [];
  for (const name of SITEMAP_NAMES) {
    const res = await request(t.app).get(`/sitemaps/${name}.xml`);
    expect(res.status).toBe(200);
    const root = parseXml(res.text);
    expect(root.name).toBe('urlset');
    for (const url of root.children) {
      expect(url.name).toBe('url');
      const loc = only(url, 'loc').text;
      expect(loc.startsWith(`${SITE}/`)).toBe(true);
      urls.push({ sitemap: name, path: loc.slice(SITE.length), lastmod: url.children.find((c) => c.name === 'lastmod')?.text });
    }
  }
  return urls;
}

/** The seeded documents' `_updatedAt` by `_type/slug`. */
function seededUpdatedAt(): Map<string, string> {
  const lines = readFileSync(path.resolve(__dirname, '../../content/dataset.ndjson'), 'utf8').trim().split('\n');
  const map = new Map<string, string>();
  for (const doc of lines.map((l) => JSON.parse(l)))
    if (!doc._id.startsWith('drafts.')) map.set(`${doc._type}/${doc.slug?.current ?? ''}`, doc._updatedAt);
  return map;
}

describe('GET /sitemap.xml', () => {
  test('an index of one sitemap per type, absolute, dated, XML, CDN-cacheable', async () => {
    const res = await request(t.app).get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(XML_TYPE);
    expect(res.headers['cache-control']).toBe(SEO_CACHE);
    expect(res.headers['set-cookie']).toBeUndefined();
    const root = parseXml(res.text);
    expect(root).toMatchObject({ name: 'sitemapindex', attrs: { xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9' } });
    expect(root.children.map((s) => only(s, 'loc').text)).toEqual(SITEMAP_NAMES.map((name) => `${SITE}/sitemaps/${name}.xml`));
    for (const sitemap of root.children) {
      expect(sitemap.name).toBe('sitemap');
      expect(Number.isNaN(Date.parse(only(sitemap, 'lastmod').text))).toBe(false);
    }
  });

  test('each sitemap is application/xml, cacheable; an unknown one is a 404', async () => {
    for (const name of SITEMAP_NAMES) {
      const res = await request(t.app).get(`/sitemaps/${name}.xml`);
      expect(res.headers['content-type']).toMatch(XML_TYPE);
      expect(res.headers['cache-control']).toBe(SEO_CACHE);
      expect(parseXml(res.text).attrs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    }
    expect((await request(t.app).get('/sitemaps/nope.xml')).status).toBe(404);
  });
});

describe('the URLs listed', () => {
  test('no URL twice, and the expected pages of every type are there', async () => {
    const urls = await allUrls();
    const paths = urls.map((u) => u.path);
    expect(new Set(paths).size).toBe(paths.length);
    const where = (p: string) => urls.find((u) => u.path === p)?.sitemap;
    expect(where('/products')).toBe('products');
    expect(where('/products/peony-cloud')).toBe('products');
    expect(where('/collections')).toBe('collections');
    expect(where('/collections/bouquets')).toBe('collections');
    expect(where('/journal')).toBe('journal');
    expect(where('/journal/peony-season-is-here')).toBe('journal');
    expect(where('/works')).toBe('works');
    expect(where('/works/gramercy-park-wedding')).toBe('works');
    expect(where('/photo-stream')).toBe('photo-stream');
    expect(where('/photo-stream/lilac-hour')).toBe('photo-stream');
    for (const page of ['/', '/about', '/membership', '/pages/contact', '/pages/retail-partners', '/faq', '/delivery-information'])
      expect(where(page)).toBe('pages');
  });

  test('nothing personal, technical, password-protected or redirected', async () => {
    const paths = (await allUrls()).map((u) => u.path);
    expect(paths.filter((p) => /^\/(cart|accounts|api|__payload|404)(\/|$)/.test(p))).toEqual([]);
    expect(paths).not.toContain('/products/the-private-garden');
    for (const legacy of ['/send-flowers', '/blog', '/blogs', '/journals', '/work', '/products/peony-bouquet']) expect(paths).not.toContain(legacy);
  });

  test('lastmod is the document’s _updatedAt', async () => {
    const seeded = seededUpdatedAt();
    const urls = await allUrls();
    const lastmod = (p: string) => urls.find((u) => u.path === p)?.lastmod;
    const iso = (s: string | undefined) => (s ? new Date(s).toISOString() : s);
    expect(lastmod('/journal/peony-season-is-here')).toBe(iso(seeded.get('journalEntry/peony-season-is-here')));
    expect(lastmod('/products/peony-cloud')).toBe(iso(seeded.get('productCard/peony-cloud')));
    expect(lastmod('/collections/bouquets')).toBe(iso(seeded.get('collection/bouquets')));
    expect(lastmod('/pages/contact')).toBe(iso(seeded.get('contactPage/contact')));
  });

  test('every URL listed answers 200 through the app (not a redirect, not a 404)', async () => {
    const failures: string[] = [];
    for (const { path: p } of await allUrls()) {
      const res = await request(t.app).get(p);
      if (res.status !== 200) failures.push(`${p} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('GET /robots.txt', () => {
  test('disallows cart, accounts, api and payloads; names the sitemap; cacheable text', async () => {
    const res = await request(t.app).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe(SEO_CACHE);
    expect(res.text).toBe(
      [
        'User-agent: *',
        'Disallow: /cart',
        'Disallow: /accounts',
        'Disallow: /api',
        'Disallow: /__payload',
        '',
        `Sitemap: ${SITE}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });
});
