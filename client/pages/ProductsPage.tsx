/** /products: every product as a card grid. */
import { useLoaderData } from 'react-router';
import type { RouteDataMap } from '../../shared/route-data';
import { ProductGrid } from '../components/ProductCard';

export function ProductsPage() {
  const { products, seo } = useLoaderData() as RouteDataMap['products'];
  return (
    <div className="container">
      <header className="page-header"><h1>{seo.title}</h1></header>
      <ProductGrid products={products} eagerCount={4} />
    </div>
  );
}
