/** /journal/{slug}: one journal entry: breadcrumbs, title, date and author, main image, body. */
import { EditorialDate } from '../components/EditorialDate';
import { EditorialEntry } from '../components/EditorialEntry';
import { RichText } from '../components/RichText';
import { useRouteData } from '../lib/route-data';

export function JournalEntryPage() {
  const { entry } = useRouteData('journalEntry');
  const meta = (
    <>
      {entry.date && <EditorialDate date={entry.date} />}
      {entry.date && entry.author && ' · '}
      {entry.author && <span>By {entry.author}</span>}
    </>
  );
  return (
    <EditorialEntry list={{ name: 'Journal', href: '/journal' }} title={entry.title} meta={meta} image={entry.image}>
      <div className="container container--narrow">
        {entry.excerpt && <p className="entry__lede">{entry.excerpt}</p>}
        <RichText value={entry.body} />
      </div>
    </EditorialEntry>
  );
}
