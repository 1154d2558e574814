/**
 * The shapes of cart input the server accepts, for every entry point (JSON API and no-JS form):
 * Storefront GIDs with their documented formats, bounded lengths. A body that fails these is a
 * 400 before anything upstream is called.
 */
import { z } from 'zod';
import { isDateKey } from '../../shared/availability';
import { GIFT_NOTE_MAX, purchasedWithAttribute } from '../../shared/cart-attributes';
import { CHECKOUT_TYPES } from '../../shared/fulfillment';

/** A Storefront cart id, `gid://shopify/Cart/{token}?key={key}` (at most 300 characters). */
export const cartIdSchema = z
  .string()
  .regex(/^gid:\/\/shopify\/Cart\/[A-Za-z0-9_-]+(\?key=[A-Za-z0-9]+)?$/)
  .max(300);
export const variantIdSchema = z.string().regex(/^gid:\/\/shopify\/ProductVariant\/\d+$/);
export const sellingPlanIdSchema = z.string().regex(/^gid:\/\/shopify\/SellingPlan\/\d+$/);
export const lineIdSchema = z
  .string()
  .regex(/^gid:\/\/shopify\/CartLine\/[A-Za-z0-9_-]+(\?cart=[A-Za-z0-9_-]+)?$/)
  .max(300);

/** Quantities one request may ask for; stock is checked by the cart service. */
export const MAX_QUANTITY = 999;

/** A line attribute; spec §5: "Purchased with" is cut to 200 characters (never inside a surrogate pair). */
export const lineAttributeSchema = z
  .object({ key: z.string().min(1).max(100), value: z.string().max(5000) })
  .transform((a) => (a.key === 'Purchased with' ? purchasedWithAttribute(a.value) : a));

const dateOrNull = z
  .string()
  .refine(isDateKey)
  .nullish()
  .transform((v) => v ?? null);
const textOrEmpty = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => v ?? '');

/** The checkout details of `PUT /api/cart/attributes` (spec §3 client-held values). */
export const checkoutDetailsSchema = z.object({
  checkoutType: z.enum(CHECKOUT_TYPES),
  deliveryDate: dateOrNull,
  pickupDate: dateOrNull,
  isGift: z.boolean().default(false),
  giftNote: textOrEmpty(GIFT_NOTE_MAX),
  receiverEmail: textOrEmpty(254).pipe(
    z
      .string()
      .trim()
      .pipe(z.union([z.literal(''), z.email()])),
  ),
});
