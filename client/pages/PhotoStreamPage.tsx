/**
 * /photo-stream: the grid of pictures, paginated (`?page=N`). It is also the parent of
 * /photo-stream/{slug}: an item opened from the grid (location state `overGrid`) is shown over
 * the grid; opened directly (a link from elsewhere, a reload, SSR) it is a full page alone.
 */
import { useLocation, useOutlet } from 'react-router';
import { EditorialList, isOverGrid } from '../components/EditorialList';
import { useRouteData } from '../lib/route-data';

export function PhotoStreamPage() {
  const { list } = useRouteData('photoStream');
  const outlet = useOutlet();
  const location = useLocation();
  if (outlet && !isOverGrid(location.state)) return outlet;
  return (
    <>
      <EditorialList list={list} basePath="/photo-stream" variant="photo" />
      {outlet}
    </>
  );
}
