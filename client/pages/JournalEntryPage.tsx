/** /journal/{slug}: one journal entry: breadcrumbs, title, date and author, main image, body. */
import { Breadcrumbs } from '../components/Breadcrumbs';
import { EditorialDate } from '../components/EditorialDate';
import { Picture } from '../components/Picture';
import { RichText } from '../components/RichText';
import { useRouteData } from '../lib/route-data';

export function JournalEntryPage() {
  const { entry } = useRouteData('journalEntry');
  return (
    <article className="entry">
      <div className="container container--narrow">
        <Breadcrumbs
          trail={[
            { name: 'Home', href: '/' },
            { name: 'Journal', href: '/journal' },
          ]}
          current={entry.title}
        />
        <header className="entry__header">
          <h1>{entry.title}</h1>
          <p className="entry__meta">
            {entry.date && <EditorialDate date={entry.date} />}
            {entry.date && entry.author && ' · '}
            {entry.author && <span>By {entry.author}</span>}
          </p>
        </header>
      </div>
      {entry.image && <Picture picture={entry.image} eager ratio={3 / 2} className="entry__image" sizes="(min-width: 1100px) 1040px, 100vw" />}
      <div className="container container--narrow">
        {entry.excerpt && <p className="entry__lede">{entry.excerpt}</p>}
        <RichText value={entry.body} />
      </div>
    </article>
  );
}
