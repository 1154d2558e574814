/** /collections: the list of collections as tiles. */
import { CollectionTiles } from '../components/CollectionTiles';
import { useRouteData } from '../lib/route-data';

export function CollectionsPage() {
  const { title, collections } = useRouteData('collections');
  return (
    <div className="container">
      <header className="page-header">
        <h1>{title}</h1>
      </header>
      <CollectionTiles collections={collections} />
    </div>
  );
}
