/**
 * The seeded dataset (content/): catalog and content documents agree with each other,
 * every reference and image resolves, the handles other parts rely on have the stated
 * properties, and the generator reproduces the committed files byte for byte.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { generate } from '../../content/scripts/generate';
import { calendarFor, DEFAULT_SCHEDULER_RULES } from '../../emulators/scheduler/rules';
import { resolveRoute } from '../../shared/links';

const CONTENT = join(__dirname, '../../content');

type Variant = {
  id: number;
  sku: string;
  options: Record<string, string>;
  price: string;
  compareAtPrice: string | null;
  quantityAvailable: number;
  image: number;
};
type Product = {
  id: number;
  handle: string;
  title: string;
  tags: string[];
  options: { name: string; values: string[] }[];
  images: { file: string; altText: string; width: number; height: number }[];
  videos?: { file: string; altText: string; width: number; height: number; previewImage: number; formats: string[] }[];
  variants: Variant[];
  sellingPlanGroups: { sellingPlans: { id: number; name: string; priceAdjustment: { percentage: number } }[] }[];
};
type Collection = { id: number; handle: string; image: { file: string }; products: string[] };
/** The fields of stored content objects (documents and the objects inside them) these tests read. */
type ContentObject = {
  _type?: string;
  _key?: string;
  _ref?: string;
  asset?: { _ref?: string };
  alt?: string | null;
  crop?: object;
  hotspot?: object;
  marks?: string[];
  markDefs?: { _type: string }[];
  style?: string;
  [field: string]: unknown;
};
type Doc = ContentObject & { _id: string; _type: string; title?: string };
type SlugDoc = Doc & { slug: { current: string } };
type ImageAssetDoc = Doc & { originalFilename: string; path: string; metadata: { dimensions: { width: number; height: number }; lqip: string } };
type SiteSettingsDoc = Doc & {
  siteUrl: string;
  header: {
    headerMenu: unknown[];
    headerMegaMenu: { navItems: { products: unknown[] }[] };
    rightHeaderMenu: unknown[];
    primaryHeaderLink: { url: string };
    primaryLinkProducts: unknown[];
    announcementBarSettings: { enabled: boolean };
  };
  footer: { text: unknown[]; footerMenu: { links: { title: string; page?: { _ref: string }; url?: string }[] } };
  alerts: { floatingAlertButton: { enabled: boolean } };
  cartData: { cartTitle: string; pickupAddress: string };
  pdpSettings: { defaultPDPAccordionItems: { key: string; title: string }[] };
};
/** Filters documents by `_type`, as the document type `T` the test expects for it. */
const ofType =
  <T extends Doc>(type: string) =>
  (d: Doc): d is T =>
    d._type === type;

const catalog: { products: Product[]; collections: Collection[] } = JSON.parse(readFileSync(join(CONTENT, 'catalog.json'), 'utf8'));
const docs: Doc[] = readFileSync(join(CONTENT, 'dataset.ndjson'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line));
const published = docs.filter((d) => !d._id.startsWith('drafts.'));
const byId = new Map(docs.map((d) => [d._id, d]));
const product = (handle: string) => catalog.products.find((p) => p.handle === handle)!;
const card = (handle: string) => published.filter(ofType<SlugDoc>('productCard')).find((d) => d.slug.current === handle)!;

/** Every object anywhere inside `value` (depth first). */
function objectsIn(value: unknown): ContentObject[] {
  if (Array.isArray(value)) return value.flatMap(objectsIn);
  if (!value || typeof value !== 'object') return [];
  return [value as ContentObject, ...Object.values(value).flatMap(objectsIn)];
}
const svgSize = (svg: string) => {
  const [, width, height] = /^<svg[^>]*\swidth="(\d+)"\sheight="(\d+)"/.exec(svg) ?? [];
  return { width: Number(width), height: Number(height) };
};

