/** A generic content page (/{slug}): optional hero image, title and Portable Text body. */
import { Picture } from '../components/Picture';
import { RichText } from '../components/RichText';
import { useRouteData } from '../lib/route-data';

export function ContentPage() {
  const { page } = useRouteData('page');
  return (
    <article className="content-page">
      {page.heroImage && <Picture picture={page.heroImage} eager className="content-page__hero" />}
      <div className="container container--narrow">
        <h1>{page.title}</h1>
        <RichText value={page.body} />
      </div>
    </article>
  );
}
