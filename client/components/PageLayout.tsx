/** The page slot inside the shell: the matched page plus the head sync for client navigation. */
import { Outlet } from 'react-router';
import { HeadSync } from './HeadSync';

export function PageLayout() {
  return (
    <>
      <HeadSync />
      <Outlet />
    </>
  );
}