describe('catalog and content agree', () => {
  it('has exactly one product card per catalog product, with the same handle', () => {
    const cardSlugs = published
      .filter(ofType<SlugDoc>('productCard'))
      .map((d) => d.slug.current)
      .sort();
    expect(cardSlugs).toEqual(catalog.products.map((p) => p.handle).sort());
    expect(catalog.products.length).toBeGreaterThanOrEqual(16);
  });

  it('has exactly one collection document per catalog collection', () => {
    const slugs = published
      .filter(ofType<SlugDoc>('collection'))
      .map((d) => d.slug.current)
      .sort();
    expect(slugs).toEqual(catalog.collections.map((c) => c.handle).sort());
    expect(slugs).toEqual(expect.arrayContaining(['bouquets', 'subscriptions', 'seasonal', 'plants', 'gifts']));
  });

  it('lists only existing products in collections, and every product in some collection', () => {
    const handles = new Set(catalog.products.map((p) => p.handle));
    const listed = catalog.collections.flatMap((c) => c.products);
    expect(listed.filter((h) => !handles.has(h))).toEqual([]);
    expect([...handles].filter((h) => !listed.includes(h))).toEqual([]);
  });
});

describe('catalog.json follows FORMAT.md', () => {
  it('has unique numeric ids and handles', () => {
    const ids = [
      ...catalog.products.map((p) => p.id),
      ...catalog.products.flatMap((p) => p.variants.map((v) => v.id)),
      ...catalog.collections.map((c) => c.id),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every(Number.isInteger)).toBe(true);
    const handles = catalog.products.map((p) => p.handle);
    expect(new Set(handles).size).toBe(handles.length);
  });

  it.each(catalog.products.map((p) => [p.handle, p] as const))('%s: variants match its options, images and money format', (_, p) => {
    const combos = p.variants.map((v) => JSON.stringify(p.options.map((o) => v.options[o.name])));
    expect(new Set(combos).size).toBe(p.variants.length);
    for (const v of p.variants) {
      expect(Object.keys(v.options).sort()).toEqual(p.options.map((o) => o.name).sort());
      for (const o of p.options) expect(o.values).toContain(v.options[o.name]);
      expect(v.price).toMatch(/^\d+\.\d{2}$/);
      if (v.compareAtPrice !== null) expect(Number(v.compareAtPrice)).toBeGreaterThan(Number(v.price));
      expect(p.images[v.image]).toBeDefined();
    }
    expect(p.images.every((img) => img.altText.length > 0)).toBe(true);
  });

  it('has artwork for every catalog image, at the stated size, that sharp renders', async () => {
    const images = [...catalog.products.flatMap((p) => p.images), ...catalog.collections.map((c) => c.image as Product['images'][number])];
    for (const img of images) {
      const svg = readFileSync(join(CONTENT, 'images', `${img.file}.svg`), 'utf8');
      expect([img.file, svgSize(svg)]).toEqual([img.file, { width: img.width, height: img.height }]);
      expect(Buffer.byteLength(svg)).toBeLessThan(40 * 1024);
      const meta = await sharp(Buffer.from(svg)).resize({ width: 40 }).png().toBuffer({ resolveWithObject: true });
      expect(meta.info.width).toBe(40);
    }
  });
});

describe('product videos', () => {
  const videos = catalog.products.flatMap((p) => (p.videos ?? []).map((v) => ({ product: p, ...v })));
  /** What a file starts with, per format: an ISO BMFF `ftyp` box (MP4) or the EBML header (WebM). */
  const signature: Record<string, (bytes: Buffer) => boolean> = {
    mp4: (bytes) => bytes.subarray(4, 8).toString('latin1') === 'ftyp',
    webm: (bytes) => bytes.subarray(0, 4).toString('hex') === '1a45dfa3',
  };

  it('seeds at least one product with a video, described, with an image for its poster', () => {
    expect(videos.length).toBeGreaterThan(0);
    for (const v of videos) {
      expect(v.altText.length).toBeGreaterThan(20);
      expect(v.product.images[v.previewImage]).toBeDefined();
    }
  });

  it('backs every video format with its file, small and of that format', () => {
    for (const v of videos) {
      for (const format of v.formats) {
        const bytes = readFileSync(join(CONTENT, 'videos', `${v.file}.${format}`));
        expect({ file: `${v.file}.${format}`, ok: signature[format]?.(bytes) ?? false, small: bytes.length < 256 * 1024 }).toEqual({
          file: `${v.file}.${format}`,
          ok: true,
          small: true,
        });
      }
    }
  });
});

