/**
 * No-JavaScript add to cart (Hydrogen's CartForm pattern, issue 4): a product page's plain
 * `<form method="post" action="/cart">` with `application/x-www-form-urlencoded` fields
 *   merchandiseId  gid://shopify/ProductVariant/{n}   (required)
 *   quantity       1–999                               (default 1)
 *   sellingPlanId  gid://shopify/SellingPlan/{n}       (optional)
 * adds the line to the cart named by the `cart_id` cookie — a new cart when the cookie is
 * missing or names no open cart — sets `cart_id` (../http/cookies.ts) and answers
 * `303 See Other` → `/cart`. Every answer is `private, no-store`.
 *   303 → /cart?error=unavailable   the variant is not available for sale (the cart is untouched)
 *   400 text   bad form fields;  403 text   cross-origin Origin;  415 text   not a form body
 *   422 / 502 / 504 text   the Storefront API refused / failed / timed out, with spec §8's
 *                          "Cart fetch or cart line item addition went wrong."

 */
import express, { Router, type Response } from 'express';
import { z } from 'zod';
import type { Config } from '../config';
import { CART_COOKIE, cartCookieOptions, readCookie } from '../http/cookies';
import { originAllowed } from '../http/json-api';
import { MESSAGES } from '../http/messages';
import { currentRequest } from '../http/request-context';
import type { Logger } from '../logger';
import { UpstreamError } from '../upstream/errors';
import { cartIdSchema, fetchCart, isVariantAvailable, sellingPlanIdSchema, variantIdSchema } from '../upstream/storefront/cart';
import type { StorefrontClient, StorefrontClientFactory } from '../upstream/storefront/client';
import { CART_CREATE, CART_LINES_ADD } from '../upstream/storefront/mutations';
import type { ShopifyReshapeOptions } from '../upstream/storefront/reshape';

const Form = z.object({
  merchandiseId: variantIdSchema,
  quantity: z.string().regex(/^\d{1,3}$/).transform(Number).pipe(z.number().min(1)).optional().default(1),
  sellingPlanId: z.union([z.literal('').transform(() => undefined), sellingPlanIdSchema]).optional(),
});

/** Where an unavailable variant sends the shopper; the cart page shows MESSAGES.lineUnavailable. */
export const CART_UNAVAILABLE_LOCATION = '/cart?error=unavailable';

/** Thrown when the Storefront API refuses to create a cart or add the line (user errors). */
class CartWriteRefused extends Error {}

export function cartFormRoutes(deps: { config: Config; storefront: StorefrontClientFactory; log: Logger }): Router {
  const router = Router();
  const siteOrigin = new URL(deps.config.siteUrl).origin;
  const text = (res: Response, status: number, message: string) => void res.status(status).type('text/plain').send(message);

  /** The cookie's cart when it is still open, else a new cart's id. */
  async function cartFor(client: StorefrontClient, cookieValue: string | null, reshape: ShopifyReshapeOptions): Promise<string> {
    const id = cartIdSchema.safeParse(cookieValue);
    if (id.success && (await fetchCart(client, id.data, reshape))) return id.data;
    const created = await client.mutate(CART_CREATE, {});
    const cart = created.cartCreate?.cart;
    if (!cart || created.cartCreate?.userErrors.length) throw new CartWriteRefused('cartCreate refused');
    return cart.id;
  }

  router.post('/cart', express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 }), async (req, res, next) => {
    res.setHeader('Cache-Control', 'private, no-store');
    if (!originAllowed(req, siteOrigin)) return text(res, 403, 'Forbidden');
    if (!req.is('application/x-www-form-urlencoded')) return text(res, 415, 'Send the add-to-cart form (application/x-www-form-urlencoded).');
    const form = Form.safeParse(req.body ?? {});
    if (!form.success) return text(res, 400, MESSAGES.lineUnavailable);
    const { merchandiseId, quantity, sellingPlanId } = form.data;
    const log = currentRequest()?.log ?? deps.log;
    const client = deps.storefront(currentRequest()?.clientIp ?? null);
    try {
      if (!(await isVariantAvailable(client, merchandiseId))) return void res.redirect(303, CART_UNAVAILABLE_LOCATION);
      const cartId = await cartFor(client, readCookie(req.get('cookie'), CART_COOKIE), { imageOrigin: deps.config.storefront.imageOrigin, log });
      const added = await client.mutate(CART_LINES_ADD, { cartId, lines: [{ merchandiseId, quantity, sellingPlanId }] });
      if (!added.cartLinesAdd?.cart || added.cartLinesAdd.userErrors.length) {
        log.warn({ userErrors: added.cartLinesAdd?.userErrors }, 'no-JS add to cart refused');
        throw new CartWriteRefused('cartLinesAdd refused');
      }
      res.cookie(CART_COOKIE, cartId, cartCookieOptions(deps.config.siteUrl));
      res.redirect(303, '/cart');
    } catch (err) {
      if (!(err instanceof UpstreamError || err instanceof CartWriteRefused)) return next(err);
      log.error({ err }, MESSAGES.cartAddFailed);
      text(res, err instanceof UpstreamError ? err.status : 422, MESSAGES.cartAddFailed);
    }
  });

  return router;
}
