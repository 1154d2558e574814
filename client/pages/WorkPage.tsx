/** /works/{slug}: one work: breadcrumbs, title, client and date, main image, body and gallery. */
import { EditorialDate } from '../components/EditorialDate';
import { EditorialEntry } from '../components/EditorialEntry';
import { Picture } from '../components/Picture';
import { RichText } from '../components/RichText';
import { useRouteData } from '../lib/route-data';

export function WorkPage() {
  const { work } = useRouteData('work');
  const meta = (
    <>
      {work.client && <span>For {work.client}</span>}
      {work.client && work.date && ' · '}
      {work.date && <EditorialDate date={work.date} />}
    </>
  );
  return (
    <EditorialEntry list={{ name: 'Works', href: '/works' }} title={work.title} meta={meta} image={work.image}>
      <div className="container container--narrow">
        <RichText value={work.body} />
      </div>
      {work.gallery.length > 0 && (
        <ul className="work-gallery container" aria-label="Gallery">
          {work.gallery.map((picture) => (
            <li key={picture.src}>
              <Picture picture={picture} ratio={1} sizes="(min-width: 768px) 50vw, 100vw" />
            </li>
          ))}
        </ul>
      )}
    </EditorialEntry>
  );
}