describe('shared facts other parts rely on', () => {
  it('classic-gramercy-bouquet: Size Petite 85 / Classic 125 / Grand 175, in stock', () => {
    const p = product('classic-gramercy-bouquet');
    expect(p.variants.map((v) => [v.options.Size, v.price])).toEqual([
      ['Petite', '85.00'],
      ['Classic', '125.00'],
      ['Grand', '175.00'],
    ]);
    expect(p.variants.every((v) => v.quantityAvailable > 3)).toBe(true);
  });

  it('bodega-bunch: one "Default Title" variant at 45.00', () => {
    const p = product('bodega-bunch');
    expect(p.options).toEqual([{ name: 'Title', values: ['Default Title'] }]);
    expect(p.variants.map((v) => [v.options, v.price])).toEqual([[{ Title: 'Default Title' }, '45.00']]);
  });

  it('weekly-flower-subscription: plans delivered weekly and every two weeks', () => {
    const plans = product('weekly-flower-subscription').sellingPlanGroups.flatMap((g) => g.sellingPlans);
    expect(plans.map((s) => s.name)).toEqual(expect.arrayContaining(['Delivered weekly', 'Delivered every two weeks']));
    expect(plans.every((s) => s.priceAdjustment.percentage > 0)).toBe(true);
  });

  it('peony-cloud: sold out everywhere, with custom sold-out text', () => {
    expect(product('peony-cloud').variants.every((v) => v.quantityAvailable === 0)).toBe(true);
    expect(card('peony-cloud').customSoldOutText).toEqual(expect.any(String));
  });

  it('hudson-valley-hydrangeas: local-delivery-only and over the shipping threshold', () => {
    const p = product('hudson-valley-hydrangeas');
    expect(p.tags).toContain('local-delivery-only');
    expect(Math.min(...p.variants.map((v) => Number(v.price)))).toBeGreaterThan(100);
  });

  it('winter-solstice-wreath: a drop on 2026-12-12; the-private-garden: password protected', () => {
    expect(card('winter-solstice-wreath').productDrop).toMatchObject({ enabled: true, dropDate: expect.stringMatching(/^2026-12-12/) });
    expect(card('the-private-garden').password).toEqual({ passwordProtectPage: true, productCardText: expect.any(String) });
  });

  it("keeps the-private-garden's password in a private document (an id with a path), not in the public card", () => {
    const secret = docs.find(ofType<Doc & { password: string }>('productCardPassword'));
    expect(secret).toMatchObject({
      _id: 'secrets.productCardPassword.the-private-garden',
      card: { _type: 'reference', _ref: 'productCard-the-private-garden' },
      password: expect.any(String),
    });
    const rootDocuments = docs.filter((d) => !d._id.includes('.'));
    expect(JSON.stringify(rootDocuments)).not.toContain(JSON.stringify(secret!.password));
  });

  it('has a low-stock variant (1 to 3 available) and a sale price', () => {
    const variants = catalog.products.flatMap((p) => p.variants);
    expect(variants.some((v) => v.quantityAvailable >= 1 && v.quantityAvailable <= 3)).toBe(true);
    expect(variants.some((v) => v.compareAtPrice !== null)).toBe(true);
  });
});

