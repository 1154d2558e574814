/** A generic content page (/{slug}, and /about): optional hero image, title and Portable Text body. */
import { ContentArticle } from '../components/ContentArticle';
import { useRouteData } from '../lib/route-data';

export function ContentPage() {
  const { page } = useRouteData('page');
  return <ContentArticle page={page} />;
}
