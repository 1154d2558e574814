/**
 * The cart JSON API (DESIGN §5, spec §4/§5/§7/§8), backed by the Storefront API cart:
 *   POST   /api/cart          {}                                   create (buyer country, no lines)
 *   GET    /api/cart?id=                                           fetch
 *   POST   /api/cart/lines    { cartId, merchandiseId, quantity?, sellingPlanId?, attributes? }
 *   PATCH  /api/cart/lines    { cartId, line: { id, merchandiseId, quantity } }
 *   DELETE /api/cart/lines    { cartId, lineId }
 *   PUT    /api/cart/attributes { cartId, checkoutType, deliveryDate, pickupDate, isGift, giftNote, receiverEmail }
 * Answers ApiResult<Cart> with spec §8 messages: 400/422 bad input (checked before any write, so
 * a rejected change leaves the cart as it was), 404 unknown cart, 502/504 upstream failure.
 */
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { isDateKey } from '../../shared/availability';
import { buildCartAttributes, GIFT_NOTE_MAX, purchasedWithAttribute } from '../../shared/cart-attributes';
import { CHECKOUT_TYPES } from '../../shared/fulfilment';
import type { Cart } from '../../shared/types';
import { fail, sendResult } from '../http/json-api';
import { MESSAGES } from '../http/messages';
import { currentRequest } from '../http/request-context';
import type { Logger } from '../logger';
import { UpstreamError } from '../upstream/errors';
import type { StorefrontClientFactory } from '../upstream/storefront/client';
import type { CartFieldsFragment, CartUserErrorsFragment } from '../upstream/storefront/generated';
import {
  cartIdSchema as cartId, fetchCart, isVariantAvailable, sellingPlanIdSchema, variantIdSchema as variantId,
} from '../upstream/storefront/cart';
import {
  CART_ATTRIBUTES_UPDATE, CART_CREATE, CART_LINES_ADD, CART_LINES_REMOVE, CART_LINES_UPDATE,
} from '../upstream/storefront/mutations';
import { toCart, type ShopifyReshapeOptions } from '../upstream/storefront/reshape';

const lineId = z.string().regex(/^gid:\/\/shopify\/CartLine\/[A-Za-z0-9_-]+(\?cart=[A-Za-z0-9_-]+)?$/).max(300);
const attribute = z.object({ key: z.string().min(1).max(100), value: z.string().max(5000) })
  // Spec §5: "Purchased with" is cut to 200 characters (never inside a surrogate pair).
  .transform((a) => (a.key === 'Purchased with' ? purchasedWithAttribute(a.value) : a));

const AddBody = z.object({
  cartId,
  merchandiseId: variantId,
  quantity: z.number().int().min(1).max(999).default(1),
  sellingPlanId: sellingPlanIdSchema.optional(),
  attributes: z.array(attribute).max(20).optional(),
});
const UpdateBody = z.object({
  cartId,
  line: z.object({ id: lineId, merchandiseId: variantId, quantity: z.number().int().min(0).max(999) }),
});
const RemoveBody = z.object({ cartId, lineId });

const dateOrNull = z.string().refine(isDateKey).nullish().transform((v) => v ?? null);
const textOrEmpty = (max: number) => z.string().max(max).nullish().transform((v) => v ?? '');
const AttributesBody = z.object({
  cartId,
  checkoutType: z.enum(CHECKOUT_TYPES),
  deliveryDate: dateOrNull,
  pickupDate: dateOrNull,
  isGift: z.boolean().default(false),
  giftNote: textOrEmpty(GIFT_NOTE_MAX),
  receiverEmail: textOrEmpty(254).pipe(z.string().trim().pipe(z.union([z.literal(''), z.email()]))),
});
/** 400 messages for a rejected attributes body, by the first bad field. */
const ATTRIBUTE_FIELD_MESSAGES: Record<string, string> = {
  cartId: MESSAGES.badCartId,
  checkoutType: 'checkoutType must be "delivery", "pickup" or "shipping".',
  deliveryDate: 'Dates must be real days written YYYY-MM-DD.',
  pickupDate: 'Dates must be real days written YYYY-MM-DD.',
  isGift: 'isGift must be true or false.',
  giftNote: `The gift note can be at most ${GIFT_NOTE_MAX} characters.`,
  receiverEmail: 'Enter a valid receiver email address.',
};

type CartPayload = { cart: CartFieldsFragment | null; userErrors: CartUserErrorsFragment[] } | null | undefined;
/** A write refused before it happens: the status and spec message to answer. */
type Refusal = { refuse: number; message: string };

