/**
 * Portable Text → HTML, on the server (spec §3 rich-text marks and styles): pageLink, link,
 * underline, strike-through, title, linebreak, imageWithAlt; styles normal, alignLeft,
 * alignCenter, alignRight, plus h2/h3/blockquote and lists (library defaults). Pages get the
 * HTML (shared/types.ts `RichText`), which the browser inserts as it is
 * (client/components/RichText.tsx): rich text never changes there, so neither
 * `@portabletext/react` nor the blocks reach the browser (ADR-0029).
 *
 * Safe to insert: React escapes every text and attribute, and a link's href is one of a shop
 * path, an http(s) URL, `mailto:` or `tel:`; any other scheme (`javascript:`…) leaves the text
 * without a link. In-app links are plain anchors here; the browser's RichText routes a click on
 * a root-relative one in the app, as react-router's `<Link>` does.
 */
import { PortableText, type PortableTextComponents, type PortableTextMarkComponentProps } from '@portabletext/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Picture } from '../../../client/components/Picture';
import { isExternalHref } from '../../../shared/links';
import type { Picture as PictureData, RichText, RichTextBlocks } from '../../../shared/types';

/** Inline, as phone links in editors' text carry no class of their own. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** The mark def of a `pageLink` (href resolved by the server, null when the target is gone) or `link`. */
type LinkMark = { _type: string; _key?: string; href?: string | null };

const components: PortableTextComponents = {
  block: {
    normal: ({ children }) => <p>{children}</p>,
    alignLeft: ({ children }) => <p className="align-left">{children}</p>,
    alignCenter: ({ children }) => <p className="align-center">{children}</p>,
    alignRight: ({ children }) => <p className="align-right">{children}</p>,
  },
  marks: {
    pageLink: ({ value, children }: PortableTextMarkComponentProps<LinkMark>) =>
      value?.href ? <a href={value.href}>{children}</a> : <>{children}</>,
    // An explicit url (spec §2): web pages open in a new tab, mail and phone links in place,
    // shop paths route in the app; any other scheme (javascript:…) is not rendered as a link.
    link: ({ value, children }: PortableTextMarkComponentProps<LinkMark>) => {
      const href = value?.href ?? '';
      if (/^https?:\/\//i.test(href))
        return (
          <a href={href} target="_blank" rel="noopener noreferrer">
            {children}
          </a>
        );
      // A phone number must not wrap at its space or hyphen (html-validate tel-non-breaking).
      if (/^tel:/i.test(href))
        return (
          <a href={href} style={NO_WRAP}>
            {children}
          </a>
        );
      if (/^mailto:/i.test(href)) return <a href={href}>{children}</a>;
      return href && !isExternalHref(href) ? <a href={href}>{children}</a> : <>{children}</>;
    },
    underline: ({ children }) => <u>{children}</u>,
    'strike-through': ({ children }) => <s>{children}</s>,
    title: ({ children }) => <span className="rt-title">{children}</span>,
  },
  types: {
    linebreak: () => <br />,
    imageWithAlt: ({ value }: { value: { picture?: PictureData | null; alt?: string } }) =>
      value.picture ? (
        <figure className="rt-image">
          <Picture picture={value.picture} alt={value.alt} sizes="(min-width: 768px) 720px, 100vw" />
        </figure>
      ) : null,
  },
};

/** The blocks as HTML; '' for none. */
export function renderRichText(blocks: RichTextBlocks): RichText {
  return { html: blocks.length ? renderToStaticMarkup(<PortableText value={blocks} components={components} />) : '' };
}
