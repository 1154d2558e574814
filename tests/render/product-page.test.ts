/**
 * The product page as the server renders it, through the real app and emulators: a
 * subscription's purchase options each show the price the platform allocates for the chosen
 * variant (and the one the cart then charges), `?selling_plan=` renders that option chosen, and
 * the Product JSON-LD has an Offer per variant and per selling plan at those prices; a product's
 * video is in its gallery as an accessible <video>.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import request from 'supertest';
import { Gallery } from '../../client/components/Gallery';
import type { RouteDataMap } from '../../shared/route-data';
import { cartWith, fetchCart } from '../support/cart';
import { startTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

const SITE = 'http://shop.test';
const HANDLE = 'weekly-flower-subscription';
/** Seeded (content/catalog.json): Petite 75.00, Classic 110.00, Grand 160.00; plans 10% and 5% off. */
const VARIANT = { petite: '800301', classic: '800302', grand: '800303' } as const;
const PLAN = { weekly: '7001', fortnightly: '7002' } as const;

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const priceLine = (html: string) => text(/<p class="product__price">[\s\S]*?<\/p>/.exec(html)?.[0] ?? '');
/** The purchase option chips as "label [price]", with which one is checked. */
const purchaseOptions = (html: string) => {
  const group = /<div role="radiogroup" aria-label="Purchase options"[\s\S]*?<\/div>/.exec(html)?.[0] ?? '';
  return [...group.matchAll(/<button [^>]*aria-checked="(true|false)"[^>]*>([\s\S]*?)<\/button>/g)].map((m) => ({
    checked: m[1] === 'true',
    text: text(m[2]),
  }));
};
type Offer = { name: string; price: string; priceCurrency: string; url: string; sku?: string };
const productJsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]))
    .find((o) => o['@type'] === 'Product') as {
    offers: Offer[];
  };
const page = async (query = '') => {
  const res = await request(t.app).get(`/products/${HANDLE}${query}`);
  expect(res.status).toBe(200);
  return res.text;
};

describe('subscription purchase options', () => {
  test('each option shows its own price for the selected size; one-time is chosen by default', async () => {
    const html = await page();
    expect(purchaseOptions(html)).toEqual([
      { checked: true, text: 'One-time purchase $75.00' },
      { checked: false, text: 'Delivered weekly $67.50' },
      { checked: false, text: 'Delivered every two weeks $71.25' },
    ]);
    expect(priceLine(html)).toBe('$75.00');
  });

  test('?selling_plan= renders that plan chosen: its price per delivery against the one-time price, and the form adds it', async () => {
    const html = await page(`?variant=${VARIANT.classic}&selling_plan=${PLAN.fortnightly}`);
    expect(purchaseOptions(html)).toEqual([
      { checked: false, text: 'One-time purchase $110.00' },
      { checked: false, text: 'Delivered weekly $99.00' },
      { checked: true, text: 'Delivered every two weeks $104.50' },
    ]);
    expect(priceLine(html)).toBe('$104.50 Regular price $110.00 per delivery');
    expect(text(html)).toContain('A fresh arrangement every other week, 5% off each delivery.');
    expect(html).toMatch(new RegExp(`<input type="hidden" name="sellingPlanId" value="gid://shopify/SellingPlan/${PLAN.fortnightly}"/>`));
  });

  test('a plan id the variant cannot be bought with is a one-time purchase', async () => {
    const html = await page(`?selling_plan=7003`); // the Studio's Choice plan
    expect(purchaseOptions(html).find((o) => o.checked)?.text).toBe('One-time purchase $75.00');
    expect(html).not.toContain('name="sellingPlanId"');
  });

  test('the page shows what the cart then charges', async () => {
    const html = await page(`?variant=${VARIANT.petite}&selling_plan=${PLAN.weekly}`);
    const cartId = await cartWith(t.app, [
      { merchandiseId: `gid://shopify/ProductVariant/${VARIANT.petite}`, sellingPlanId: `gid://shopify/SellingPlan/${PLAN.weekly}` },
    ]);
    const [line] = (await fetchCart(t.app, cartId)).lines;
    expect(line.sellingPlanAllocation?.sellingPlan.name).toBe('Delivered weekly');
    expect(priceLine(html)).toMatch(/^\$67\.50 /);
    expect(Number(line.cost.totalAmount.amount)).toBe(67.5);
  });
});

