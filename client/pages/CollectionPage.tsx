/** /collections/{slug}: hero, description and the collection's products. */
import { DeferHydration } from '../components/DeferHydration';
import { Picture } from '../components/Picture';
import { ProductGrid } from '../components/ProductCard';
import { useRouteData } from '../lib/route-data';

export function CollectionPage() {
  const { collection, products } = useRouteData('collection');
  return (
    <div className="collection">
      <header className={`collection-hero${collection.image ? '' : ' collection-hero--plain'}`}>
        {collection.image && <Picture picture={collection.image} priority className="collection-hero__image" />}
        <div className="collection-hero__content">
          <h1>{collection.title}</h1>
          {collection.descriptionHtml && <div className="collection-hero__text" dangerouslySetInnerHTML={{ __html: collection.descriptionHtml }} />}
        </div>
      </header>
      <DeferHydration>
        <div className="container">
          <ProductGrid products={products} eagerCount={2} priorityFirst={!collection.image} secondary={Boolean(collection.image)} />
        </div>
      </DeferHydration>
    </div>
  );
}
