/**
 * The local mail inbox, mounted on the Storefront emulator:
 *
 * - `GET /__emulator/inbox[?to=email]`: the inbox as an HTML page (newest first).
 * - `GET /__emulator/inbox.json[?to=email]`: `{ messages: MailMessage[] }`, newest first.
 *
 * The mail's links are on the storefront's domain (account-urls.ts), never the emulator's.
 * All of these are personal data, so every answer is `Cache-Control: no-store`.
 */
import express, { type Request, type Router } from 'express';
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

  return router;
}
