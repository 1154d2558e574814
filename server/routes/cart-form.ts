/**
 * No-JavaScript add to cart (Hydrogen's CartForm pattern): a product page's plain
 * `<form method="post" action="/cart">` with `application/x-www-form-urlencoded` fields
 *   merchandiseId  gid://shopify/ProductVariant/{n}   (required)
 *   quantity       1–999                               (default 1)
 *   sellingPlanId  gid://shopify/SellingPlan/{n}       (optional)
 * adds the line through the cart service to the cart named by the `cart_id` cookie — or to a
 * new cart created with the line when the cookie names no open cart — sets `cart_id`
 * (../http/cookies.ts) and answers `303 See Other` → `/cart`. Every answer is `private, no-store`.
 *   303 → /cart?error={code}   refused by a cart rule (shared/cart-refusals.ts); nothing was
 *                              written and no cart was created
 *   400 text   bad form fields;  403 text   cross-origin Origin;  415 text   not a form body
 *   422 / 502 / 504 text       the platform refused / failed / timed out (the one error handler)
 */
import express, { Router, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { cartIdSchema, MAX_QUANTITY, sellingPlanIdSchema, variantIdSchema } from '../cart/input';
import type { CartService } from '../cart/service';
import { CART_COOKIE, cartCookieOptions, readCookie } from '../http/cookies';
import { ShopperError } from '../http/errors';
import { originAllowed } from '../http/json-api';
import { MESSAGES } from '../http/messages';
import type { Cart } from '../../shared/types';
import { CACHE } from '../http/request-policy';

const Form = z.object({
  merchandiseId: variantIdSchema,
  quantity: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .pipe(z.number().min(1).max(MAX_QUANTITY))
    .optional()
    .default(1),
  sellingPlanId: z.union([z.literal('').transform(() => undefined), sellingPlanIdSchema]).optional(),
});

/** Where a refusal sends the shopper; the cart page shows the code's text. */
export const cartRefusedLocation = (code: string) => `/cart?error=${encodeURIComponent(code)}`;

/** @param deps.limits run before the form is read: the cartWrites and cartCreate rate limits */
export function cartFormRoutes(deps: { cart: CartService; siteUrl: string; limits: RequestHandler[] }): Router {
  const router = Router();
  const siteOrigin = new URL(deps.siteUrl).origin;
  const text = (res: Response, status: number, message: string) => void res.status(status).type('text/plain').send(message);
  const remember = (res: Response, cart: Cart, cookieCartId: string | null) => {
    // A new cart is counted by the cartCreate rate limit (server/http/rate-limit.ts).
    if (cart.id !== cookieCartId) res.locals.cartCreated = true;
    res.cookie(CART_COOKIE, cart.id, cartCookieOptions(deps.siteUrl));
  };

  router.post('/cart', ...deps.limits, express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 }), async (req, res) => {
    res.setHeader('Cache-Control', CACHE.privateNoStore);
    if (!originAllowed(req, siteOrigin)) return text(res, 403, 'Forbidden');
    if (!req.is('application/x-www-form-urlencoded')) return text(res, 415, 'Send the add-to-cart form (application/x-www-form-urlencoded).');
    const form = Form.safeParse(req.body ?? {});
    if (!form.success) return text(res, 400, MESSAGES.lineUnavailable);
    const cookieCart = cartIdSchema.safeParse(readCookie(req.get('cookie'), CART_COOKIE));
    const cookieCartId = cookieCart.success ? cookieCart.data : null;
    try {
      remember(res, await deps.cart.addLine(cookieCartId, form.data, { orCreate: true }), cookieCartId);
      res.redirect(303, '/cart');
    } catch (err) {
      if (!(err instanceof ShopperError)) throw err;
      // 409: the line went in, changed by the platform (fewer left than asked): show the cart as it is.
      if (err.status === 409 && err.details.cart) {
        remember(res, err.details.cart, cookieCartId);
        return res.redirect(303, cartRefusedLocation('not-enough-stock'));
      }
      if (!err.details.code) throw err;
      res.redirect(303, cartRefusedLocation(err.details.code));
    }
  });

  return router;
}
