/**
 * Cart reads shared by the cart API, the availability endpoint, the no-JavaScript cart form and
 * the `cart` loader (spec §3 Cart, §5): the id formats the server accepts, fetching one cart
 * (reshaped), and whether a variant may be added.
 */
import { z } from 'zod';
import type { Cart } from '../../../shared/types';
import type { StorefrontClient } from './client';
import { CART_QUERY, VARIANT_AVAILABILITY_QUERY } from './queries';
import { toCart, type ShopifyReshapeOptions } from './reshape';

/** A Storefront cart id, `gid://shopify/Cart/{token}?key={key}` (at most 300 characters). */
export const cartIdSchema = z.string().regex(/^gid:\/\/shopify\/Cart\/[A-Za-z0-9_-]+(\?key=[A-Za-z0-9]+)?$/).max(300);
export const variantIdSchema = z.string().regex(/^gid:\/\/shopify\/ProductVariant\/\d+$/);
export const sellingPlanIdSchema = z.string().regex(/^gid:\/\/shopify\/SellingPlan\/\d+$/);

/**
 * The cart, reshaped; null when the id names no open cart (unknown, or completed at checkout).
 * @throws UpstreamError when the Storefront API fails or times out
 */
export async function fetchCart(client: StorefrontClient, id: string, opts: ShopifyReshapeOptions): Promise<Cart | null> {
  const data = await client.query(CART_QUERY, { id });
  return data.cart ? toCart(data.cart, opts) : null;
}

/**
 * Spec §5: only a variant available for sale may be added; false for an unknown id too.
 * @throws UpstreamError when the Storefront API fails or times out
 */
export async function isVariantAvailable(client: StorefrontClient, variantId: string): Promise<boolean> {
  const { node } = await client.query(VARIANT_AVAILABILITY_QUERY, { id: variantId });
  return !!node && 'availableForSale' in node && node.availableForSale;
}
