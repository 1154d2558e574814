/** A visible breadcrumb trail (the same steps as the page's BreadcrumbList JSON-LD). */
import { Link } from 'react-router';

export function Breadcrumbs({ trail, current }: { trail: { name: string; href: string }[]; current: string }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {trail.map((crumb) => (
          <li key={crumb.href}>
            <Link to={crumb.href}>{crumb.name}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
