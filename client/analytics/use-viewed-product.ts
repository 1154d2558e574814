/**
 * The product page's "Viewed Product" events (spec §7): once per product and variant shown, in
 * the browser after hydration (an effect), never again for the same pair when the route data is
 * revalidated.
 */
import { useEffect, useRef } from 'react';
import type { ProductDetail, ProductVariant } from '../../shared/types';
import { trackViewedProduct } from './index';

export function useViewedProductEvent(product: ProductDetail, variant: ProductVariant | undefined): void {
  const lastSent = useRef<string | null>(null);
  useEffect(() => {
    if (!variant) return;
    const key = `${product.id}|${variant.id}`;
    if (lastSent.current === key) return;
    lastSent.current = key;
    trackViewedProduct(product, variant);
  }, [product, variant]);
}
