/**
 * Less work per render (docs/architecture.md §8 "View models"): picture URLs and srcsets are
 * remembered between renders, keyed by what determines them. Against the real app and emulators:
 * a page rendered from remembered pictures is the first render byte for byte, and an editor's
 * change to an image (a new crop in the content lake) shows in the next render once the data
 * cache lets it through (the Sanity webhook), with nothing else to invalidate.
 */
import request from 'supertest';
import { signSanity } from '../../server/webhooks/sanity-signature';
import { startTestApp, type TestApp } from '../support/app';

const HANDLE = 'bodega-bunch';
const CARD_ID = 'productCard-bodega-bunch';
const ASSET = 'b39cbf537344397d1f19a6a3eacbcd731168cd00-1600x2000';

let t: TestApp;
beforeAll(async () => {
  // The page cache stays off (the harness's default): every request renders.
  t = await startTestApp();
});
afterAll(() => t?.stop());

/** The HTML of `path` (asserting a 200). */
const page = async (path: string) => {
  const res = await request(t.app).get(path);
  expect(res.status).toBe(200);
  return res.text;
};

/** The `src` of the card image of `handle` on the products list (`/products`), `&` unescaped. */
function cardImageSrc(html: string): string {
  const card = new RegExp(`<a class="product-card" href="/products/${HANDLE}"[\\s\\S]*?<img [^>]*?src="([^"]+)"`).exec(html);
  if (!card) throw new Error('no card image for ' + HANDLE);
  return card[1].replace(/&amp;/g, '&');
}

test.each(['/', '/collections/bouquets', `/products/${HANDLE}`, '/products'])(
  '%s rendered again from remembered pictures and srcsets equals its first render',
  async (path) => {
    const first = await page(path);
    expect(first).toContain(ASSET.slice(0, 12));
    expect(await page(path)).toBe(first);
  },
);

test('a new crop of a card image shows in the next render after the webhook', async () => {
  const before = cardImageSrc(await page('/products'));
  expect(before).toContain(ASSET);
  expect(before).not.toContain('rect=');

  const url = `${t.config.content.apiHost}/v${t.config.content.apiVersion}/data/mutate/${t.config.content.dataset}`;
  const crop = { _type: 'sanity.imageCrop', top: 0.2, bottom: 0, left: 0, right: 0 };
  const mutated = await fetch(url, {
    method: 'POST',
    // An editor's write carries the project's token (the run's read token, in the emulator).
    headers: { 'content-type': 'application/json', authorization: `Bearer ${t.emulators.connection.content.readToken}` },
    body: JSON.stringify({ mutations: [{ patch: { id: CARD_ID, set: { 'thumbnailImage.crop': crop } } }] }),
  });
  expect(mutated.status).toBe(200);
  // Until the data cache lets the change through, the page is what it was.
  expect(cardImageSrc(await page('/products'))).toBe(before);

  const body = JSON.stringify({ _id: CARD_ID, _type: 'productCard', slug: { current: HANDLE } });
  const hook = await request(t.app)
    .post('/api/webhooks/sanity')
    .set('Content-Type', 'application/json')
    .set('sanity-webhook-signature', signSanity(body, t.config.webhooks.sanitySecret!))
    .send(body);
  expect(hook.status).toBe(200);

  const after = cardImageSrc(await page('/products'));
  expect(after).toContain(ASSET);
  // Sanity's cropped region: the image's top fifth cut off (rect=left,top,width,height).
  expect(after).toContain('rect=0,400,1600,1600');
  expect(after).not.toBe(before);
});
