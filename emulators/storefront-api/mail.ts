/**
 * The mail Shopify would send a customer, kept in a local inbox instead of being delivered: the
 * `mail` table of the emulator's SQLite file (database.ts). Subjects are the default subjects of
 * Shopify's customer notifications:
 *
 * - `welcome` ("Customer account confirmation"): customerCreate made an account, active at once;
 *   it links to the storefront's account page.
 * - `activation` ("Customer account activation", Shopify's account invite): the merchant invited
 *   the customer (the seed, customer-seed.ts), or an invited customer registered again; it links to
 *   the activation URL (account-urls.ts).
 * - `password-reset` ("Customer account password reset"): customerRecover; it links to the reset URL.
 */
import { parseJson, type Database } from '../shared/sqlite';
import { accountUrl } from './account-urls';
import { ACTIVATION_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS, type StoredCustomer } from './customers';

export type MailKind = 'welcome' | 'activation' | 'password-reset';

export type MailMessage = {
  /** Opaque, unique within the inbox. */
  id: string;
  to: string;
  subject: string;
  kind: MailKind;
  /** The link the customer follows, on the storefront's domain. */
  link: string;
  /** The plain-text body (it contains `link`). */
  text: string;
  /** ISO 8601. */
  sentAt: string;
};

export type OutgoingMail = Omit<MailMessage, 'id' | 'sentAt'>;

/** The storefront every link of the mail points at (its base URL), and the shop's name. */
export type MailLinks = { shopUrl: string; shopName: string };

/** The `mail` table (database.ts): one JSON document per message (without its id, the row's), by lower-cased recipient. */
export const MAIL_SCHEMA = `CREATE TABLE mail (id INTEGER PRIMARY KEY AUTOINCREMENT, recipient TEXT NOT NULL, data TEXT NOT NULL) STRICT;
CREATE INDEX mail_by_recipient ON mail (recipient);`;

/** Write `mail` as sent at `sentAt`; its id is the next row id. */
export function insertMail(db: Database, mail: OutgoingMail, sentAt: string): MailMessage {
  const fields = { ...mail, sentAt };
  const { lastInsertRowid } = db.prepare('INSERT INTO mail (recipient, data) VALUES (?, ?)').run(mail.to.toLowerCase(), JSON.stringify(fields));
  return { id: String(lastInsertRowid), ...fields };
}

export class Mailbox {
  constructor(private readonly db: Database) {}

  /** Keep `mail` as sent now. */
  send(mail: OutgoingMail): MailMessage {
    return insertMail(this.db, mail, new Date().toISOString());
  }

  /** Messages newest first, only those to `to` (case-insensitive) when given. */
  list(to?: string | null): MailMessage[] {
    const wanted = to?.trim().toLowerCase();
    const rows = wanted
      ? this.db.prepare('SELECT id, data FROM mail WHERE recipient = ? ORDER BY id DESC').all(wanted)
      : this.db.prepare('SELECT id, data FROM mail ORDER BY id DESC').all();
    return rows.map((row) => ({ id: String(row.id), ...parseJson<Omit<MailMessage, 'id'>>(row.data) }));
  }
}

const greeting = (c: StoredCustomer) => `Hi ${c.firstName ?? 'there'},`;
const hours = (ms: number) => Math.round(ms / 3_600_000);

/** The welcome mail customerCreate sends: the account is active, no link to follow first. */
export function welcomeMail(customer: StoredCustomer, links: MailLinks): OutgoingMail {
  const link = `${links.shopUrl.replace(/\/+$/, '')}/accounts/account`;
  return {
    to: customer.email,
    subject: 'Customer account confirmation',
    kind: 'welcome',
    link,
    text: `${greeting(customer)}

Welcome to ${links.shopName}. Your customer account is active: the next time you shop with us, sign in with ${customer.email} and your password to check out faster and see your orders.

${link}

If you didn't create this account, reply to this email.`,
  };
}

/** The invitation to activate an account the merchant created; `token` is the customer's new activation token. */
export function activationMail(customer: StoredCustomer, token: string, links: MailLinks): OutgoingMail {
  const link = accountUrl(links.shopUrl, 'activate', customer.id, token);
  return {
    to: customer.email,
    subject: 'Customer account activation',
    kind: 'activation',
    link,
    text: `${greeting(customer)}

You've been invited to create a customer account at ${links.shopName}. To activate it and set your password, follow this link:

${link}

The link works once and expires in ${hours(ACTIVATION_TOKEN_TTL_MS) / 24} days. If you weren't expecting this invitation, you can ignore this email.`,
  };
}

/** The mail customerRecover sends; `token` is the customer's new reset token. */
export function passwordResetMail(customer: StoredCustomer, token: string, links: MailLinks): OutgoingMail {
  const link = accountUrl(links.shopUrl, 'reset', customer.id, token);
  return {
    to: customer.email,
    subject: 'Customer account password reset',
    kind: 'password-reset',
    link,
    text: `${greeting(customer)}

Follow this link to choose a new password for your account at ${links.shopName}:

${link}

The link works once and expires in ${hours(RESET_TOKEN_TTL_MS)} hours. If you didn't ask for a new password, you can ignore this email.`,
  };
}
