/**
 * An editorial list page (journal, works, photo stream): title, the intro (the list document's
 * body), the cards and the pagination. Photo-stream tiles are square pictures whose links open
 * the item over the grid (location state `overGrid`, see PhotoStreamItemPage) without resetting
 * the scroll position, so Back returns to the same place.
 */
import { Link } from 'react-router';
import type { EditorialCard, EditorialList as EditorialListData } from '../../shared/types';
import { EditorialDate } from './EditorialDate';
import { Pagination } from './Pagination';
import { Picture } from './Picture';
import { RichText } from './RichText';

/** The location state of a photo-stream item opened from the grid. */
export type OverGridState = { overGrid: true };

/** Whether a location's state says the item was opened from the grid (history state is untyped). */
export const isOverGrid = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as Partial<OverGridState>).overGrid === true;

function Card({ card, variant, eager }: { card: EditorialCard; variant: 'article' | 'photo'; eager: boolean }) {
  if (variant === 'photo') {
    return (
      <Link to={card.href} state={{ overGrid: true } satisfies OverGridState} preventScrollReset className="photo-tile">
        {card.image && <Picture picture={card.image} ratio={1} eager={eager} sizes="(min-width: 1024px) 33vw, 50vw" />}
        <span className="photo-tile__title">{card.title}</span>
      </Link>
    );
  }
  return (
    <article className="editorial-card">
      <Link to={card.href} className="editorial-card__link">
        {card.image && <Picture picture={card.image} ratio={3 / 2} eager={eager} sizes="(min-width: 768px) 50vw, 100vw" />}
        <h2 className="editorial-card__title">{card.title}</h2>
      </Link>
      <p className="editorial-card__meta">
        {card.date && <EditorialDate date={card.date} />}
        {card.date && card.byline && ' · '}
        {card.byline}
      </p>
      {card.excerpt && <p className="editorial-card__excerpt">{card.excerpt}</p>}
    </article>
  );
}

export function EditorialList({ list, basePath, variant }: { list: EditorialListData; basePath: string; variant: 'article' | 'photo' }) {
  return (
    <div className="container editorial-list">
      <header className="page-header">
        <h1>
          {list.title}
          {list.pagination.page > 1 && <span className="visually-hidden">, page {list.pagination.page}</span>}
        </h1>
        <RichText value={list.intro} className="editorial-list__intro" />
      </header>
      {list.items.length > 0 ? (
        <ul className={variant === 'photo' ? 'photo-grid' : 'editorial-grid'}>
          {list.items.map((card, i) => (
            <li key={card.key}>
              <Card card={card} variant={variant} eager={i < 2} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="editorial-list__empty">Nothing here yet.</p>
      )}
      <Pagination pagination={list.pagination} basePath={basePath} label={list.title} />
    </div>
  );
}