describe('dataset.ndjson', () => {
  it('resolves every reference to a document', () => {
    const dangling = docs.flatMap((d) =>
      objectsIn(d)
        .filter((o) => typeof o._ref === 'string' && !byId.has(o._ref))
        .map((o) => `${d._id} → ${o._ref}`),
    );
    expect(dangling).toEqual([]);
  });

  it('has unique ids and unique _keys within every array', () => {
    expect(byId.size).toBe(docs.length);
    const duplicates = docs.flatMap((d) =>
      objectsIn(d)
        .flatMap((o) =>
          Object.values(o)
            .filter(Array.isArray)
            .filter((arr) => {
              const keys = arr.map((item: { _key?: string }) => item?._key).filter(Boolean);
              return new Set(keys).size !== keys.length;
            }),
        )
        .map(() => d._id),
    );
    expect(duplicates).toEqual([]);
  });

  it('backs every image asset with its SVG: sha1, dimensions and a 20 px LQIP', async () => {
    const assets = docs.filter(ofType<ImageAssetDoc>('sanity.imageAsset'));
    expect(assets.length).toBeGreaterThan(20);
    for (const a of assets) {
      const bytes = readFileSync(join(CONTENT, 'images', a.originalFilename));
      const sha1 = createHash('sha1').update(bytes).digest('hex');
      const { width, height } = svgSize(bytes.toString('utf8'));
      expect(a._id).toBe(`image-${sha1}-${width}x${height}-svg`);
      expect(a.metadata.dimensions).toMatchObject({ width, height });
      expect(a.path).toBe(`images/gramercy/production/${sha1}-${width}x${height}.svg`);
      const lqip = Buffer.from(a.metadata.lqip.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
      expect(await sharp(lqip).metadata()).toMatchObject({ format: 'jpeg', width: 20 });
    }
  });

  it('gives every image alt text', () => {
    const images = docs.flatMap((d) =>
      objectsIn(d)
        .filter((o) => o.asset?._ref?.startsWith('image-'))
        .map((o) => [d._id, o.alt]),
    );
    expect(images.filter(([, alt]) => typeof alt !== 'string' || alt.length === 0)).toEqual([]);
    expect(docs.some((d) => objectsIn(d).some((o) => o.crop && o.hotspot))).toBe(true);
  });

  it('uses every Portable Text mark and style of spec §3', () => {
    const blocks = docs.flatMap(objectsIn);
    const marks = new Set(blocks.flatMap((o) => [...(o.marks ?? []), ...(o.markDefs ?? []).map((m) => m._type)]));
    const types = new Set(blocks.map((o) => o._type));
    const styles = new Set(blocks.filter((o) => o._type === 'block').map((o) => o.style));
    for (const mark of ['pageLink', 'link', 'underline', 'title', 'strike-through']) expect(marks).toContain(mark);
    for (const type of ['imageWithAlt', 'linebreak']) expect(types).toContain(type);
    for (const style of ['normal', 'alignLeft', 'alignCenter', 'alignRight', 'h2', 'h3']) expect(styles).toContain(style);
  });

  it('has site settings with every group of spec §3 filled', () => {
    const settings = byId.get('siteSettings')! as SiteSettingsDoc;
    expect(settings.siteUrl).toBe('http://localhost:3000');
    const groups = ['footer', 'pdpSettings', 'header', 'cartData', 'newsletter', 'page404', 'cookiePolicy', 'alerts'];
    const unset = groups.flatMap((g) =>
      objectsIn(settings[g]).flatMap((o) =>
        Object.entries(o)
          .filter(([, v]) => v === null || v === '')
          .map(([k]) => `${g}.${k}`),
      ),
    );
    expect(unset).toEqual([]);
    const { header, footer } = settings;
    for (const list of [
      header.headerMenu,
      header.headerMegaMenu.navItems,
      header.rightHeaderMenu,
      header.primaryLinkProducts,
      footer.text,
      footer.footerMenu.links,
    ]) {
      expect(list.length).toBeGreaterThan(0);
    }
    expect(header.headerMegaMenu.navItems.some((item) => item.products.length > 0)).toBe(true);
    expect(header.primaryHeaderLink.url).toBe('/products');
    expect(settings.header.announcementBarSettings.enabled).toBe(true);
    expect(settings.alerts.floatingAlertButton.enabled).toBe(true);
    expect(settings.cartData.cartTitle).toBe('Cart');
    expect(settings.cartData.pickupAddress).toMatch(/East 20th Street, New York, NY 10003$/);
    expect(settings.pdpSettings.defaultPDPAccordionItems.map((i) => i.key)).toEqual(['delivery', 'substitutions']);
  });

  it('has a draft whose published version differs', () => {
    const drafts = docs.filter((d) => d._id.startsWith('drafts.'));
    expect(drafts.length).toBeGreaterThan(0);
    for (const draft of drafts) expect(byId.get(draft._id.slice('drafts.'.length))?.title).not.toBe(draft.title);
  });
});

describe('the copy a shopper reads', () => {
  const settings = () => byId.get('siteSettings')! as SiteSettingsDoc;
  /** Every string stored anywhere in the published documents. */
  const strings = (value: unknown): string[] =>
    typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

  it('promises same-day delivery by a cut-off that the scheduler’s delivery rules keep (New York time)', () => {
    const promises = strings(published).filter((text) => /same-day delivery/i.test(text));
    expect(promises.length).toBeGreaterThanOrEqual(3); // announcement bar, cart drawer, PDP accordion, pages
    const hours = new Set(
      promises.map((text) => {
        const [, hour, half] = /\bby (\d{1,2})\s?(am|pm)\b/i.exec(text) ?? [];
        expect({ text, cutOff: hour }).toEqual({ text, cutOff: expect.any(String) });
        return (Number(hour) % 12) + (half.toLowerCase() === 'pm' ? 12 : 0);
      }),
    );
    expect([...hours]).toEqual([DEFAULT_SCHEDULER_RULES.delivery.cutoffHour]);
    const [cutOff] = hours;
    // Tuesday 17 November 2026 (EST, UTC-5) and Tuesday 14 July 2026 (EDT, UTC-4): open delivery days.
    for (const [day, utcOffset] of [
      ['2026-11-17', 5],
      ['2026-07-14', 4],
    ] as const) {
      const at = (hour: number, minute: number) =>
        new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8)), hour + utcOffset, minute));
      const next = `${day.slice(0, 8)}${String(Number(day.slice(8)) + 1).padStart(2, '0')}`;
      expect(calendarFor(DEFAULT_SCHEDULER_RULES, 'delivery', at(cutOff - 1, 59), []).minDate).toBe(day);
      expect(calendarFor(DEFAULT_SCHEDULER_RULES, 'delivery', at(cutOff, 0), []).minDate).toBe(next);
    }
  });

  it('ends every sold-out text on a whole phrase, not mid-sentence', () => {
    const dangling = /\b(a|an|the|and|or|but|when|while|until|of|in|on|at|to|for|with|is|are|was|were|be|will)$/i;
    const texts = published.filter(ofType<SlugDoc & { customSoldOutText?: string }>('productCard')).flatMap((c) => c.customSoldOutText ?? []);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.filter((text) => dangling.test(text.trim()))).toEqual([]);
    expect(card('peony-cloud').customSoldOutText).toBe('Back in May, when the peonies are in bloom');
  });

  it('links the photo stream (spec §2: page type photoStream → /photo-stream) from the footer', () => {
    const hrefs = settings().footer.footerMenu.links.map((link) => {
      const target = link.page ? byId.get(link.page._ref) : undefined;
      return target ? resolveRoute({ _type: target._type, slug: (target as Partial<SlugDoc>).slug?.current }) : link.url;
    });
    expect(hrefs).toContain('/photo-stream');
  });

  it('gives no product page the same section twice: no accordion title repeats a heading of its description', () => {
    const defaults = settings().pdpSettings.defaultPDPAccordionItems;
    const repeated = catalog.products.flatMap((p) => {
      const html = (p as Product & { descriptionHtml: string }).descriptionHtml;
      const headings = [...html.matchAll(/<h\d[^>]*>([^<]*)<\/h\d>/g)].map((m) => m[1].trim().toLowerCase());
      const own = (card(p.handle).accordionItems as { title: string }[] | undefined) ?? [];
      const items = own.length ? own : defaults;
      return items.filter((item) => headings.includes(item.title.trim().toLowerCase())).map((item) => `${p.handle}: ${item.title}`);
    });
    expect(repeated).toEqual([]);
  });
});

it('regenerates the committed files byte for byte', async () => {
  const out = mkdtempSync(join(tmpdir(), 'content-'));
  try {
    await generate(out);
    const committed = readdirSync(join(CONTENT, 'images')).sort();
    expect(readdirSync(join(out, 'images')).sort()).toEqual(committed);
    for (const file of ['catalog.json', 'online-store.json', 'delivery.json', 'dataset.ndjson', ...committed.map((f) => `images/${f}`)]) {
      expect([file, readFileSync(join(out, file)).equals(readFileSync(join(CONTENT, file)))]).toEqual([file, true]);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}, 120000);
