/**
 * `POST /api/availability` `{ cartId, type: "delivery" | "pickup" }` (spec §4 date selector, §7):
 * the calendar for the cart's lines → `ApiResult<{ minDate, maxDate, disabled } | null>`.
 *   200 data        the scheduler's answer (cached per type and lines, server/cart/calendar.ts)
 *   200 data null   empty cart: nothing to schedule
 *   400 bad input; 404 unknown cart; 502/504 the scheduler or the Storefront API failed: the
 *   browser shows no dates (spec §7 "no dates, no crash"). Errors go to the one error handler.
 */
import { Router } from 'express';
import { z } from 'zod';
import type { AvailabilityAnswer } from '../../shared/availability';
import { cartIdSchema } from '../cart/input';
import type { CartService } from '../cart/service';
import { ShopperError } from '../http/errors';
import { sendResult } from '../http/json-api';
import { MESSAGES } from '../http/messages';

const Body = z.object({ cartId: cartIdSchema, type: z.enum(['delivery', 'pickup']) });

export function availabilityRoutes(cart: CartService): Router {
  const router = Router();
  router.post('/api/availability', async (req, res) => {
    const body = Body.safeParse(req.body);
    if (!body.success) {
      const badType = body.error.issues.some((i) => i.path[0] === 'type');
      throw new ShopperError(400, badType ? MESSAGES.badFulfillmentType : MESSAGES.badCartId);
    }
    const data = await cart.calendar(body.data.cartId, body.data.type);
    sendResult<AvailabilityAnswer | null>(res, 200, { isError: false, message: data ? MESSAGES.datesLoaded : MESSAGES.nothingToSchedule, data });
  });
  return router;
}
