/**
 * The account links the platform mails (spec §2 /accounts/activate and /accounts/reset-password;
 * spec §7 customerActivateByUrl). Shopify builds the activation and reset URLs on the shop's own
 * domain, `/account/activate/{customer id}/{token}` and `/account/reset/{customer id}/{token}`,
 * and mails them as they are; on a headless storefront that domain is this server. Each is
 * answered with a 302 to the page that handles it, carrying the whole URL, which the page sends
 * back to customerActivateByUrl / customerResetByUrl:
 *
 *   GET /account/activate/{id}/{token} → /accounts/activate?activationUrl={siteUrl}/account/activate/{id}/{token}
 *   GET /account/reset/{id}/{token}    → /accounts/reset-password?resetUrl={siteUrl}/account/reset/{id}/{token}
 *
 * The URL handed on is rebuilt on the configured site URL (never the request's Host) from the
 * checked id and token. A path of another shape is no link: it falls through to the 404 page.
 * The answer carries a one-time secret: `Cache-Control: private, no-store`, never the page cache
 * (mounted before it, docs/architecture.md §8).
 */
import { Router } from 'express';
import { CACHE } from '../http/request-policy';

/** Shopify's customer ids are numbers; tokens are letters, digits, `-` and `_` (hex here, hex-timestamp there). */
const CUSTOMER_ID = /^\d{1,20}$/;
const TOKEN = /^[A-Za-z0-9_-]{1,256}$/;

const LINKS = [
  { kind: 'activate', page: '/accounts/activate', param: 'activationUrl' },
  { kind: 'reset', page: '/accounts/reset-password', param: 'resetUrl' },
] as const;

export function customerLinkRoutes(deps: { siteUrl: string }): Router {
  const router = Router();
  for (const { kind, page, param } of LINKS) {
    router.get(`/account/${kind}/:id/:token`, (req, res, next) => {
      const { id, token } = req.params;
      if (!CUSTOMER_ID.test(id) || !TOKEN.test(token)) return next();
      const url = `${deps.siteUrl}/account/${kind}/${id}/${token}`;
      res.set('Cache-Control', CACHE.privateNoStore).redirect(302, `${page}?${param}=${encodeURIComponent(url)}`);
    });
  }
  return router;
}