export function cartRoutes(deps: { storefront: StorefrontClientFactory; imageOrigin: string; log: Logger }): Router {
  const router = Router();
  const client = () => deps.storefront(currentRequest()?.clientIp ?? null);
  const reshapeOpts = (): ShopifyReshapeOptions => ({ imageOrigin: deps.imageOrigin, log: currentRequest()?.log ?? deps.log });

  /** Upstream failures: 504 on timeout, else 502, with the operation's spec message. */
  const upstreamFailed = (res: Response, err: unknown, message: string) => {
    (currentRequest()?.log ?? deps.log).error({ err }, message);
    fail(res, err instanceof UpstreamError ? err.status : 502, message);
  };

  /** Sends a mutation's outcome: the cart on success; 404 for an unknown cart, 422 for other user errors. */
  const answer = (res: Response, payload: CartPayload, success: string, failure: string, created = false) => {
    const errors = payload?.userErrors ?? [];
    if (errors.length || !payload?.cart) {
      const unknownCart = errors.some((e) => e.field?.includes('cartId'));
      (currentRequest()?.log ?? deps.log).warn({ userErrors: errors }, failure);
      return fail(res, unknownCart ? 404 : errors.length ? 422 : 502, failure);
    }
    sendResult<Cart>(res, created ? 201 : 200, { isError: false, message: success, data: toCart(payload.cart, reshapeOpts()) });
  };

  router.post('/api/cart', async (_req, res) => {
    try {
      const data = await client().mutate(CART_CREATE, {});
      answer(res, data.cartCreate, 'Cart created.', MESSAGES.cartCreateFailed, true);
    } catch (err) {
      upstreamFailed(res, err, MESSAGES.cartCreateFailed);
    }
  });

  router.get('/api/cart', async (req, res) => {
    const id = cartId.safeParse(req.query.id);
    if (!id.success) return fail(res, 400, MESSAGES.somethingWentWrong);
    try {
      const cart = await fetchCart(client(), id.data, reshapeOpts());
      if (!cart) return fail(res, 404, MESSAGES.somethingWentWrong);
      sendResult<Cart>(res, 200, { isError: false, message: 'Cart fetched.', data: cart });
    } catch (err) {
      upstreamFailed(res, err, MESSAGES.somethingWentWrong);
    }
  });

  /**
   * One cart-line mutation (spec §5/§8): a body that fails `schema` on `field` answers 400 with
   * `fieldMessage`, any other bad body 400 with `failed`; then `run` writes (or refuses with a
   * status before writing) and its payload is answered with `success` / `failed`.
   */
  const lineMutation = <T>(
    schema: z.ZodType<T>,
    field: string,
    fieldMessage: string,
    messages: { success: string; failed: string },
    run: (body: T) => Promise<CartPayload | Refusal>,
  ) => async (req: Request, res: Response) => {
    const body = schema.safeParse(req.body);
    if (!body.success) {
      const badField = body.error.issues.some((i) => i.path[0] === field);
      return fail(res, 400, badField ? fieldMessage : messages.failed);
    }
    try {
      const outcome = await run(body.data);
      if (outcome && 'refuse' in outcome) return fail(res, outcome.refuse, outcome.message);
      answer(res, outcome, messages.success, messages.failed);
    } catch (err) {
      upstreamFailed(res, err, messages.failed);
    }
  };

  router.post('/api/cart/lines', lineMutation(AddBody, 'merchandiseId', MESSAGES.lineUnavailable,
    { success: MESSAGES.itemAdded, failed: MESSAGES.cartAddFailed },
    async ({ cartId: id, merchandiseId, quantity, sellingPlanId, attributes }) => {
      // Spec §5: only a variant available for sale may be added — checked before the cart changes.
      if (!(await isVariantAvailable(client(), merchandiseId))) return { refuse: 422, message: MESSAGES.lineUnavailable };
      const data = await client().mutate(CART_LINES_ADD, { cartId: id, lines: [{ merchandiseId, quantity, sellingPlanId, attributes }] });
      return data.cartLinesAdd;
    }));

  router.patch('/api/cart/lines', lineMutation(UpdateBody, 'line', MESSAGES.lineNotObject,
    { success: MESSAGES.itemUpdated, failed: MESSAGES.cartUpdateFailed },
    async ({ cartId: id, line }) => (await client().mutate(CART_LINES_UPDATE, { cartId: id, lines: [line] })).cartLinesUpdate));

  router.delete('/api/cart/lines', lineMutation(RemoveBody, 'lineId', MESSAGES.noLineId,
    { success: MESSAGES.itemRemoved, failed: MESSAGES.cartRemoveFailed },
    async ({ cartId: id, lineId: line }) => (await client().mutate(CART_LINES_REMOVE, { cartId: id, lineIds: [line] })).cartLinesRemove));

  /**
   * Spec §4/§5: the checkout details saved before checkout (shared/cart-attributes.ts). Every
   * check — fields, the cart, the date the checkout type needs — runs before the one write.
   */
  router.put('/api/cart/attributes', async (req, res) => {
    const body = AttributesBody.safeParse(req.body);
    if (!body.success) {
      const field = String(body.error.issues[0]?.path[0] ?? '');
      return fail(res, 400, ATTRIBUTE_FIELD_MESSAGES[field] ?? MESSAGES.somethingWentWrong);
    }
    const { cartId: id, ...input } = body.data;
    try {
      const cart = await fetchCart(client(), id, reshapeOpts());
      if (!cart) return fail(res, 404, MESSAGES.somethingWentWrong);
      const attributes = buildCartAttributes({ ...input, lines: cart.lines });
      if (!attributes) return fail(res, 400, input.checkoutType === 'pickup' ? MESSAGES.selectPickupDate : MESSAGES.selectDeliveryDate);
      const data = await client().mutate(CART_ATTRIBUTES_UPDATE, { cartId: id, attributes });
      answer(res, data.cartAttributesUpdate, MESSAGES.attributesSaved, MESSAGES.somethingWentWrong);
    } catch (err) {
      upstreamFailed(res, err, MESSAGES.somethingWentWrong);
    }
  });

  return router;
}
