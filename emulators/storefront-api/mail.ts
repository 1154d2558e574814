/**
 * The mail Shopify would send a customer (account activation, password reset), kept in a local
 * inbox instead of being delivered: `{dataDir}/storefront/mail.json`, oldest first on disk.
 * Subjects are the titles of Shopify's notification templates; links go to the storefront's
 * account pages (account-urls.ts).
 */
import path from 'node:path';
import { accountUrl, storefrontLink } from './account-urls';
import { ACTIVATION_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS, type StoredCustomer } from './customers';
import { JsonFile } from './persistence';

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

export class Mailbox {
  private readonly messages: MailMessage[];
  private readonly file: JsonFile<MailMessage[]>;

  constructor(dataDir: string) {
    const file = path.join(dataDir, 'storefront', 'mail.json');
    this.messages = JsonFile.load<MailMessage[]>(file, []);
    this.file = new JsonFile(file, () => this.messages);
  }

  /** Keep `mail` as sent now. */
  send(mail: OutgoingMail): MailMessage {
    const message = { id: String(this.messages.length + 1), ...mail, sentAt: new Date().toISOString() };
    this.messages.push(message);
    this.file.save();
    return message;
  }

  /** Messages newest first, only those to `to` (case-insensitive) when given. */
  list(to?: string | null): MailMessage[] {
    const wanted = to?.trim().toLowerCase();
    return this.messages.filter((m) => !wanted || m.to.toLowerCase() === wanted).reverse();
  }

  flush(): Promise<void> {
    return this.file.flush();
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
