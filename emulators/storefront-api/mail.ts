/**
 * The mail Shopify would send a customer (account activation, password reset), kept in a local
 * inbox instead of being delivered: the `mail` table of the emulator's SQLite file (database.ts).
 * Subjects are the titles of Shopify's notification templates; links go to the storefront's
 * account pages (account-urls.ts).
 */
import { parseJson, type Database } from '../shared/sqlite';
import { accountUrl, storefrontLink } from './account-urls';
import { ACTIVATION_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS, type StoredCustomer } from './customers';

export type MailKind = 'activation' | 'password-reset';

export type MailMessage = {
  /** Opaque, unique within the inbox. */
  id: string;
  to: string;
  subject: string;
  kind: MailKind;
  /** The storefront link the customer follows. */
  link: string;
  /** The plain-text body (it contains `link`). */
  text: string;
  /** ISO 8601. */
  sentAt: string;
};

export type OutgoingMail = Omit<MailMessage, 'id' | 'sentAt'>;

/** Where the mail's links point: the emulator (activation/reset URLs) and the storefront (pages). */
export type MailLinks = { origin: string; shopUrl: string; shopName: string };

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

/** The verification mail customerCreate sends; `token` is the customer's new activation token. */
export function activationMail(customer: StoredCustomer, token: string, links: MailLinks): OutgoingMail {
  const link = storefrontLink(links.shopUrl, 'activate', accountUrl(links.origin, 'activate', customer.id, token));
  return {
    to: customer.email,
    subject: 'Customer account activation',
    kind: 'activation',
    link,
    text: `${greeting(customer)}

You've created a customer account at ${links.shopName}. To activate it and set your password, follow this link:

${link}

The link works once and expires in ${hours(ACTIVATION_TOKEN_TTL_MS) / 24} days. If you didn't sign up, you can ignore this email.`,
  };
}

/** The mail customerRecover sends; `token` is the customer's new reset token. */
export function passwordResetMail(customer: StoredCustomer, token: string, links: MailLinks): OutgoingMail {
  const link = storefrontLink(links.shopUrl, 'reset', accountUrl(links.origin, 'reset', customer.id, token));
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
