/**
 * WCAG 2.x AA contrast (4.5:1 for normal text) of every product card banner in the content
 * dataset (content/dataset.ndjson: productCard.cardBanner textColor on backgroundColor), with
 * the WCAG relative-luminance formula. The colours live in content/scripts/data/cards.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** WCAG AA for normal-size text. */
const AA = 4.5;

/** Relative luminance of `#rrggbb` (WCAG 2.x definition). */
function luminance(hex: string): number {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = m.slice(1).map((h) => {
    const c = parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of two colours, 1–21. */
function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

type Card = { _type: string; slug?: { current: string }; cardBanner?: { productCardBanner?: string; textColor?: string; backgroundColor?: string } };

const cards = readFileSync(path.join(__dirname, '../../content/dataset.ndjson'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Card)
  .filter((doc) => doc._type === 'productCard' && doc.cardBanner?.productCardBanner);

test('the formula matches known ratios', () => {
  expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
});

test('the dataset has banners to check', () => {
  expect(cards.length).toBeGreaterThan(0);
});

test.each(cards.map((c) => [c.slug?.current, c.cardBanner!] as const))('%s banner passes WCAG AA (4.5:1)', (_slug, banner) => {
  expect(banner.textColor).toBeTruthy();
  expect(banner.backgroundColor).toBeTruthy();
  expect(contrastRatio(banner.textColor!, banner.backgroundColor!)).toBeGreaterThanOrEqual(AA);
});
