/**
 * The `cart` route's data (shared/route-data.ts): the cart named by the page request's `cart_id`
 * cookie (set by the no-JavaScript add-to-cart form), or null when there is no cookie, it is not
 * a cart id, or the cart is unknown or completed. Personal: answered `private, no-store`.
 */
import type { RouteDataMap } from '../../shared/route-data';
import { CART_COOKIE, readCookie } from '../http/cookies';
import { cartIdSchema, fetchCart } from '../upstream/storefront/cart';
import type { StorefrontClient } from '../upstream/storefront/client';
import type { ShopifyReshapeOptions } from '../upstream/storefront/reshape';

/** @throws UpstreamError when the Storefront API fails (the data source turns it into a 5xx page) */
export async function loadCart(client: StorefrontClient, reshape: ShopifyReshapeOptions, request: Request): Promise<RouteDataMap['cart']> {
  const id = cartIdSchema.safeParse(readCookie(request.headers.get('cookie'), CART_COOKIE));
  const cart = id.success ? await fetchCart(client, id.data, reshape) : null;
  return { seo: { title: 'Cart' }, cart };
}