describe('Product JSON-LD', () => {
  test('one Offer per variant and per selling plan, at the allocated price, landing on that choice', async () => {
    const { offers } = productJsonLd(await page());
    const url = `${SITE}/products/${HANDLE}`;
    expect(offers.map(({ name, price, priceCurrency, url: u }) => ({ name, price, priceCurrency, url: u }))).toEqual([
      { name: 'Petite', price: '75.00', priceCurrency: 'USD', url: `${url}?variant=${VARIANT.petite}` },
      { name: 'Petite, Delivered weekly', price: '67.50', priceCurrency: 'USD', url: `${url}?variant=${VARIANT.petite}&selling_plan=${PLAN.weekly}` },
      {
        name: 'Petite, Delivered every two weeks',
        price: '71.25',
        priceCurrency: 'USD',
        url: `${url}?variant=${VARIANT.petite}&selling_plan=${PLAN.fortnightly}`,
      },
      { name: 'Classic', price: '110.00', priceCurrency: 'USD', url: `${url}?variant=${VARIANT.classic}` },
      {
        name: 'Classic, Delivered weekly',
        price: '99.00',
        priceCurrency: 'USD',
        url: `${url}?variant=${VARIANT.classic}&selling_plan=${PLAN.weekly}`,
      },
      {
        name: 'Classic, Delivered every two weeks',
        price: '104.50',
        priceCurrency: 'USD',
        url: `${url}?variant=${VARIANT.classic}&selling_plan=${PLAN.fortnightly}`,
      },
      { name: 'Grand', price: '160.00', priceCurrency: 'USD', url: `${url}?variant=${VARIANT.grand}` },
      { name: 'Grand, Delivered weekly', price: '144.00', priceCurrency: 'USD', url: `${url}?variant=${VARIANT.grand}&selling_plan=${PLAN.weekly}` },
      {
        name: 'Grand, Delivered every two weeks',
        price: '152.00',
        priceCurrency: 'USD',
        url: `${url}?variant=${VARIANT.grand}&selling_plan=${PLAN.fortnightly}`,
      },
    ]);
  });

  test('each Offer’s url renders the price the Offer states', async () => {
    const planOffers = productJsonLd(await page()).offers.filter((o) => o.url.includes('selling_plan'));
    expect(planOffers).toHaveLength(6);
    for (const offer of planOffers) {
      const html = await page(offer.url.slice(offer.url.indexOf('?')));
      expect({ offer: offer.name, shown: priceLine(html).split(' ')[0] }).toEqual({ offer: offer.name, shown: `$${offer.price}` });
    }
  });

  test('a product without plans has one Offer per variant, a single-variant one named after the product', async () => {
    const res = await request(t.app).get('/products/bodega-bunch');
    expect(productJsonLd(res.text).offers).toEqual([expect.objectContaining({ name: 'The Bodega Bunch', price: '45.00', priceCurrency: 'USD' })]);
  });
});

describe('product video (spec §3 media)', () => {
  let html: string;
  beforeAll(async () => {
    const res = await request(t.app).get('/products/garden-rose-dozen');
    expect(res.status).toBe(200);
    html = res.text;
  });

  test('the gallery offers the video after the images', () => {
    const thumbs = [...html.matchAll(/<button type="button"[^>]*aria-label="(Show (?:image|video) \d+ of \d+)"/g)].map((m) => m[1]);
    expect(thumbs).toEqual(['Show image 1 of 4', 'Show image 2 of 4', 'Show image 3 of 4', 'Show video 4 of 4']);
  });

  test('the loader sends the video: its sources and poster from the image host, its alt text', async () => {
    const { product } = (await request(t.app).get('/__payload/product?handle=garden-rose-dozen')).body as RouteDataMap['product'];
    const origin = t.config.storefront.imageOrigin;
    expect(product.videos).toEqual([
      {
        id: expect.stringMatching(/^gid:\/\/shopify\/Video\//),
        alt: 'A short silent film of the Garden Rose Dozen in a glass vase, fading from blush to ivory to coral roses',
        width: 480,
        height: 600,
        poster: expect.objectContaining({ src: expect.stringContaining(`${origin}/cdn/shop/files/garden-rose-dozen-1.jpg`) }),
        sources: [
          { url: `${origin}/cdn/shop/videos/garden-rose-dozen-film.mp4?v=1`, mimeType: 'video/mp4' },
          { url: `${origin}/cdn/shop/videos/garden-rose-dozen-film.webm?v=1`, mimeType: 'video/webm' },
        ],
      },
    ]);
  });

  test('chosen in the gallery, it is a named <video> with controls, muted, inline, its poster, no autoplay, metadata only', async () => {
    const { product } = (await request(t.app).get('/__payload/product?handle=garden-rose-dozen')).body as RouteDataMap['product'];
    const gallery = renderToStaticMarkup(
      createElement(Gallery, { images: product.images, videos: product.videos, selected: 3, onSelect: () => {}, title: product.title }),
    );
    const video = /<video\b[^>]*>([\s\S]*?)<\/video>/.exec(gallery);
    expect(video).not.toBeNull();
    const tag = video![0].slice(0, video![0].indexOf('>') + 1);
    expect(tag).toContain(' controls=""');
    expect(tag).toContain(' muted=""');
    expect(tag.toLowerCase()).toContain(' playsinline=""'); // HTML attribute names are case-insensitive
    expect(tag).toContain(' preload="metadata"');
    expect(tag).not.toContain('autoplay');
    expect(tag).toContain(`aria-label="${product.videos[0].alt}"`);
    expect(tag).toContain(`poster="${product.videos[0].poster!.src.replace(/&/g, '&amp;')}"`);
    expect([...video![1].matchAll(/<source src="([^"]+)" type="([^"]+)"\/>/g)].map((m) => [m[1].replace(/&amp;/g, '&'), m[2]])).toEqual(
      product.videos[0].sources.map((s) => [s.url, s.mimeType]),
    );
    expect(gallery).toMatch(/<button type="button" class="gallery__thumb--video" aria-pressed="true" aria-label="Show video 4 of 4">/);
  });
});
