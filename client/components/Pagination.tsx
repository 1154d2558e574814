/**
 * Visible pagination of an editorial list (`?page=N`): previous / next links and the page
 * numbers, the current one marked `aria-current="page"`. Nothing when there is one page.
 */
import { Link } from 'react-router';
import type { Pagination as PaginationData } from '../../shared/types';

/** The path of page `page` given the list's base path (the first page has no query). */
const pageHref = (base: string, page: number) => (page <= 1 ? base : `${base}?page=${page}`);

export function Pagination({ pagination, basePath, label }: { pagination: PaginationData; basePath: string; label: string }) {
  if (pagination.pageCount <= 1) return null;
  const pages = Array.from({ length: pagination.pageCount }, (_, i) => i + 1);
  return (
    <nav className="pagination" aria-label={`${label} pages`}>
      {pagination.prev ? (
        <Link to={pagination.prev} rel="prev" className="pagination__step">
          ← Newer
        </Link>
      ) : (
        <span className="pagination__step" aria-hidden="true" />
      )}
      <ol className="pagination__pages">
        {pages.map((page) => (
          <li key={page}>
            {page === pagination.page ? (
              <span aria-current="page" className="pagination__page is-current">
                <span className="visually-hidden">Page </span>
                {page}
              </span>
            ) : (
              <Link to={pageHref(basePath, page)} className="pagination__page">
                <span className="visually-hidden">Page </span>
                {page}
              </Link>
            )}
          </li>
        ))}
      </ol>
      {pagination.next ? (
        <Link to={pagination.next} rel="next" className="pagination__step">
          Older →
        </Link>
      ) : (
        <span className="pagination__step" aria-hidden="true" />
      )}
    </nav>
  );
}
