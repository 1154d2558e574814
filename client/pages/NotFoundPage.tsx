/** /404: the settings' page-not-found title and text (answers with status 404). */
import { Link } from 'react-router';
import { useRouteData } from '../lib/route-data';

export function NotFoundPage() {
  const { settings } = useRouteData('root');
  return (
    <section className="error-page">
      <p className="error-page__status">404</p>
      <h1>{settings.page404.page404Title || 'Page Not Found'}</h1>
      {settings.page404.text && <p className="error-page__text">{settings.page404.text}</p>}
      <Link to="/" className="button">
        Back to Home
      </Link>
    </section>
  );
}
