/** /products: every product as a card grid. */
import { ProductGrid } from '../components/ProductCard';
import { useRouteData } from '../lib/route-data';

export function ProductsPage() {
  const { products, seo } = useRouteData('products');
  return (
    <div className="container">
      <header className="page-header">
        <h1>{seo.title}</h1>
      </header>
      <ProductGrid products={products} eagerCount={4} />
    </div>
  );
}
