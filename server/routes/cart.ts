/**
 * The cart JSON API (docs/architecture.md §5; spec §4/§5/§7/§8), over the cart service:
 *   POST   /api/cart          {}                                   create an empty cart (buyer country, no lines)
 *   GET    /api/cart?id=                                           fetch
 *   POST   /api/cart/lines    { cartId?, merchandiseId, quantity?, sellingPlanId?, attributes? }
 *                             add; without cartId, the cart is created holding the line (201):
 *                             the browser's first add to cart, so a page view makes no cart
 *   PATCH  /api/cart/lines    { cartId, line: { id, merchandiseId, quantity } }
 *   DELETE /api/cart/lines    { cartId, lineId }
 *   PUT    /api/cart/attributes { cartId, checkoutType, deliveryDate, pickupDate, isGift, giftNote, receiverEmail }
 * Success: ApiResult<Cart> with spec §8's message. A malformed body is a 400 with the spec §5
 * message of the field at fault; every other failure is thrown to the one error handler
 * (server/http/errors.ts): 404 unknown cart or line (a line: with the spec §8 message of the
 * operation and the cart as it is in `data`), 409 changed by the platform, 422 refused by a rule
 * (both with the cart as it is in `data`), 502/504 upstream failure.
 */
import { Router, type Response } from 'express';
import { z } from 'zod';
import type { Cart } from '../../shared/types';
import {
  cartIdSchema,
  checkoutDetailsSchema,
  lineAttributeSchema,
  lineIdSchema,
  MAX_QUANTITY,
  sellingPlanIdSchema,
  variantIdSchema,
} from '../cart/input';
import type { CartService } from '../cart/service';
import { ShopperError } from '../http/errors';
import { sendResult } from '../http/json-api';
import { MESSAGES } from '../http/messages';

const AddBody = z.object({
  cartId: cartIdSchema.optional(),
  merchandiseId: variantIdSchema,
  quantity: z.number().int().min(1).max(MAX_QUANTITY).default(1),
  sellingPlanId: sellingPlanIdSchema.optional(),
  attributes: z.array(lineAttributeSchema).max(20).optional(),
});
const UpdateBody = z.object({
  cartId: cartIdSchema,
  line: z.object({ id: lineIdSchema, merchandiseId: variantIdSchema, quantity: z.number().int().min(0).max(MAX_QUANTITY) }),
});
const RemoveBody = z.object({ cartId: cartIdSchema, lineId: lineIdSchema });
const AttributesBody = checkoutDetailsSchema.extend({ cartId: cartIdSchema });

/** 400 messages by the first bad field (spec §5 wording where the spec has one); `*` for any other. */
type FieldMessages = Record<string, string> & { '*': string };

/**
 * The parsed body, or a ShopperError 400 whose message is the one for the first field at fault.
 * @throws ShopperError 400
 */
function parse<T>(schema: z.ZodType<T>, body: unknown, messages: FieldMessages): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const field = String(parsed.error.issues[0]?.path[0] ?? '');
  throw new ShopperError(400, messages[field] ?? messages['*']);
}

const ok = (res: Response, message: string, cart: Cart, status = 200) => sendResult<Cart>(res, status, { isError: false, message, data: cart });

const DATE_FORMAT = 'Dates must be real days written YYYY-MM-DD.';

export function cartRoutes(cart: CartService): Router {
  const router = Router();

  router.post('/api/cart', async (_req, res) => {
    const created = await cart.create();
    // Counted by the cartCreate rate limit (server/http/rate-limit.ts).
    res.locals.cartCreated = true;
    ok(res, MESSAGES.cartCreated, created, 201);
  });

  router.get('/api/cart', async (req, res) => {
    const id = parse(cartIdSchema, req.query.id, { '*': MESSAGES.somethingWentWrong });
    const found = await cart.find(id);
    if (!found) throw new ShopperError(404, MESSAGES.somethingWentWrong);
    ok(res, MESSAGES.cartFetched, found);
  });

  router.post('/api/cart/lines', async (req, res) => {
    const { cartId, ...line } = parse(AddBody, req.body, {
      cartId: MESSAGES.badCartId,
      merchandiseId: MESSAGES.lineUnavailable,
      '*': MESSAGES.cartAddFailed,
    });
    if (cartId) return ok(res, MESSAGES.itemAdded, await cart.addLine(cartId, line));
    // The first add: one cartCreate holding the line (a refused add makes no cart). A cart made
    // is counted by the cartCreate rate limit (server/http/rate-limit.ts), a 409 one too (the
    // platform cut the line's quantity, but the cart exists).
    try {
      const created = await cart.addLine(null, line);
      res.locals.cartCreated = true;
      ok(res, MESSAGES.itemAdded, created, 201);
    } catch (err) {
      if (err instanceof ShopperError && err.details.cart) res.locals.cartCreated = true;
      throw err;
    }
  });

  router.patch('/api/cart/lines', async (req, res) => {
    const { cartId, line } = parse(UpdateBody, req.body, {
      cartId: MESSAGES.badCartId,
      line: MESSAGES.lineNotObject,
      '*': MESSAGES.cartUpdateFailed,
    });
    ok(res, MESSAGES.itemUpdated, await cart.updateLine(cartId, line));
  });

  router.delete('/api/cart/lines', async (req, res) => {
    const { cartId, lineId } = parse(RemoveBody, req.body, { cartId: MESSAGES.badCartId, lineId: MESSAGES.noLineId, '*': MESSAGES.cartRemoveFailed });
    ok(res, MESSAGES.itemRemoved, await cart.removeLine(cartId, lineId));
  });

  router.put('/api/cart/attributes', async (req, res) => {
    const { cartId, ...details } = parse(AttributesBody, req.body, {
      cartId: MESSAGES.badCartId,
      checkoutType: 'checkoutType must be "delivery", "pickup" or "shipping".',
      deliveryDate: DATE_FORMAT,
      pickupDate: DATE_FORMAT,
      isGift: 'isGift must be true or false.',
      giftNote: MESSAGES.giftNoteTooLong,
      receiverEmail: 'Enter a valid receiver email address.',
      '*': MESSAGES.somethingWentWrong,
    });
    ok(res, MESSAGES.attributesSaved, await cart.saveAttributes(cartId, details));
  });

  return router;
}
