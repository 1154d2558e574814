/**
 * Portable Text as the site renders it (server/upstream/content/rich-text.tsx, spec §3): every
 * mark (pageLink, link, imageWithAlt, underline, title, strike-through, linebreak) and every style
 * (normal, alignLeft, alignCenter, alignRight), after the server's reshape (pageLink targets
 * resolved by shared/links.ts, images through @sanity/image-url with crop and hotspot, a 10x10
 * blurred image as the blur-up placeholder, spec §9), and the page's RichText
 * (client/components/RichText.tsx) showing that HTML as it is. The seeded dataset is checked to
 * use them all.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { RichText } from '../../client/components/RichText';
import type { RichText as RichTextValue } from '../../shared/types';
import { contentImages } from '../../server/upstream/content/images';
import { ContentReshaper } from '../../server/upstream/content/reshape';
import { RichTextSchema } from '../../server/upstream/content/schemas';

const reshaper = new ContentReshaper(contentImages({ projectId: 'gramercy', dataset: 'production', imageOrigin: 'https://cdn.test' }));

/** The page's RichText inside a router (it routes in-app links), as static HTML. */
async function render(value: RichTextValue): Promise<string> {
  const routes = [{ path: '*', element: <RichText value={value} /> }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://shop.test/'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  return renderToStaticMarkup(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
}

/** Stored Portable Text (as the GROQ projection returns it) → parsed → reshaped to HTML → the page's RichText. */
const renderStored = (blocks: unknown[]) => render(reshaper.richText(RichTextSchema.parse(blocks)));

const span = (text: string, marks: string[] = []) => ({ _type: 'span', _key: text.slice(0, 8), text, marks });
const block = (children: object[], extra: object = {}) => ({
  _type: 'block',
  _key: Math.random().toString(36).slice(2),
  style: 'normal',
  markDefs: [],
  children,
  ...extra,
});

describe('marks', () => {
  test('pageLink: resolved from the linked document type and slug, an in-app link in the same tab', async () => {
    const html = await renderStored([
      block([span('Peony Cloud', ['m1']), span(' and '), span('contact us', ['m2'])], {
        markDefs: [
          { _type: 'pageLink', _key: 'm1', linked: { _type: 'productCard', slug: 'peony-cloud' } },
          { _type: 'pageLink', _key: 'm2', linked: { _type: 'contactPage', slug: 'contact' } },
        ],
      }),
    ]);
    expect(html).toContain('<a href="/products/peony-cloud">Peony Cloud</a>');
    expect(html).toContain('<a href="/pages/contact">contact us</a>');
    expect(html).not.toContain('target=');
  });

  test('pageLink to a missing document: the text stays, without a link', async () => {
    const html = await renderStored([block([span('gone', ['m1'])], { markDefs: [{ _type: 'pageLink', _key: 'm1', linked: null }] })]);
    expect(html).toContain('gone');
    expect(html).not.toContain('<a');
  });

  test('link: a web url opens in a new tab; mailto in place; a shop path routes in-app; javascript: is not a link', async () => {
    const html = await renderStored([
      block([span('wiki', ['a']), span('mail', ['b']), span('shop', ['c']), span('evil', ['d'])], {
        markDefs: [
          { _type: 'link', _key: 'a', href: 'https://en.wikipedia.org/wiki/Flower' },
          { _type: 'link', _key: 'b', href: 'mailto:hello@gramercystems.com' },
          { _type: 'link', _key: 'c', href: '/products' },
          { _type: 'link', _key: 'd', href: 'javascript:alert(1)' },
        ],
      }),
    ]);
    expect(html).toContain('<a href="https://en.wikipedia.org/wiki/Flower" target="_blank" rel="noopener noreferrer">wiki</a>');
    expect(html).toContain('<a href="mailto:hello@gramercystems.com">mail</a>');
    expect(html).toContain('<a href="/products">shop</a>');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('evil');
  });

  test.each([
    ['underline', '<u>word</u>'],
    ['strike-through', '<s>word</s>'],
    ['title', '<span class="rt-title">word</span>'],
    ['strong', '<strong>word</strong>'],
    ['em', '<em>word</em>'],
  ])('%s', async (mark, expected) => {
    expect(await renderStored([block([span('word', [mark])])])).toContain(expected);
  });

  test('linebreak: an inline <br>', async () => {
    const html = await renderStored([block([span('one'), { _type: 'linebreak', _key: 'br' }, span('two')])]);
    expect(html).toContain('<p>one<br/>two</p>');
  });

  test('imageWithAlt: a figure with the alt text, crop honoured through @sanity/image-url, and a 10x10 blurred placeholder', async () => {
    const html = await renderStored([
      {
        _type: 'imageWithAlt',
        _key: 'img',
        alt: 'Ranunculus with a ribbon',
        crop: { _type: 'sanity.imageCrop', top: 0.1, bottom: 0.1, left: 0, right: 0 },
        hotspot: { _type: 'sanity.imageHotspot', x: 0.5, y: 0.4, width: 0.5, height: 0.5 },
        asset: { _id: 'image-abc123-1600x2000-svg', width: 1600, height: 2000, lqip: 'data:image/jpeg;base64,AAAA' },
      },
    ]);
    expect(html).toMatch(/<figure class="rt-image">/);
    expect(html).toMatch(/<img[^>]*alt="Ranunculus with a ribbon"/);
    // The 10 % cut top and bottom: a 1600x1600 region starting 200 px down.
    expect(html).toContain('rect=0,200,1600,1600');
    expect(html).toMatch(/width="1600" height="1600"/);
    expect(html).toContain('https://cdn.test/images/gramercy/production/abc123-1600x2000.svg');
    // Spec §9: the placeholder is the image at 10x10, quality 50, blur 3 (not the lqip data URL),
    // lazy and at low priority like any secondary image.
    expect(html).toMatch(
      /<img class="picture__placeholder" src="https:\/\/cdn\.test\/[^"]*\?rect=0,200,1600,1600&amp;w=10&amp;auto=format&amp;h=10&amp;fit=crop&amp;q=50&amp;blur=3" alt="" loading="lazy" fetchPriority="low" decoding="async"\/>/,
    );
    expect(html).not.toContain('data:image');
    expect(html).toContain('loading="lazy"');
  });

  test('imageWithAlt without an asset renders nothing', async () => {
    expect(await renderStored([{ _type: 'imageWithAlt', _key: 'x', alt: 'none' }, block([span('after')])])).not.toContain('<figure');
  });
});

