/**
 * Content and catalog webhooks (docs/architecture.md §8 "Origin page cache"):
 *
 * * `POST /api/webhooks/sanity`: signed with Sanity's webhook secret (`sanity-webhook-signature`);
 *   the body is the changed document (`_id`, `_type`, `slug`).
 * * `POST /api/webhooks/shopify`: signed with the app's secret (`X-Shopify-Hmac-Sha256`); the
 *   topic in `X-Shopify-Topic` (e.g. `products/update`).
 *
 * Mounted before the `/api` guard: they come from another origin, and the signature is over the
 * raw bytes, so the body is read raw (at most 512 kB) rather than parsed by `express.json`. A
 * webhook whose secret is not configured answers 503; a missing or wrong signature 401, and
 * nothing changes; a malformed body after a good signature 400. A good one deletes the data-cache
 * keys the change touched, then purges the pages (purge-rules.ts), and answers 200
 * `{ isError: false, message, data: { pages, dataKeys } }`; a store that fails to purge answers 503,
 * so the sender retries. Answers are `private, no-store`.
 */
import express, { Router, type Request, type Response } from 'express';
import type { Logger } from '../logger';
import { sanityPurge, shopifyPurge, type PageCache, type Purge, type TrackedCache } from '../page-cache';
import { SANITY_SIGNATURE_HEADER, verifySanity } from '../webhooks/sanity-signature';
import { SHOPIFY_HMAC_HEADER, SHOPIFY_TOPIC_HEADER, verifyShopify } from '../webhooks/shopify-hmac';
import { CACHE } from '../http/request-policy';

export type WebhookDeps = {
  secrets: { sanitySecret: string | null; shopifySecret: string | null };
  /** Null when the page cache is off: webhooks then only delete data keys. */
  pageCache: PageCache | null;
  dataCache: TrackedCache;
  log: Logger;
};

const rawBody = express.raw({ type: () => true, limit: '512kb' });

function answer(res: Response, status: number, message: string, data?: unknown): void {
  res
    .status(status)
    .set('Cache-Control', CACHE.privateNoStore)
    .json({ isError: status >= 400, message, ...(data === undefined ? {} : { data }) });
}

function bodyOf(req: Request): Buffer {
  return Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
}

export function webhookRoutes({ secrets, pageCache, dataCache, log }: WebhookDeps): Router {
  const router = Router();

  async function apply(res: Response, source: string, purge: Purge, detail: Record<string, unknown>): Promise<void> {
    try {
      // Data first: a page rendered after its purge must not read the old data.
      const dataKeys = await dataCache.deleteByPrefix(purge.dataPrefixes);
      const pages = pageCache ? await pageCache.purge(purge.tags) : 0;
      log.info({ source, ...detail, tags: purge.tags, pages, dataKeys }, 'webhook: purged');
      answer(res, 200, 'Purged', { pages, dataKeys });
    } catch (err) {
      log.error({ err, source, ...detail }, 'webhook: purge failed');
      answer(res, 503, 'Purge failed; send again');
    }
  }

  router.post('/api/webhooks/sanity', rawBody, async (req, res) => {
    if (!secrets.sanitySecret) return answer(res, 503, 'Sanity webhook not configured');
    const body = bodyOf(req);
    if (!verifySanity(body, req.get(SANITY_SIGNATURE_HEADER), secrets.sanitySecret)) {
      log.warn('webhook: sanity signature refused');
      return answer(res, 401, 'Invalid signature');
    }
    let change: unknown;
    try {
      change = JSON.parse(body.toString('utf8'));
    } catch {
      return answer(res, 400, 'Malformed body');
    }
    if (typeof change !== 'object' || change === null || Array.isArray(change)) return answer(res, 400, 'Malformed body');
    const doc = change as { _id?: unknown; _type?: unknown };
    await apply(res, 'sanity', sanityPurge(change), { id: doc._id, type: doc._type });
  });

  router.post('/api/webhooks/shopify', rawBody, async (req, res) => {
    if (!secrets.shopifySecret) return answer(res, 503, 'Shopify webhook not configured');
    const body = bodyOf(req);
    if (!verifyShopify(body, req.get(SHOPIFY_HMAC_HEADER), secrets.shopifySecret)) {
      log.warn('webhook: shopify signature refused');
      return answer(res, 401, 'Invalid signature');
    }
    const topic = req.get(SHOPIFY_TOPIC_HEADER) ?? '';
    const purge = shopifyPurge(topic);
    if (!purge) return answer(res, 200, 'Ignored', { pages: 0, dataKeys: 0 });
    await apply(res, 'shopify', purge, { topic });
  });

  return router;
}
