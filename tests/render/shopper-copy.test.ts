/**
 * The copy a shopper reads on the server-rendered pages, from the seeded content (content/):
 * the footer's legal line (its year New York's at the render time the state block carries, which
 * the browser hydrates at) and links, the sold-out product page (its text whole, back in stock
 * instead of "drop the hint"), and no section twice on a product page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { STATE_ELEMENT_ID, type AppState } from '../../client/lib/hydration';
import { newYorkYear } from '../../shared/availability';
import { startTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

const handles: string[] = JSON.parse(readFileSync(join(__dirname, '../../content/catalog.json'), 'utf8')).products.map(
  (p: { handle: string }) => p.handle,
);

/** Visible text of an HTML fragment, whitespace collapsed. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
const section = (html: string, re: RegExp) => re.exec(html)?.[0] ?? '';
const footer = (html: string) => section(html, /<footer class="site-footer"[\s\S]*?<\/footer>/);
const product = (html: string) => section(html, /<article class="product"[\s\S]*?<\/article>/);
const page = async (path: string) => {
  const res = await request(t.app).get(path);
  expect(res.status).toBe(200);
  return res.text;
};

describe('footer', () => {
  test("the legal line separates the copyright from the attribution; the year is New York's at the render time the browser hydrates at", async () => {
    const html = await page('/');
    const legal = section(footer(html), /<p class="site-footer__legal"[\s\S]*?<\/p>/);
    const state = JSON.parse(
      new RegExp(`<script type="application/json" id="${STATE_ELEMENT_ID}">(.*?)</script>`).exec(html)?.[1] ?? 'null',
    ) as AppState;
    expect(Math.abs(Date.now() - state.renderedAt)).toBeLessThan(60_000);
    expect(text(legal)).toBe(`© ${newYorkYear(new Date(state.renderedAt))} Gramercy Stems · Illustrations by the Gramercy Stems studio`);
  });

  test('links the photo stream, where a shopper looks for more pages', async () => {
    const html = footer(await page('/'));
    expect(html).toMatch(/<a [^>]*href="\/photo-stream"[^>]*>Photo stream<\/a>/);
  });
});

describe('a sold-out product (Peony Cloud)', () => {
  let html: string;
  beforeAll(async () => {
    html = product(await page('/products/peony-cloud'));
  });

  test('shows its whole sold-out text on the disabled button', () => {
    expect(html).toMatch(/<button type="button" class="button button--block" disabled="">Back in May, when the peonies are in bloom<\/button>/);
  });

  test('offers back in stock, not "drop the hint"', () => {
    expect(text(html)).toContain('Notify me when available');
    expect(text(html)).not.toContain('Drop the hint');
  });

  test('a product on sale still offers "drop the hint"', async () => {
    expect(text(product(await page('/products/classic-gramercy-bouquet')))).toContain('Drop the hint');
  });
});

test.each(handles)('/products/%s shows each section once (no "Care" in both the description and the accordion)', async (handle) => {
  const html = product(await page(`/products/${handle}`));
  const titles = [...html.matchAll(/<(h[1-6]|summary)\b[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => text(m[2]).toLowerCase()).filter(Boolean);
  const repeated = titles.filter((title, i) => titles.indexOf(title) !== i);
  expect(repeated).toEqual([]);
});