describe('styles', () => {
  test.each([
    ['normal', '<p>text</p>'],
    ['alignLeft', '<p class="align-left">text</p>'],
    ['alignCenter', '<p class="align-center">text</p>'],
    ['alignRight', '<p class="align-right">text</p>'],
    ['h2', '<h2>text</h2>'],
    ['h3', '<h3>text</h3>'],
    ['blockquote', '<blockquote>text</blockquote>'],
  ])('%s', async (style, expected) => {
    expect(await renderStored([block([span('text')], { style })])).toContain(expected);
  });

  test('an unknown block type is dropped, the rest still renders', async () => {
    const html = await renderStored([{ _type: 'youtubeEmbed', _key: 'y', url: 'https://example.com' }, block([span('kept')])]);
    expect(html).toBe('<div class="rich-text"><p>kept</p></div>');
  });

  test('empty rich text renders nothing', async () => {
    expect(reshaper.richText([])).toEqual({ html: '' });
    expect(await render({ html: '' })).toBe('');
  });

  test("the page's RichText shows the server's HTML as it is, in its wrapper", async () => {
    const value = reshaper.richText(RichTextSchema.parse([block([span('one & <two>', ['underline'])], { style: 'alignCenter' })]));
    expect(value.html).toBe('<p class="align-center"><u>one &amp; &lt;two&gt;</u></p>');
    expect(await render(value)).toBe(`<div class="rich-text">${value.html}</div>`);
  });
});

describe('the seeded dataset', () => {
  type Node = { _type?: string; style?: string; marks?: string[]; markDefs?: { _type: string }[]; [key: string]: unknown };
  const docs: Node[] = readFileSync(join(__dirname, '../../content/dataset.ndjson'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  const nodes: Node[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      nodes.push(value as Node);
      Object.values(value).forEach(walk);
    }
  };
  walk(docs.filter((d) => !String(d._id).startsWith('drafts.')));

  test('has at least one example of every spec §3 mark and style', () => {
    const styles = new Set(nodes.filter((n) => n._type === 'block').map((n) => n.style));
    for (const style of ['normal', 'alignLeft', 'alignCenter', 'alignRight']) expect(styles).toContain(style);
    const decorators = new Set(nodes.flatMap((n) => (n._type === 'span' ? (n.marks ?? []) : [])));
    for (const mark of ['underline', 'title', 'strike-through']) expect(decorators).toContain(mark);
    const defs = new Set(nodes.flatMap((n) => (n.markDefs ?? []).map((d) => d._type)));
    for (const def of ['pageLink', 'link']) expect(defs).toContain(def);
    const types = new Set(nodes.map((n) => n._type));
    for (const type of ['linebreak', 'imageWithAlt']) expect(types).toContain(type);
  });
});
