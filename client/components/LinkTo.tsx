/** A resolved navigation link (spec §2): explicit urls open in a new tab, the rest route in-app. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { NavLink } from '../../shared/types';

export function LinkTo({ link, className, children }: { link: NavLink; className?: string; children?: ReactNode }) {
  if (link.external) {
    return (
      <a href={link.href} className={className} target="_blank" rel="noopener noreferrer">
        {children ?? link.title}
      </a>
    );
  }
  return (
    <Link to={link.href} className={className}>
      {children ?? link.title}
    </Link>
  );
}
