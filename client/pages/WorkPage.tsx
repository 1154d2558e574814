/** /works/{slug}: one work: breadcrumbs, title, client and date, main image, body and gallery. */
import { Breadcrumbs } from '../components/Breadcrumbs';
import { EditorialDate } from '../components/EditorialDate';
import { Picture } from '../components/Picture';
import { RichText } from '../components/RichText';
import { useRouteData } from '../lib/route-data';

export function WorkPage() {
  const { work } = useRouteData('work');
  return (
    <article className="entry">
      <div className="container container--narrow">
        <Breadcrumbs
          trail={[
            { name: 'Home', href: '/' },
            { name: 'Works', href: '/works' },
          ]}
          current={work.title}
        />
        <header className="entry__header">
          <h1>{work.title}</h1>
          <p className="entry__meta">
            {work.client && <span>For {work.client}</span>}
            {work.client && work.date && ' · '}
            {work.date && <EditorialDate date={work.date} />}
          </p>
        </header>
      </div>
      {work.image && <Picture picture={work.image} eager ratio={3 / 2} className="entry__image" sizes="(min-width: 1100px) 1040px, 100vw" />}
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
    </article>
  );
}
