/** /journal: the journal's intro and its entries, newest first, paginated (`?page=N`). */
import { EditorialList } from '../components/EditorialList';
import { useRouteData } from '../lib/route-data';

export function JournalPage() {
  const { list } = useRouteData('journal');
  return <EditorialList list={list} basePath="/journal" variant="article" />;
}
