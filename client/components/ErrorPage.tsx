/**
 * The error page (spec §2): status code, the fixed apology (once), and a "Back to Home" button
 * only for statuses below 500. A 4xx also shows its message ("Page Not Found: /path"); a 5xx
 * does not, since upstream failures carry the apology itself as their message and anything
 * else is for the logs.
 */
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { RouteError } from '../../shared/route-data';
import { HeadSync } from './HeadSync';

export const ERROR_TEXT = 'Whoops something went wrong on our end. Please refresh the page and try again.';

/** Status and message of whatever a loader or render threw. */
export function describeError(error: unknown): { status: number; message: string } {
  if (error instanceof RouteError) return { status: error.status, message: error.message };
  if (isRouteErrorResponse(error)) return { status: error.status, message: typeof error.data === 'string' ? error.data : error.statusText };
  // Anything else is a bug: its text is for the logs, not for shoppers.
  return { status: 500, message: 'Internal Server Error' };
}

/** Page title for an error status (server and browser agree on it). */
export const errorTitle = (status: number) => (status === 404 ? 'Page Not Found' : 'Error');

/** `bare`: rendered without the shell (the root route failed, so there is no header). */
export function ErrorPage({ bare = false }: { bare?: boolean }) {
  const { status, message } = describeError(useRouteError());
  const body = (
    <section className="error-page" aria-labelledby="error-status">
      {/* The page's one level-one heading: the status is what the page is about. */}
      <h1 id="error-status" className="error-page__status">
        {status}
      </h1>
      <p className="error-page__text">{ERROR_TEXT}</p>
      {status < 500 && message && message !== ERROR_TEXT && <p className="error-page__message">{message}</p>}
      {status < 500 && (
        <Link to="/" className="button">
          Back to Home
        </Link>
      )}
      <HeadSync errorTitle={errorTitle(status)} />
    </section>
  );
  return bare ? (
    <main id="main" className="page page--bare">
      {body}
    </main>
  ) : (
    body
  );
}
