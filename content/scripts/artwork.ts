/**
 * Botanical SVG artwork for the seeded shop: bouquets, vases, wraps, pots, wreaths and
 * flower-wall close-ups, drawn from a small vocabulary of flower heads built out of rotated
 * petals. Every drawing is a pure function of its `Artwork` description (randomness comes
 * from a PRNG seeded by `seed`), so the files are byte-identical on every run.
 *
 * Only basic SVG is used (paths, circles, ellipses, gradients, groups, transforms, `<use>`),
 * no text or external resources, so librsvg (via sharp) renders it exactly.
 * Each flower head and petal is defined once in `<defs>` and placed with `<use>`, which keeps
 * a file with dozens of blooms well under 40 KB.
 */
import { createRng, type Rng } from './prng';

export type BloomKind =
  'peony' | 'rose' | 'ranunculus' | 'tulip' | 'hydrangea' | 'sunflower' | 'anemone' | 'dahlia' | 'orchid' | 'waxflower' | 'berry';
export type FoliageKind = 'eucalyptus' | 'fern' | 'leaf';
export type Vessel = 'vase' | 'wrap' | 'pot' | 'hatbox' | 'none';

/** Colours of one drawing; bloom tones get light and dark shades derived automatically. */
export type Palette = {
  /** Background gradient, top to bottom. */
  paper: [string, string];
  /** Base colour of each bloom tone (index = `BloomSpec.tone`). */
  blooms: string[];
  /** Foliage green. */
  green: string;
  /** Vessel (vase, paper wrap, pot, box) colour. */
  vessel: string;
  ribbon: string;
};

export type BloomSpec = { kind: BloomKind; count: number; tone: number };
export type FoliageSpec = { kind: FoliageKind; count: number };

/**
 * What to draw. `arrangement`: one bouquet in a vessel (portrait product shots);
 * `wreath`: a foliage ring; `plant`: a potted plant; `closeup`: blooms filling the frame;
 * `stilllife`: several small arrangements on a table (landscape editorial shots).
 */
export type Artwork = {
  width: number;
  height: number;
  seed: string;
  palette: Palette;
  scene: 'arrangement' | 'wreath' | 'plant' | 'closeup' | 'stilllife';
  vessel?: Vessel;
  blooms: BloomSpec[];
  foliage?: FoliageSpec[];
  /** Bouquet size factor (Petite ≈ 0.8, Classic 1, Grand ≈ 1.2). */
  scale?: number;
};

/** Compact number formatting: one decimal, no trailing ".0". */
const n = (v: number) => String(Math.round(v * 10) / 10);
/** Scale factors need two decimals. */
const k = (v: number) => String(Math.round(v * 100) / 100);

