/**
 * One photo-stream picture with its title, caption, date and links to its neighbours. Over the
 * grid the neighbour links replace the current history entry (so one Back closes the dialog and
 * returns to the grid) and keep the scroll position.
 */
import { Link } from 'react-router';
import type { PhotoStreamItem } from '../../shared/types';
import { EditorialDate } from './EditorialDate';
import type { OverGridState } from './EditorialList';
import { Picture } from './Picture';

export function PhotoStreamFigure({ item, overGrid, titleId }: { item: PhotoStreamItem; overGrid: boolean; titleId?: string }) {
  const Title = overGrid ? 'h2' : 'h1';
  const neighbour = overGrid ? { state: { overGrid: true } satisfies OverGridState, replace: true, preventScrollReset: true } : {};
  return (
    <figure className="photo-figure">
      {item.image && <Picture picture={item.image} priority sizes="(min-width: 1024px) 60vw, 100vw" className="photo-figure__image" />}
      <figcaption className="photo-figure__caption">
        <Title id={titleId} className="photo-figure__title">
          {item.title}
        </Title>
        {item.caption && <p>{item.caption}</p>}
        {item.date && <EditorialDate date={item.date} className="photo-figure__date" />}
        <nav className="photo-figure__nav" aria-label="More photos">
          {item.prev && (
            <Link to={item.prev} {...neighbour}>
              ← Newer photo
            </Link>
          )}
          {!overGrid && <Link to="/photo-stream">All photos</Link>}
          {item.next && (
            <Link to={item.next} {...neighbour}>
              Older photo →
            </Link>
          )}
        </nav>
      </figcaption>
    </figure>
  );
}
