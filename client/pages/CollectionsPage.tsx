/** /collections: the list of collections as tiles. */
import { useLoaderData } from 'react-router';
import type { RouteDataMap } from '../../shared/route-data';
import { CollectionTiles } from '../components/CollectionTiles';

export function CollectionsPage() {
  const { title, collections } = useLoaderData() as RouteDataMap['collections'];
  return (
    <div className="container">
      <header className="page-header"><h1>{title}</h1></header>
      <CollectionTiles collections={collections} />
    </div>
  );
}
