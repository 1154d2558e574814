/**
 * The page slot inside the shell (spec §2): the matched page, the head sync for client
 * navigation, and the page transition ("page", out-in, none under reduced motion). A new page
 * is a new direct child route or new params for it; a query change (`?variant=`) is not.
 */
import { useRef } from 'react';
import { Outlet } from 'react-router';
import { PAGE_TRANSITION, usePageTransition } from '../lib/use-page-transition';
import { HeadSync } from './HeadSync';

export function PageLayout() {
  const slot = useRef<HTMLDivElement>(null);
  usePageTransition(slot);
  return (
    <>
      <HeadSync />
      <div ref={slot} className="page-transition" data-transition={PAGE_TRANSITION.name} data-transition-mode={PAGE_TRANSITION.mode}>
        <Outlet />
      </div>
    </>
  );
}
