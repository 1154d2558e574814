/** /photo-stream/{slug}: one picture, as a dialog over the grid or (opened directly) a full page. */
import { useLocation } from 'react-router';
import { isOverGrid } from '../components/EditorialList';
import { PhotoStreamDialog } from '../components/PhotoStreamDialog';
import { PhotoStreamFigure } from '../components/PhotoStreamFigure';
import { useRouteData } from '../lib/route-data';

export function PhotoStreamItemPage() {
  const { item } = useRouteData('photoStreamItem');
  const location = useLocation();
  if (isOverGrid(location.state)) return <PhotoStreamDialog item={item} />;
  return (
    <div className="container photo-page">
      <PhotoStreamFigure item={item} overGrid={false} />
    </div>
  );
}
