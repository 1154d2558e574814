/**
 * What is available to sell: the seeded quantity minus what orders took. Carts never reserve
 * stock (as on Shopify); only a placed order decrements it. The sold counts are rebuilt from the
 * persisted orders at start, so they survive restarts without a file of their own.
 */
import type { VariantModel } from './catalog';

export class Inventory {
  private readonly sold = new Map<number, number>();

  /** Units of `variant` that can still be bought (never negative). */
  available(variant: VariantModel): number {
    return Math.max(0, variant.seededQuantity - (this.sold.get(variant.numericId) ?? 0));
  }

  /** Record `quantity` units of a variant as sold (by an order). */
  recordSale(variantId: number, quantity: number): void {
    this.sold.set(variantId, (this.sold.get(variantId) ?? 0) + quantity);
  }
}
