/**
 * The layout a journal entry and a work share (spec §2 /journal/{slug}, /works/{slug}):
 * breadcrumbs back to their list, the title with a meta line, the main image, then the page's
 * own body (lede, Portable Text, gallery).
 */
import type { ReactNode } from 'react';
import type { Picture as PictureData } from '../../shared/types';
import { Breadcrumbs } from './Breadcrumbs';
import { Picture } from './Picture';

export function EditorialEntry(props: {
  /** The list the entry belongs to, e.g. { name: 'Journal', href: '/journal' }. */
  list: { name: string; href: string };
  title: string;
  /** The line under the title (date, author, client …); nothing when empty. */
  meta: ReactNode;
  image: PictureData | null;
  children: ReactNode;
}) {
  const { list, title, meta, image, children } = props;
  return (
    <article className="entry">
      <div className="container container--narrow">
        <Breadcrumbs trail={[{ name: 'Home', href: '/' }, list]} current={title} />
        <header className="entry__header">
          <h1>{title}</h1>
          <p className="entry__meta">{meta}</p>
        </header>
      </div>
      {image && <Picture picture={image} priority ratio={3 / 2} className="entry__image" sizes="(min-width: 1100px) 1040px, 100vw" />}
      {children}
    </article>
  );
}
