/**
 * `POST /api/availability` `{ cartId, type: "delivery" | "pickup" }` (spec §4 date selector, §7):
 * the calendar for the cart's lines → `ApiResult<{ minDate, maxDate, disabled } | null>`.
 *   200 data        the scheduler's answer (cached per type and lines, see ../availability)
 *   200 data null   empty cart: nothing to schedule
 *   200 isError     the scheduler failed (timeout, HTTP error, invalid answer): logged, no dates,
 *                   never a 5xx (spec §7 "no dates, no crash")
 *   400 bad input; 404 unknown cart; 502/504 the Storefront API failed reading the cart.
 */
import { Router } from 'express';
import { z } from 'zod';
import type { AvailabilityAnswer } from '../../shared/availability';
import type { AvailabilityService } from '../availability/service';
import { fail, sendResult } from '../http/json-api';
import { MESSAGES } from '../http/messages';
import { currentRequest } from '../http/request-context';
import type { Logger } from '../logger';
import { UpstreamError } from '../upstream/errors';
import { cartIdSchema, fetchCart } from '../upstream/storefront/cart';
import type { StorefrontClientFactory } from '../upstream/storefront/client';
import type { ShopifyReshapeOptions } from '../upstream/storefront/reshape';

const Body = z.object({
  cartId: cartIdSchema,
  type: z.enum(['delivery', 'pickup']),
});

export function availabilityRoutes(deps: {
  storefront: StorefrontClientFactory;
  availability: AvailabilityService;
  imageOrigin: string;
  log: Logger;
}): Router {
  const router = Router();
  const log = () => currentRequest()?.log ?? deps.log;

  router.post('/api/availability', async (req, res) => {
    const body = Body.safeParse(req.body);
    if (!body.success) {
      const badType = body.error.issues.some((i) => i.path[0] === 'type');
      return fail(res, 400, badType ? MESSAGES.badFulfilmentType : MESSAGES.badCartId);
    }
    const { cartId, type } = body.data;
    const reshape: ShopifyReshapeOptions = { imageOrigin: deps.imageOrigin, log: log() };
    let lines;
    try {
      const cart = await fetchCart(deps.storefront(currentRequest()?.clientIp ?? null), cartId, reshape);
      if (!cart) return fail(res, 404, MESSAGES.cartNotFound);
      lines = cart.lines;
    } catch (err) {
      log().error({ err }, 'availability: cart fetch failed');
      return fail(res, err instanceof UpstreamError ? err.status : 502, MESSAGES.somethingWentWrong);
    }
    if (!lines.length) return sendResult<AvailabilityAnswer | null>(res, 200, { isError: false, message: MESSAGES.nothingToSchedule, data: null });
    try {
      const data = await deps.availability.calendar(type, lines);
      sendResult<AvailabilityAnswer | null>(res, 200, { isError: false, message: MESSAGES.datesLoaded, data });
    } catch (err) {
      log().error({ err, type }, 'availability: scheduler failed');
      sendResult<AvailabilityAnswer | null>(res, 200, { isError: true, message: MESSAGES.datesUnavailable, data: null });
    }
  });

  return router;
}
