/**
 * The sign-up JSON API (the table in shared/marketing.ts; spec §5, §7, §8): newsletter (footer
 * card and popup), back in stock, drop the hint, reserve. Behind the /api guard (same-origin
 * JSON, `private, no-store`) and the per-IP sign-up limit. Each answer comes only after the
 * sign-up is durably in the outbox; the provider is called later by the outbox's worker. A
 * sign-up for a product or variant the shop does not have is refused (400) and stores nothing.
 *
 * The popup answers `{ isSuccess, message }` (spec §7), the others `{ isError, message }`.
 */
import { Router, type RequestHandler, type Response } from 'express';
import { MARKETING_MESSAGES as M, type PopupResult } from '../../shared/marketing';
import { ShopperError } from '../http/errors';
import { sendResult } from '../http/json-api';
import { requestLog } from '../http/request-context';
import type { Logger } from '../logger';
import { parseBackInStock, parseDropTheHint, parseNewsletter, parseReserve } from '../marketing/input';
import type { MarketingService } from '../marketing/service';
import { OutboxUnavailableError } from '../outbox/types';
import { UpstreamError } from '../upstream/errors';

export type MarketingRoutesDeps = {
  marketing: MarketingService;
  /** The sign-ups tier of server/http/rate-limit.ts. */
  limit: RequestHandler;
  /** The sign-ups tier's companion for hints: per recipient (server/http/rate-limit.ts `hintRecipient`). */
  hintRecipientLimit: RequestHandler;
  /**
   * The shop's product for a handle, its title and image URL (absolute, or null): null when the
   * shop has no such product. @throws UpstreamError when the catalog cannot be asked
   */
  product: (handle: string) => Promise<{ title: string; image: string | null } | null>;
  /**
   * Whether the shop has this variant (numeric id): false refuses a back-in-stock sign-up;
   * null (the catalog cannot be asked) keeps it (../marketing/variants.ts).
   */
  variantExists: (variantId: string) => Promise<boolean | null>;
  log: Logger;
};

const accepted = (res: Response, message: string) => sendResult(res, 200, { isError: false, message });

export function marketingRoutes(deps: MarketingRoutesDeps): Router {
  const router = Router();

  /** The product must exist: a hint or a reservation for nothing is refused. */
  async function knownProduct(handle: string): Promise<{ title: string; image: string | null }> {
    const product = await deps.product(handle);
    if (product === null) throw new ShopperError(400, M.missingProductId);
    return product;
  }

  router.post('/api/newsletter', deps.limit, async (req, res) => {
    accepted(res, await deps.marketing.subscribe(parseNewsletter(req.body), 'newsletter'));
  });

  // Spec §7: the popup's answer is read as `isSuccess` and `message`, failures included, so its
  // refusals are answered here rather than by the shared error handler's `isError` shape.
  router.post('/api/newsletter/popup', deps.limit, async (req, res) => {
    const answer = (status: number, body: PopupResult) => res.status(status).json(body);
    try {
      answer(200, { isSuccess: true, message: await deps.marketing.subscribe(parseNewsletter(req.body), 'popup') });
    } catch (err) {
      if (err instanceof ShopperError) return answer(err.status, { isSuccess: false, message: err.message });
      if (err instanceof OutboxUnavailableError) {
        requestLog(deps.log).error({ err }, 'sign-up could not be stored');
        return answer(503, { isSuccess: false, message: M.failure });
      }
      if (err instanceof UpstreamError) return answer(err.status, { isSuccess: false, message: err.shopperMessage ?? M.failure });
      throw err;
    }
  });

  // A variant the shop does not have is refused like a missing one (spec §5), as a hint's
  // unknown product is: nothing is stored or sent to the provider.
  router.post('/api/back-in-stock', deps.limit, async (req, res) => {
    const signUp = parseBackInStock(req.body);
    if ((await deps.variantExists(signUp.variantId)) === false) throw new ShopperError(400, M.missingVariantId);
    accepted(res, await deps.marketing.backInStock(signUp));
  });

  // The mail a hint sends shows the product as the shop has it (title, image), never what the
  // request said; fails closed (503) while the catalog cannot say what the product is.
  router.post('/api/drop-the-hint', deps.limit, deps.hintRecipientLimit, async (req, res) => {
    const hint = parseDropTheHint(req.body);
    const product = await knownProduct(hint.productHandle);
    accepted(res, await deps.marketing.dropTheHint({ ...hint, productTitle: product.title, productImage: product.image ?? undefined }));
  });

  // A reservation mails only the shopper who made it: with the catalog down it is kept, titled
  // by its handle, rather than lost.
  router.post('/api/reserve', deps.limit, async (req, res) => {
    const reservation = parseReserve(req.body);
    const title = await knownProduct(reservation.productHandle).then(
      (product) => product.title,
      (err: unknown) => {
        if (err instanceof ShopperError) throw err;
        requestLog(deps.log).warn({ err, handle: reservation.productHandle }, 'product unavailable: reservation kept under its handle');
        return reservation.productHandle;
      },
    );
    accepted(res, await deps.marketing.reserve(reservation, title));
  });

  return router;
}
