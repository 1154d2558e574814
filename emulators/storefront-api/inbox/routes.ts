/**
 * The local mail inbox and Shopify's account links, mounted on the Storefront emulator:
 *
 * - `GET /__emulator/inbox[?to=email]`: the inbox as an HTML page (newest first).
 * - `GET /__emulator/inbox.json[?to=email]`: `{ messages: MailMessage[] }`, newest first.
 * - `GET /account/activate/{id}/{token}` and `/account/reset/{id}/{token}` (the activation and
 *   reset URLs themselves): 302 to the storefront page that handles them, as Shopify's online
 *   store would show its own form there.
 *
 * All of these are personal data, so every answer is `Cache-Control: no-store`.
 */
import express, { type Request, type Router } from 'express';
import { storefrontLink, type AccountLinkKind } from '../account-urls';
import type { Mailbox } from '../mail';
import { inboxPage } from './page';

export type InboxDeps = { mailbox: Mailbox; shopName: string; shopUrl: string };

const recipient = (req: Request) => (typeof req.query.to === 'string' && req.query.to.trim() ? req.query.to.trim() : null);

export function inboxRouter({ mailbox, shopName, shopUrl }: InboxDeps): Router {
  const router = express.Router();

  router.get('/__emulator/inbox', (req, res) => {
    const to = recipient(req);
    res
      .status(200)
      .type('html')
      .set('Cache-Control', 'no-store')
      .send(inboxPage(mailbox.list(to), to, shopName, shopUrl));
  });

  router.get('/__emulator/inbox.json', (req, res) => {
    res.set('Cache-Control', 'no-store').json({ messages: mailbox.list(recipient(req)) });
  });

  for (const kind of ['activate', 'reset'] as AccountLinkKind[]) {
    router.get(`/account/${kind}/:id/:token`, (req, res) => {
      const url = new URL(req.originalUrl, `${req.protocol}://${req.get('host')}`);
      res.set('Cache-Control', 'no-store').redirect(302, storefrontLink(shopUrl, kind, `${url.origin}${url.pathname}`));
    });
  }

  return router;
}