/** Mix two #rrggbb colours; t = 0 gives `a`, 1 gives `b`. */
export function mix(a: string, b: string, t: number): string {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return `#${pa
    .map((v, i) =>
      Math.round(v + (pb[i] - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
const light = (c: string) => mix(c, '#ffffff', 0.4);
const dark = (c: string) => mix(c, '#1a0f14', 0.35);

/** Petal outlines pointing up from the origin, 100 units long; shared by every head. */
const PETALS = {
  round: 'M0 0C-46-22-52-88 0-100C52-88 46-22 0 0Z',
  pointed: 'M0 0C-40-30-26-76 0-100C26-76 40-30 0 0Z',
  slim: 'M0 0C-22-40-14-80 0-100C14-80 22-40 0 0Z',
};
type PetalShape = keyof typeof PETALS;

/** One petal placed by rotation (degrees) and length/width in units (100 = the outline's size); no fill inherits. */
function petal(shape: PetalShape, fill: string | null, angle: number, len: number, wid = len): string {
  const scale = len === wid ? k(len / 100) : `${k(wid / 100)} ${k(len / 100)}`;
  return `<use href="#pt-${shape}"${fill ? ` fill="${fill}"` : ''} transform="rotate(${n(angle)})scale(${scale})"/>`;
}

/** A ring of `count` petals. */
function ring(shape: PetalShape, fill: string | null, count: number, len: number, wid: number, offset: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += petal(shape, fill, offset + (360 / count) * i, len, wid);
  return out;
}

/** Flower heads, radius ≈ 100 around the origin, in the given base colour. */
const HEADS: Record<BloomKind, (c: string) => string> = {
  peony: (c) =>
    `<g stroke="${dark(c)}" stroke-width="1.2" stroke-opacity=".3">${ring('round', c, 9, 98, 80, 0)}${ring('round', light(c), 8, 80, 70, 22)}${ring('round', c, 7, 58, 60, 8)}${ring('round', light(c), 6, 38, 46, 30)}</g><circle r="11" fill="${dark(c)}" opacity=".5"/>`,
  rose: (c) =>
    `<g stroke="${dark(c)}" stroke-width="1.2" stroke-opacity=".35">${ring('round', light(c), 5, 96, 90, 0)}${ring('round', c, 5, 74, 76, 36)}${ring('round', dark(c), 4, 48, 56, 10)}</g><path d="M0-20C18-18 20 6 2 12C-14 16-18-6-4-8C6-9 8 2 0 3" fill="none" stroke="${light(c)}" stroke-width="4"/>`,
  ranunculus: (c) =>
    [96, 82, 68, 54, 40, 27]
      .map((r, i) => `<circle r="${r}" fill="${i % 2 ? light(c) : c}" stroke="${dark(c)}" stroke-opacity=".35" stroke-width="2"/>`)
      .join('') + `<circle r="13" fill="#7c9a5a"/>`,
  tulip: (c) =>
    `<path d="M-48 20C-66-40-44-96 0-100C44-96 66-40 48 20C30 48-30 48-48 20Z" fill="${c}"/>` +
    `<path d="M-32 28C-54-26-24-84 0-90C24-84 54-26 32 28C16 44-16 44-32 28Z" fill="${light(c)}"/>` +
    `<path d="M0-80C-6-40-4 0 0 30" fill="none" stroke="${dark(c)}" stroke-opacity=".3" stroke-width="3"/>`,
  hydrangea: (c) => {
    const rng = createRng(`hydrangea-${c}`);
    let out = `<circle r="88" fill="${dark(c)}" opacity=".25"/>`;
    for (let i = 0; i < 24; i++) {
      const r = 80 * Math.sqrt((i + 0.5) / 24);
      const a = i * 2.39996;
      out += `<use href="#floret-${c.slice(1)}" fill="${i % 3 ? c : light(c)}" transform="translate(${n(r * Math.cos(a))} ${n(r * Math.sin(a))})rotate(${rng.int(0, 89)})"/>`;
    }
    return out;
  },
  sunflower: (c) =>
    `${ring('pointed', c, 18, 100, 26, 0)}${ring('pointed', light(c), 14, 84, 24, 10)}<circle r="44" fill="#5a3a1e"/><circle r="30" fill="#3e2814"/><circle r="14" fill="#5a3a1e"/>`,
  anemone: (c) => {
    let dots = '';
    for (let i = 0; i < 12; i++) dots += `<circle cx="${n(34 * Math.cos(i * 0.5236))}" cy="${n(34 * Math.sin(i * 0.5236))}" r="4" fill="#2a2430"/>`;
    return `<g stroke="${dark(c)}" stroke-opacity=".25">${ring('round', c, 6, 96, 92, 0)}</g><circle r="26" fill="#2a2430"/>${dots}`;
  },
  dahlia: (c) =>
    `${ring('pointed', dark(c), 16, 100, 30, 0)}${ring('pointed', c, 12, 74, 28, 15)}${ring('pointed', light(c), 8, 46, 24, 5)}<circle r="10" fill="${dark(c)}"/>`,
  orchid: (c) =>
    `${ring('pointed', light(c), 3, 96, 40, 0)}${petal('round', c, 60, 80, 66)}${petal('round', c, 300, 80, 66)}${petal('round', dark(c), 180, 52, 40)}<circle r="9" fill="#fff8e6"/>`,
  waxflower: (c) => {
    let out = '';
    for (let i = 0; i < 7; i++) {
      const x = i ? 58 * Math.cos(i * 1.047) : 0;
      const y = i ? 58 * Math.sin(i * 1.047) : 0;
      out += `<g transform="translate(${n(x)} ${n(y)})">${ring('round', i % 2 ? c : light(c), 5, 26, 24, i * 13)}<circle r="5" fill="${dark(c)}"/></g>`;
    }
    return out;
  },
  berry: (c) => {
    let out = '';
    for (let i = 0; i < 7; i++) {
      const x = i ? 52 * Math.cos(i * 1.047 + 0.3) : 0;
      const y = i ? 52 * Math.sin(i * 1.047 + 0.3) : 0;
      out += `<circle cx="${n(x)}" cy="${n(y)}" r="${i ? 24 : 28}" fill="${c}"/><circle cx="${n(x - 8)}" cy="${n(y - 8)}" r="6" fill="#ffffff" opacity=".4"/>`;
    }
    return out;
  },
};

/** Typical head radius (px at scale 1) per kind, so peonies read larger than berries. */
const HEAD_RADIUS: Record<BloomKind, number> = {
  peony: 170,
  rose: 125,
  ranunculus: 110,
  tulip: 105,
  hydrangea: 190,
  sunflower: 155,
  anemone: 120,
  dahlia: 150,
  orchid: 105,
  waxflower: 80,
  berry: 62,
};

/** Foliage sprigs, pointing up from the origin, 300 units long. */
function foliageDef(kind: FoliageKind, green: string): string {
  const stem = `<path d="M0 0C10-100-8-200 0-300" fill="none" stroke="${dark(green)}" stroke-width="6"/>`;
  let out = stem;
  if (kind === 'eucalyptus') {
    const leaf = mix(green, '#b9cfc6', 0.55);
    for (let i = 0; i < 7; i++) {
      const y = -40 - i * 38;
      const r = 30 - i * 2.5;
      out += `<circle cx="${i % 2 ? -r * 0.9 : r * 0.9}" cy="${n(y)}" r="${n(r)}" fill="${i % 2 ? leaf : light(leaf)}" stroke="${dark(leaf)}" stroke-opacity=".3"/>`;
    }
  } else if (kind === 'fern') {
    for (let i = 0; i < 9; i++) {
      const len = 90 - i * 8;
      out += `<g transform="translate(0 ${-30 - i * 30})">${petal('slim', i % 2 ? green : light(green), -68, len, len * 0.9)}${petal('slim', green, 68, len, len * 0.9)}</g>`;
    }
  } else {
    out = `<use href="#pt-pointed" fill="${green}" transform="scale(1.1 3)"/><path d="M0 0C4-100 0-200 0-290" fill="none" stroke="${light(green)}" stroke-width="4"/>`;
  }
  return out;
}

/** Drawing state: collects the `<defs>` needed by what has been drawn. */
class Canvas {
  private defs = new Map<string, string>();
  constructor(
    readonly art: Artwork,
    readonly rng: Rng,
  ) {}

  /** `<use>` of a flower head, defining it on first use. */
  head(kind: BloomKind, tone: number, x: number, y: number, radius: number, angle: number): string {
    const colour = this.art.palette.blooms[tone % this.art.palette.blooms.length];
    const id = `${kind}-${colour.slice(1)}`;
    if (kind === 'hydrangea')
      this.defs.set(
        `floret-${colour.slice(1)}`,
        `<g id="floret-${colour.slice(1)}">${ring('round', null, 4, 16, 15, 0)}<circle r="3" fill="${dark(colour)}"/></g>`,
      );
    if (!this.defs.has(id)) this.defs.set(id, `<g id="${id}">${HEADS[kind](colour)}</g>`);
    return `<use href="#${id}" transform="translate(${n(x)} ${n(y)})rotate(${n(angle)})scale(${k(radius / 100)})"/>`;
  }

  /** `<use>` of a foliage sprig of the given length, rotated (0 = pointing up). */
  sprig(kind: FoliageKind, x: number, y: number, length: number, angle: number): string {
    const id = `fol-${kind}`;
    if (!this.defs.has(id)) this.defs.set(id, `<g id="${id}">${foliageDef(kind, this.art.palette.green)}</g>`);
    return `<use href="#${id}" transform="translate(${n(x)} ${n(y)})rotate(${n(angle)})scale(${k(length / 300)})"/>`;
  }

  /** The complete SVG document around `body`. */
  document(body: string): string {
    const { width: w, height: h, palette } = this.art;
    const petals = Object.entries(PETALS)
      .map(([k, d]) => `<path id="pt-${k}" d="${d}"/>`)
      .join('');
    const gradients =
      `<linearGradient id="paper" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.paper[0]}"/><stop offset="1" stop-color="${palette.paper[1]}"/></linearGradient>` +
      `<linearGradient id="vessel" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${dark(palette.vessel)}"/><stop offset=".45" stop-color="${light(palette.vessel)}"/><stop offset="1" stop-color="${palette.vessel}"/></linearGradient>`;
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
      `<defs>${petals}${gradients}${[...this.defs.values()].join('')}</defs>` +
      `<rect width="${w}" height="${h}" fill="url(#paper)"/>${body}</svg>\n`
    );
  }
}

