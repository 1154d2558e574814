/** /works: the studio's works, newest first, paginated (`?page=N`). */
import { EditorialList } from '../components/EditorialList';
import { useRouteData } from '../lib/route-data';

export function WorksPage() {
  const { list } = useRouteData('works');
  return <EditorialList list={list} basePath="/works" variant="article" />;
}
