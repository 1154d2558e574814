/**
 * The `cart` route's data (shared/route-data.ts): the cart named by the page request's `cart_id`
 * cookie (set by the no-JavaScript add-to-cart form), or null when there is no cookie, it is not
 * a cart id, or the cart is unknown or completed. Personal: answered `private, no-store`.
 */
import type { RouteDataMap } from '../../shared/route-data';
import { cartIdSchema } from '../cart/input';
import type { CartService } from '../cart/service';
import { CART_COOKIE, readCookie } from '../http/cookies';

/** @throws UpstreamError when the Storefront API fails (the data source turns it into a 5xx page) */
export async function loadCart(cart: CartService, request: Request): Promise<RouteDataMap['cart']> {
  const id = cartIdSchema.safeParse(readCookie(request.headers.get('cookie'), CART_COOKIE));
  return { seo: { title: 'Cart' }, cart: id.success ? await cart.find(id.data) : null };
}
