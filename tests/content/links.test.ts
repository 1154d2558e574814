/**
 * Link resolution (spec §2 route resolution) over the seeded dataset and shared/links.ts:
 * every stored menu link resolves; a page that has a document is linked by reference, never
 * stored as a url (a url link would open it in a new tab); only absolute urls open a new tab.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isExternalHref, resolveRoute, toNavLink } from '../../shared/links';

type Doc = { _id: string; _type: string; slug?: { current: string }; [key: string]: unknown };
type StoredLink = { _type: 'link'; _key: string; title: string; isExternal: boolean; url?: string; page?: { _ref: string } };

const docs: Doc[] = readFileSync(join(__dirname, '../../content/dataset.ndjson'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line));
const published = docs.filter((d) => !d._id.startsWith('drafts.'));
const byId = new Map(published.map((d) => [d._id, d]));

const links: StoredLink[] = [];
const walk = (value: unknown) => {
  if (Array.isArray(value)) value.forEach(walk);
  else if (value && typeof value === 'object') {
    // Menu links (rich text `link` mark defs carry an `href` instead, and are checked by the render suite).
    if ((value as { _type?: string })._type === 'link' && !('href' in value)) links.push(value as StoredLink);
    Object.values(value).forEach(walk);
  }
};
walk(published);

/** A stored link with its page reference dereferenced, as the LINK projection returns it. */
const dereferenced = (link: StoredLink) => {
  const target = link.page ? byId.get(link.page._ref) : undefined;
  return { ...link, page: target ? { _type: target._type, slug: target.slug?.current ?? null } : null };
};

/** Every path some document owns (spec §2 by page type and by type plus slug). */
const documentPaths = new Set(published.flatMap((d) => resolveRoute({ _type: d._type, slug: d.slug?.current }) ?? []));

describe('the dataset’s menu links', () => {
  test('there are header, footer and alert links to check', () => {
    expect(links.length).toBeGreaterThan(10);
  });

  test.each(links.map((l) => [l.title, l]))('%s resolves to a destination', (_title, link) => {
    expect(toNavLink(dereferenced(link))).not.toBeNull();
  });

  test('no page that has a document is stored as a url', () => {
    const storedAsUrl = links.filter((l) => l.url && documentPaths.has(l.url)).map((l) => `${l.title} → ${l.url}`);
    expect(storedAsUrl).toEqual([]);
    expect([...documentPaths]).toEqual(expect.arrayContaining(['/pages/contact', '/journal', '/works', '/photo-stream', '/pages/retail-partners']));
  });

  test('only absolute urls open a new tab', () => {
    for (const link of links) {
      const nav = toNavLink(dereferenced(link))!;
      expect({ title: link.title, external: nav.external }).toEqual({ title: link.title, external: /^https?:\/\//.test(nav.href) });
    }
  });
});

describe('toNavLink and resolveRoute (shared/links.ts)', () => {
  test.each([
    ['homepage', undefined, '/'],
    ['contactPage', undefined, '/pages/contact'],
    ['aboutPage', undefined, '/about'],
    ['retailPartners', undefined, '/pages/retail-partners'],
    ['journalListPage', undefined, '/journal'],
    ['worksListPage', undefined, '/works'],
    ['membershipPage', undefined, '/membership'],
    ['collectionsListPage', undefined, '/collections'],
    ['photoStream', undefined, '/photo-stream'],
    ['collection', 'bouquets', '/collections/bouquets'],
    ['productCollection', 'bouquets', '/collections/bouquets'],
    ['product', 'peony-cloud', '/products/peony-cloud'],
    ['productCard', 'peony-cloud', '/products/peony-cloud'],
    ['journalEntry', 'tulips', '/journal/tulips'],
    ['work', 'wedding', '/works/wedding'],
    ['photoStreamItem', 'lilac-hour', '/photo-stream/lilac-hour'],
    ['page', 'faq', '/faq'],
  ])('%s %s → %s', (type, slug, path) => {
    expect(resolveRoute({ _type: type, slug })).toBe(path);
    expect(toNavLink({ title: 'x', page: { _type: type, slug } })).toEqual({ key: '', title: 'x', href: path, external: false });
  });

  test('a slug-routed type without a slug, or an unknown type, has no route', () => {
    expect(resolveRoute({ _type: 'journalEntry' })).toBeNull();
    expect(resolveRoute({ _type: 'mystery', slug: 'x' })).toBeNull();
    expect(toNavLink({ title: 'gone', page: null })).toBeNull();
  });

  test('explicit urls: absolute ones open a new tab; a root-relative internal one stays; other schemes are refused', () => {
    expect(toNavLink({ title: 'IG', url: 'https://www.instagram.com/x', isExternal: true })?.external).toBe(true);
    expect(toNavLink({ title: 'IG', url: 'https://www.instagram.com/x', isExternal: false })?.external).toBe(true);
    expect(toNavLink({ title: 'Shop', url: '/products', isExternal: false })).toEqual({ key: '', title: 'Shop', href: '/products', external: false });
    expect(toNavLink({ title: 'x', url: '//evil.example/x' })).toBeNull();
    expect(toNavLink({ title: 'x', url: 'javascript:alert(1)' })).toBeNull();
  });

  test('isExternalHref', () => {
    for (const href of ['https://a.b', 'mailto:a@b.c', 'tel:+1', '//cdn.example/x']) expect(isExternalHref(href)).toBe(true);
    for (const href of ['/journal', '/pages/contact?x=1', 'faq']) expect(isExternalHref(href)).toBe(false);
  });
});
