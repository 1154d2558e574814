/**
 * A tiny markup for writing Portable Text readably in the data modules.
 *
 * One paragraph per array entry. Block prefixes: `## ` h2, `### ` h3, `> ` blockquote,
 * `- ` bullet, `1. ` numbered, `<| ` alignLeft, `|| ` alignCenter, `|> ` alignRight,
 * `![alt](image:file)` a block-level `imageWithAlt`.
 * Inline: `**strong**`, `*em*`, `++underline++`, `~~strike-through~~`, `^^title^^`,
 * `[text](https://…)` a `link`, `[text](@documentId)` a `pageLink`, and a newline a
 * `linebreak` inline object. Keys derive from the document id, so output is stable.
 */
import { stableKey } from './keys';
import type { SanityImage } from './assets';

type Span = { _type: 'span'; _key: string; text: string; marks: string[] };
type MarkDef = { _type: 'link'; _key: string; href: string } | { _type: 'pageLink'; _key: string; reference: { _type: 'reference'; _ref: string } };
export type Block =
  | {
      _type: 'block';
      _key: string;
      style: string;
      listItem?: string;
      level?: number;
      markDefs: MarkDef[];
      children: (Span | { _type: 'linebreak'; _key: string })[];
    }
  | (Omit<SanityImage, '_type'> & { _type: 'imageWithAlt'; _key: string });

const DECORATORS: Record<string, string> = { '**': 'strong', '*': 'em', '++': 'underline', '~~': 'strike-through', '^^': 'title' };
const BLOCK_PREFIXES: [string, Partial<{ style: string; listItem: string }>][] = [
  ['## ', { style: 'h2' }],
  ['### ', { style: 'h3' }],
  ['> ', { style: 'blockquote' }],
  ['- ', { listItem: 'bullet' }],
  ['1. ', { listItem: 'number' }],
  ['<| ', { style: 'alignLeft' }],
  ['|| ', { style: 'alignCenter' }],
  ['|> ', { style: 'alignRight' }],
];
const INLINE = /\[([^\]]+)\]\(([^)]+)\)|\*\*|\+\+|~~|\^\^|\*|\n/g;

/**
 * Convert `paragraphs` to Portable Text. `image(file, alt)` builds the image field of an
 * `imageWithAlt` block; `scope` (usually the document id) seeds the `_key`s.
 */
export function portableText(scope: string, paragraphs: string[], image: (file: string, alt: string) => SanityImage): Block[] {
  let counter = 0;
  const key = () => stableKey(`${scope}/${counter++}`);
  return paragraphs.map((source) => {
    const picture = /^!\[([^\]]*)\]\(image:([^)]+)\)$/.exec(source);
    if (picture) return { ...image(picture[2], picture[1]), _type: 'imageWithAlt' as const, _key: key() };

    const [prefix, shape] = BLOCK_PREFIXES.find(([p]) => source.startsWith(p)) ?? ['', {}];
    const text = source.slice(prefix.length);
    const block: Extract<Block, { _type: 'block' }> = { _type: 'block', _key: key(), style: shape.style ?? 'normal', markDefs: [], children: [] };
    if (shape.listItem) Object.assign(block, { listItem: shape.listItem, level: 1 });

    const active: string[] = [];
    const pushText = (t: string, extra: string[] = []) => {
      if (t) block.children.push({ _type: 'span', _key: key(), text: t, marks: [...active, ...extra] });
    };
    let last = 0;
    for (const match of text.matchAll(INLINE)) {
      pushText(text.slice(last, match.index));
      last = match.index + match[0].length;
      if (match[1] !== undefined) {
        const markKey = key();
        const target = match[2];
        block.markDefs.push(
          target.startsWith('@')
            ? { _type: 'pageLink', _key: markKey, reference: { _type: 'reference', _ref: target.slice(1) } }
            : { _type: 'link', _key: markKey, href: target },
        );
        pushText(match[1], [markKey]);
      } else if (match[0] === '\n') {
        block.children.push({ _type: 'linebreak', _key: key() });
      } else {
        const mark = DECORATORS[match[0]];
        const at = active.indexOf(mark);
        if (at >= 0) active.splice(at, 1);
        else active.push(mark);
      }
    }
    pushText(text.slice(last));
    if (block.children.length === 0) pushText(' ');
    return block;
  });
}
