/**
 * Every content route of spec §2 through HTTP with the real app and emulators: 200 with the
 * "Gramercy Stems | …" title and the canonical URL, 404 "Page Not Found: {path}" for unknown
 * slugs and pages, the lists' pagination (visible links and rel=prev/next in the head), their
 * intro, Article/BreadcrumbList JSON-LD, link resolution in the rendered pages, and the
 * payload endpoint serving every new route id.
 */
import request from 'supertest';
import type { RouteDataMap } from '../../shared/route-data';
import { startTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

const SITE = 'http://shop.test';
const PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

/** The head's <head> part only (so body links are never mistaken for head links). */
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1]?.replace(/&#38;/g, '&');
const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="([^"]*)"/)?.[1]?.replace(/&#38;/g, '&');
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
const headLink = (html: string, rel: string) =>
  headOf(html)
    .match(new RegExp(`<link rel="${rel}" href="([^"]*)"`))?.[1]
    ?.replace(/&#38;/g, '&');
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe.each([
  ['/journal', 'Journal'],
  ['/journal?page=2', 'Journal (page 2)'],
  ['/journal/peony-season-is-here', 'Peony Season Is Here'],
  ['/works', 'Works'],
  ['/works/gramercy-park-wedding', 'A Gramercy Park Wedding'],
  ['/photo-stream', 'Photo Stream'],
  ['/photo-stream/hydrangea-haul', 'Hydrangea haul'],
  ['/membership', 'Membership'],
  ['/about', 'About'],
  ['/pages/contact', 'Contact'],
  ['/pages/retail-partners', 'Retail Partners'],
  ['/delivery-information', 'Delivery Information'],
  ['/faq', 'FAQ'],
])('%s', (path, title) => {
  let res: request.Response;
  beforeAll(async () => {
    res = await request(t.app).get(path);
  });

  test('answers 200, CDN-cacheable, with its title and canonical', () => {
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(PAGE_CACHE);
    expect(titleOf(res.text)).toBe(`Gramercy Stems | ${title}`);
    expect(canonicalOf(res.text)).toBe(SITE + path);
  });

  test('renders its heading on the server', () => {
    expect(res.text).toMatch(/<h1[^>]*>/);
    expect(text(res.text)).toContain(title.replace(/ \(page \d+\)$/, ''));
  });
});

describe('unknown slugs and pages', () => {
  test.each([
    '/journal/no-such-entry',
    '/works/no-such-work',
    '/photo-stream/no-such-photo',
    '/pages/no-such-page',
    '/no-such-page',
    '/journal?page=99',
    '/journal?page=0',
    '/journal?page=abc',
    '/works?page=2',
  ])('%s → 404 "Page Not Found: {path}" (the path without its query)', async (url) => {
    const res = await request(t.app).get(url);
    expect(res.status).toBe(404);
    expect(text(res.text)).toContain(`Page Not Found: ${url.split('?')[0]}`);
  });
});

describe('lists', () => {
  test('/journal shows its intro, newest entries first, and links to page 2', async () => {
    const res = await request(t.app).get('/journal');
    const body = text(res.text);
    expect(body).toContain('Notes from the shop: what is in season');
    // Intro links resolve through shared/links.ts (a pageLink to the works list page).
    expect(res.text).toMatch(/<a[^>]*href="\/works"[^>]*>our works<\/a>/);
    expect(body.indexOf('Peony Season Is Here')).toBeLessThan(body.indexOf('Dressing the Spring Window'));
    expect(res.text).toContain('href="/journal/peony-season-is-here"');
    expect(headLink(res.text, 'next')).toBe(`${SITE}/journal?page=2`);
    expect(headLink(res.text, 'prev')).toBeUndefined();
    expect(res.text).toMatch(/<a[^>]*rel="next"[^>]*href="\/journal\?page=2"|<a[^>]*href="\/journal\?page=2"[^>]*rel="next"/);
    expect(res.text).toMatch(/aria-current="page"/);
  });

  test('/journal?page=2 has the older entries and a rel=prev back to the first page', async () => {
    const res = await request(t.app).get('/journal?page=2');
    expect(text(res.text)).toContain('Caring for Orchids');
    expect(text(res.text)).not.toContain('Peony Season Is Here');
    expect(headLink(res.text, 'prev')).toBe(`${SITE}/journal`);
    expect(headLink(res.text, 'next')).toBeUndefined();
  });

  test('/photo-stream is paginated too, and its tiles link to the items', async () => {
    const res = await request(t.app).get('/photo-stream');
    expect(text(res.text)).toContain('A daily picture from the shop floor.');
    expect(headLink(res.text, 'next')).toBe(`${SITE}/photo-stream?page=2`);
    expect(res.text).toContain('href="/photo-stream/dahlia-crates"');
  });

  test('/works has one page: no rel links, no pagination nav', async () => {
    const res = await request(t.app).get('/works');
    expect(headLink(res.text, 'next')).toBeUndefined();
    expect(headLink(res.text, 'prev')).toBeUndefined();
    expect(res.text).not.toContain('class="pagination"');
    expect(text(res.text)).toContain('Weddings, installations and events');
  });

  test('a draft never shows', async () => {
    const res = await request(t.app).get('/journal');
    expect(res.text).not.toContain('(Draft: new photos)');
  });
});

describe('structured data', () => {
  test('a journal entry has Article and BreadcrumbList JSON-LD', async () => {
    const res = await request(t.app).get('/journal/peony-season-is-here');
    const items = jsonLd(res.text);
    const article = items.find((i) => i['@type'] === 'Article');
    expect(article).toMatchObject({
      headline: 'Peony Season Is Here',
      datePublished: '2026-05-06',
      author: { '@type': 'Person', name: 'Maya Okafor' },
      url: `${SITE}/journal/peony-season-is-here`,
      publisher: { '@type': 'Organization', name: 'Gramercy Stems' },
    });
    expect(article.image[0]).toMatch(/^http/);
    const crumbs = items.find((i) => i['@type'] === 'BreadcrumbList');
    expect(crumbs.itemListElement.map((c: { item: string }) => c.item)).toEqual([
      `${SITE}/`,
      `${SITE}/journal`,
      `${SITE}/journal/peony-season-is-here`,
    ]);
    // The shell's own structured data is still there.
    expect(items.map((i) => i['@type'])).toEqual(expect.arrayContaining(['Organization', 'WebSite', 'Florist']));
  });

  test('a work has Article and BreadcrumbList JSON-LD, a photo BreadcrumbList', async () => {
    const work = jsonLd((await request(t.app).get('/works/winter-supper-club')).text).map((i) => i['@type']);
    expect(work).toEqual(expect.arrayContaining(['Article', 'BreadcrumbList']));
    const photo = jsonLd((await request(t.app).get('/photo-stream/orchid-corner')).text).map((i) => i['@type']);
    expect(photo).toContain('BreadcrumbList');
    expect(photo).not.toContain('Article');
  });
});

describe('pages', () => {
  test('a journal entry shows its date (the calendar day as stored), author, body and image', async () => {
    const res = await request(t.app).get('/journal/peony-season-is-here');
    const body = text(res.text);
    expect(body).toContain('May 6, 2026');
    expect(body).toContain('By Maya Okafor');
    expect(res.text).toMatch(/<a[^>]*href="\/products\/peony-cloud"[^>]*>Peony Cloud<\/a>/);
    expect(res.text).toMatch(/<img[^>]*alt="Blush and cream peonies crowded together"/);
  });

  test('a work shows its client and gallery', async () => {
    const res = await request(t.app).get('/works/gramercy-park-wedding');
    expect(text(res.text)).toContain('For Eliza & Tom');
    expect(res.text).toMatch(/<img[^>]*alt="The bridal bouquet in ivory and green"/);
  });

  test('a photo-stream item opened directly is a full page with its neighbours', async () => {
    const res = await request(t.app).get('/photo-stream/hydrangea-haul');
    expect(res.text).not.toContain('<dialog');
    expect(res.text).not.toContain('class="photo-grid"');
    expect(text(res.text)).toContain('Straight from the Hudson Valley, still wet.');
    expect(res.text).toContain('href="/photo-stream"');
    expect(res.text).toMatch(/href="\/photo-stream\/[a-z-]+"/);
  });

  test('contact shows the address, a tel: link and a mailto: link', async () => {
    const res = await request(t.app).get('/pages/contact');
    expect(text(res.text)).toContain('142 East 20th Street, New York, NY 10003');
    expect(res.text).toContain('href="tel:+12125550142"');
    expect(res.text).toContain('href="mailto:hello@gramercystems.com"');
  });

  test('retail partners open in a new tab', async () => {
    const res = await request(t.app).get('/pages/retail-partners');
    expect(res.text).toMatch(/<a href="https:\/\/irvingplaceprovisions\.example" target="_blank" rel="noopener noreferrer">Irving Place Provisions/);
  });

  test('membership lists its tiers with prices', async () => {
    const body = text((await request(t.app).get('/membership')).text);
    expect(body).toContain('Patron');
    expect(body).toContain('$25.00 / month');
  });
});

describe('link resolution in the shell (spec §2)', () => {
  test('header and footer page links are internal (same tab); only explicit urls open a new tab', async () => {
    const res = await request(t.app).get('/about');
    const anchors = [...res.text.matchAll(/<a\b([^>]*)>/g)].map((m) => m[1]);
    const attrsFor = (href: string) => anchors.filter((a) => a.includes(`href="${href}"`));
    for (const href of ['/pages/contact', '/journal', '/works', '/membership', '/pages/retail-partners', '/products']) {
      const found = attrsFor(href);
      expect({ href, found: found.length > 0 }).toEqual({ href, found: true });
      for (const attrs of found) expect({ href, attrs }).toEqual({ href, attrs: expect.not.stringContaining('target="_blank"') });
    }
    for (const attrs of attrsFor('https://www.instagram.com/gramercystems')) expect(attrs).toContain('target="_blank"');
  });
});

describe('GET /__payload for the editorial routes', () => {
  test.each([
    ['journal', '', (b: RouteDataMap['journal']) => expect(b.list.pagination).toMatchObject({ page: 1, pageCount: 2, next: '/journal?page=2' })],
    ['journal', '?page=2', (b: RouteDataMap['journal']) => expect(b.list.pagination).toMatchObject({ page: 2, prev: '/journal' })],
    ['works', '', (b: RouteDataMap['works']) => expect(b.list.items).toHaveLength(3)],
    ['photoStream', '?page=2', (b: RouteDataMap['photoStream']) => expect(b.list.items.length).toBeGreaterThan(0)],
    ['journalEntry', '?slug=how-to-make-tulips-last', (b: RouteDataMap['journalEntry']) => expect(b.entry.author).toBe('Maya Okafor')],
    ['work', '?slug=flatiron-lobby-installation', (b: RouteDataMap['work']) => expect(b.work.gallery.length).toBe(1)],
    ['photoStreamItem', '?slug=lilac-hour', (b: RouteDataMap['photoStreamItem']) => expect(b.item.image?.src).toMatch(/[?&]w=1000(&|$)/)],
    ['membership', '', (b: RouteDataMap['membership']) => expect(b.tiers.map((x) => x.name)).toEqual(['Friend', 'Patron'])],
    ['contact', '', (b: RouteDataMap['contact']) => expect(b.contact.email).toBe('hello@gramercystems.com')],
    ['retailPartners', '', (b: RouteDataMap['retailPartners']) => expect(b.partners).toHaveLength(3)],
  ])('%s%s', async (route, query, check) => {
    const res = await request(t.app).get(`/__payload/${route}${query}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(PAGE_CACHE);
    check(res.body);
  });

  test.each([
    ['/__payload/journalEntry?slug=nope', 'Page Not Found: /journal/nope'],
    ['/__payload/work?slug=nope', 'Page Not Found: /works/nope'],
    ['/__payload/photoStreamItem?slug=nope', 'Page Not Found: /photo-stream/nope'],
    ['/__payload/journal?page=9', 'Page Not Found: /journal'],
  ])('%s → 404', async (url, message) => {
    const res = await request(t.app).get(url);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 404, message });
  });
});
