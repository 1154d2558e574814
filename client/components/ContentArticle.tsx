/**
 * The layout every content page shares (generic pages, about, membership, contact, retail
 * partners): a hero image, the title, the Portable Text body, then the page's own parts.
 */
import type { ReactNode } from 'react';
import type { ContentPage } from '../../shared/types';
import { Picture } from './Picture';
import { RichText } from './RichText';

export function ContentArticle({ page, children }: { page: ContentPage; children?: ReactNode }) {
  return (
    <article className="content-page">
      {page.heroImage && <Picture picture={page.heroImage} priority className="content-page__hero" />}
      <div className="container container--narrow">
        <h1>{page.title}</h1>
        <RichText value={page.body} />
        {children}
      </div>
    </article>
  );
}