/** Soft colour washes behind the subject, like watercolour blots on paper. */
function washes(c: Canvas): string {
  const { width: w, height: h, palette } = c.art;
  let out = '';
  for (let i = 0; i < 4; i++) {
    const colour = light(palette.blooms[i % palette.blooms.length]);
    out += `<ellipse cx="${n(c.rng.range(0.1, 0.9) * w)}" cy="${n(c.rng.range(0.1, 0.7) * h)}" rx="${n(c.rng.range(0.18, 0.32) * w)}" ry="${n(c.rng.range(0.12, 0.24) * h)}" fill="${colour}" opacity=".22"/>`;
  }
  return out;
}

/** Bloom specs expanded to a shuffled list of (kind, tone). */
function expand(c: Canvas, blooms: BloomSpec[], factor: number): { kind: BloomKind; tone: number }[] {
  const list = blooms.flatMap((b) => Array.from({ length: Math.max(1, Math.round(b.count * factor)) }, () => ({ kind: b.kind, tone: b.tone })));
  for (let i = list.length - 1; i > 0; i--) {
    const j = c.rng.int(0, i);
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

/** The vessel's parts drawn behind and in front of the stems, for a mouth at (cx, my). */
function vessel(c: Canvas, kind: Vessel, cx: number, my: number, s: number): { back: string; front: string } {
  const { palette } = c.art;
  const p = (pts: number[][]) => `M${pts.map(([x, y]) => `${n(cx + x * s)} ${n(my + y * s)}`).join('L')}Z`;
  const shadow = (y: number, rx: number) =>
    `<ellipse cx="${n(cx)}" cy="${n(my + y * s)}" rx="${n(rx * s)}" ry="${n(28 * s)}" fill="#2b1d22" opacity=".12"/>`;
  switch (kind) {
    case 'vase':
      return {
        back: '',
        front:
          shadow(560, 260) +
          `<path d="M${n(cx - 120 * s)} ${n(my)}C${n(cx - 110 * s)} ${n(my + 120 * s)} ${n(cx - 250 * s)} ${n(my + 220 * s)} ${n(cx - 230 * s)} ${n(my + 400 * s)}C${n(cx - 215 * s)} ${n(my + 520 * s)} ${n(cx - 140 * s)} ${n(my + 560 * s)} ${n(cx)} ${n(my + 560 * s)}C${n(cx + 140 * s)} ${n(my + 560 * s)} ${n(cx + 215 * s)} ${n(my + 520 * s)} ${n(cx + 230 * s)} ${n(my + 400 * s)}C${n(cx + 250 * s)} ${n(my + 220 * s)} ${n(cx + 110 * s)} ${n(my + 120 * s)} ${n(cx + 120 * s)} ${n(my)}Z" fill="url(#vessel)"/>` +
          `<ellipse cx="${n(cx)}" cy="${n(my)}" rx="${n(122 * s)}" ry="${n(22 * s)}" fill="${dark(palette.vessel)}"/>` +
          `<path d="M${n(cx - 150 * s)} ${n(my + 260 * s)}C${n(cx - 160 * s)} ${n(my + 360 * s)} ${n(cx - 140 * s)} ${n(my + 440 * s)} ${n(cx - 100 * s)} ${n(my + 490 * s)}" fill="none" stroke="#ffffff" stroke-opacity=".35" stroke-width="${n(16 * s)}" stroke-linecap="round"/>`,
      };
    case 'wrap':
      return {
        back: `<path d="${p([
          [-470, -520],
          [-80, -620],
          [330, -560],
          [500, -380],
          [40, 560],
        ])}" fill="${light(palette.vessel)}"/>`,
        front:
          `<path d="${p([
            [-430, -230],
            [-60, -120],
            [380, -300],
            [60, 600],
            [-10, 600],
          ])}" fill="${palette.vessel}"/>` +
          `<path d="${p([
            [-430, -230],
            [-60, -120],
            [-10, 600],
          ])}" fill="${dark(palette.vessel)}" opacity=".35"/>` +
          `<path d="M${n(cx - 150 * s)} ${n(my + 190 * s)}Q${n(cx)} ${n(my + 230 * s)} ${n(cx + 170 * s)} ${n(my + 170 * s)}" fill="none" stroke="${palette.ribbon}" stroke-width="${n(26 * s)}"/>` +
          `<ellipse cx="${n(cx - 70 * s)}" cy="${n(my + 190 * s)}" rx="${n(80 * s)}" ry="${n(36 * s)}" transform="rotate(-20 ${n(cx - 70 * s)} ${n(my + 190 * s)})" fill="none" stroke="${palette.ribbon}" stroke-width="${n(18 * s)}"/>` +
          `<ellipse cx="${n(cx + 70 * s)}" cy="${n(my + 190 * s)}" rx="${n(80 * s)}" ry="${n(36 * s)}" transform="rotate(20 ${n(cx + 70 * s)} ${n(my + 190 * s)})" fill="none" stroke="${palette.ribbon}" stroke-width="${n(18 * s)}"/>` +
          `<path d="M${n(cx)} ${n(my + 205 * s)}l${n(-60 * s)} ${n(230 * s)}M${n(cx)} ${n(my + 205 * s)}l${n(70 * s)} ${n(210 * s)}" stroke="${palette.ribbon}" stroke-width="${n(16 * s)}" stroke-linecap="round"/>`,
      };
    case 'pot':
      return {
        back: '',
        front:
          shadow(460, 250) +
          `<path d="${p([
            [-230, 40],
            [230, 40],
            [175, 460],
            [-175, 460],
          ])}" fill="url(#vessel)"/>` +
          `<path d="${p([
            [-255, -20],
            [255, -20],
            [255, 70],
            [-255, 70],
          ])}" fill="${palette.vessel}"/>` +
          `<path d="${p([
            [-255, 60],
            [255, 60],
            [250, 80],
            [-250, 80],
          ])}" fill="${dark(palette.vessel)}" opacity=".5"/>`,
      };
    case 'hatbox':
      return {
        back: '',
        front:
          shadow(470, 360) +
          `<path d="M${n(cx - 340 * s)} ${n(my)}L${n(cx - 340 * s)} ${n(my + 400 * s)}A${n(340 * s)} ${n(70 * s)} 0 0 0 ${n(cx + 340 * s)} ${n(my + 400 * s)}L${n(cx + 340 * s)} ${n(my)}Z" fill="url(#vessel)"/>` +
          `<ellipse cx="${n(cx)}" cy="${n(my)}" rx="${n(340 * s)}" ry="${n(70 * s)}" fill="${dark(palette.vessel)}" opacity=".6"/>` +
          `<path d="M${n(cx - 340 * s)} ${n(my + 150 * s)}A${n(340 * s)} ${n(70 * s)} 0 0 0 ${n(cx + 340 * s)} ${n(my + 150 * s)}" fill="none" stroke="${palette.ribbon}" stroke-width="${n(40 * s)}"/>`,
      };
    default:
      return { back: '', front: '' };
  }
}

/** One bouquet in a vessel whose mouth is at (cx, my); `s` scales everything. */
function arrangement(c: Canvas, cx: number, my: number, s: number, kind: Vessel, blooms: BloomSpec[], foliage: FoliageSpec[]): string {
  const heads = expand(c, blooms, 1);
  const domeY = my - 420 * s;
  const rx = 440 * s;
  const ry = 330 * s;
  const v = vessel(c, kind, cx, my, s);
  let stems = '';
  let leaves = '';
  for (const f of foliage) {
    for (let i = 0; i < f.count; i++) {
      const angle = c.rng.range(-75, 75);
      leaves += c.sprig(f.kind, cx + c.rng.range(-60, 60) * s, my - 120 * s, c.rng.range(560, 760) * s, angle);
    }
  }
  const placed = heads.map((h, i) => {
    const r = Math.sqrt((i + 0.5) / heads.length);
    const a = i * 2.39996 + c.rng.range(-0.2, 0.2);
    return { ...h, x: cx + r * rx * Math.cos(a), y: domeY + r * ry * Math.sin(a) * 0.9, size: HEAD_RADIUS[h.kind] * s * c.rng.range(0.85, 1.1) };
  });
  for (const h of placed) {
    stems += `<path d="M${n(h.x)} ${n(h.y)}Q${n((h.x + cx) / 2 + c.rng.range(-30, 30))} ${n((h.y + my) / 2)} ${n(cx + (h.x - cx) * 0.12)} ${n(my + 160 * s)}" fill="none" stroke="${dark(c.art.palette.green)}" stroke-width="${n(9 * s)}"/>`;
  }
  const flowers = placed
    .sort((a, b) => a.y - b.y)
    .map((h) => c.head(h.kind, h.tone, h.x, h.y, h.size, c.rng.range(0, 360)))
    .join('');
  return `${v.back}<g>${stems}</g>${leaves}${flowers}${v.front}`;
}

/** A foliage ring with berries and a few blooms, tied with a bow at the bottom. */
function wreath(c: Canvas): string {
  const { width: w, height: h, palette } = c.art;
  const cx = w / 2;
  const cy = h * 0.46;
  const R = w * 0.3;
  let out = `<path d="M${n(cx)} 0V${n(cy - R - 40)}" stroke="${palette.ribbon}" stroke-width="14"/>`;
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(R)}" fill="none" stroke="${dark(palette.green)}" stroke-width="110" opacity=".55"/>`;
  const kinds = (c.art.foliage ?? [{ kind: 'fern', count: 1 }]).map((f) => f.kind);
  for (let i = 0; i < 34; i++) {
    const a = (i / 34) * Math.PI * 2;
    const x = cx + R * Math.cos(a) + c.rng.range(-20, 20);
    const y = cy + R * Math.sin(a) + c.rng.range(-20, 20);
    out += c.sprig(kinds[i % kinds.length], x, y, c.rng.range(280, 360), (a * 180) / Math.PI + c.rng.range(-20, 20));
  }
  expand(c, c.art.blooms, 1).forEach((b, i, all) => {
    const a = (i / all.length) * Math.PI * 2 + 0.4;
    out += c.head(b.kind, b.tone, cx + R * Math.cos(a), cy + R * Math.sin(a), HEAD_RADIUS[b.kind] * c.rng.range(0.8, 1.05), c.rng.range(0, 360));
  });
  const by = cy + R;
  out +=
    `<ellipse cx="${n(cx - 80)}" cy="${n(by)}" rx="95" ry="42" transform="rotate(-18 ${n(cx - 80)} ${n(by)})" fill="${palette.ribbon}"/>` +
    `<ellipse cx="${n(cx + 80)}" cy="${n(by)}" rx="95" ry="42" transform="rotate(18 ${n(cx + 80)} ${n(by)})" fill="${palette.ribbon}"/>` +
    `<path d="M${n(cx)} ${n(by)}l-70 260M${n(cx)} ${n(by)}l80 250" stroke="${palette.ribbon}" stroke-width="30" stroke-linecap="round"/>` +
    `<circle cx="${n(cx)}" cy="${n(by)}" r="34" fill="${dark(palette.ribbon)}"/>`;
  return out;
}

/** A potted plant: broad leaves or fronds from the soil, with any blooms on arching stems. */
function plant(c: Canvas): string {
  const { width: w, height: h } = c.art;
  const cx = w / 2;
  const my = h * 0.66;
  const v = vessel(c, 'pot', cx, my, 1);
  let leaves = `<ellipse cx="${n(cx)}" cy="${n(my)}" rx="240" ry="40" fill="#4a3428"/>`;
  for (const f of c.art.foliage ?? []) {
    for (let i = 0; i < f.count; i++) {
      const angle = -80 + (160 / Math.max(1, f.count - 1)) * i + c.rng.range(-8, 8);
      leaves += c.sprig(f.kind, cx + c.rng.range(-80, 80), my - 10, c.rng.range(520, 720), angle);
    }
  }
  let spikes = '';
  expand(c, c.art.blooms, 1).forEach((b, i, all) => {
    const t = (i + 1) / (all.length + 1);
    const x = cx - 60 + t * 420;
    const y = my - 620 - Math.sin(t * Math.PI) * 240;
    spikes += c.head(b.kind, b.tone, x, y, HEAD_RADIUS[b.kind] * c.rng.range(0.85, 1), c.rng.range(-20, 20));
  });
  const arch = spikes
    ? `<path d="M${n(cx - 20)} ${n(my)}C${n(cx - 60)} ${n(my - 500)} ${n(cx + 100)} ${n(my - 900)} ${n(cx + 380)} ${n(my - 700)}" fill="none" stroke="#5d6b3a" stroke-width="10"/>`
    : '';
  return leaves + arch + spikes + v.front;
}

/** Blooms filling the frame on a jittered grid, foliage peeking between them. */
function closeup(c: Canvas): string {
  const { width: w, height: h } = c.art;
  const heads = expand(c, c.art.blooms, 1);
  const cols = Math.ceil(Math.sqrt((heads.length * w) / h));
  const rows = Math.ceil(heads.length / cols);
  let leaves = '';
  for (const f of c.art.foliage ?? []) {
    for (let i = 0; i < f.count; i++)
      leaves += c.sprig(f.kind, c.rng.range(0, w), c.rng.range(0.3, 1.1) * h, c.rng.range(400, 600), c.rng.range(-60, 60));
  }
  const cell = Math.max(w / cols, h / rows);
  const flowers = heads
    .map((b, i) => {
      const col = i % cols;
      const row = Math.floor(i / cols);
      const x = (col + 0.5 + (row % 2) * 0.3) * (w / cols) + c.rng.range(-0.15, 0.15) * cell;
      const y = (row + 0.5) * (h / rows) + c.rng.range(-0.15, 0.15) * cell;
      return { ...b, x, y };
    })
    .sort((a, b) => a.y - b.y)
    .map((b) => c.head(b.kind, b.tone, b.x, b.y, cell * c.rng.range(0.5, 0.62), c.rng.range(0, 360)))
    .join('');
  return leaves + flowers;
}

/** Three small arrangements on a table, for wide editorial images. */
function stilllife(c: Canvas): string {
  const { width: w, height: h, palette } = c.art;
  const table = h * 0.8;
  let out = `<rect y="${n(table)}" width="${w}" height="${n(h - table)}" fill="${mix(palette.paper[1], '#5b4636', 0.25)}"/>`;
  const vessels: Vessel[] = ['vase', c.art.vessel ?? 'vase', 'vase'];
  const scales = [0.72, 0.95, 0.66];
  [0.2, 0.5, 0.8].forEach((fx, i) => {
    const s = scales[i] * Math.min(w / 2400, h / 1600);
    const blooms = c.art.blooms.map((b, j) => ({
      ...b,
      count: Math.max(1, Math.round(b.count * (i === 1 ? 1 : 0.5))),
      tone: b.tone + ((i + j) % 2),
    }));
    out += arrangement(c, w * fx, table - (vessels[i] === 'pot' ? 460 : 540) * s + 30 * s, s, vessels[i], blooms, c.art.foliage ?? []);
  });
  return out;
}

/** Render an artwork description to SVG text (ends with a newline). */
export function renderArtwork(art: Artwork): string {
  const c = new Canvas(art, createRng(art.seed));
  let body = washes(c);
  if (art.scene === 'arrangement') {
    const s = (art.scale ?? 1) * (art.width / 1600);
    const mouth = art.vessel === 'wrap' ? art.height * 0.6 : art.vessel === 'hatbox' ? art.height * 0.66 : art.height * 0.62;
    body += arrangement(c, art.width / 2, mouth, s, art.vessel ?? 'vase', art.blooms, art.foliage ?? []);
  } else if (art.scene === 'wreath') body += wreath(c);
  else if (art.scene === 'plant') body += plant(c);
  else if (art.scene === 'closeup') body += closeup(c);
  else body += stilllife(c);
  return c.document(body);
}
