/**
 * Sign-up input rules (spec §5 "Newsletter, stock and hint", §3 payloads): each form's body is
 * checked in the spec's order and the first problem answers 400 with its message, word for
 * word: a filled honeypot → "Invalid"; no email → "Missing required field"; no list id →
 * "Missing klaviyo list id"; back in stock without a variant → "Missing Variant Id"; a hint or
 * a reservation without its product → "Missing Product Id".
 *
 * Phone numbers are parsed with libphonenumber-js, default country US, and come out as E.164
 * (+1xxxxxxxxxx); an empty phone is absent.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';
import {
  MARKETING_MESSAGES as M,
  type BackInStockInput,
  type DropTheHintInput,
  type NewsletterInput,
  type ReserveInput,
} from '../../shared/marketing';
import { ShopperError } from '../http/errors';

/** Parsed inputs: trimmed strings, the phone as E.164 or undefined. */
export type Newsletter = Omit<NewsletterInput, 'honeypot' | 'phoneNumber'> & { phoneNumber?: string };
export type BackInStock = Omit<BackInStockInput, 'honeypot' | 'phoneNumber' | 'variantId'> & { phoneNumber?: string; variantId: string };
export type DropTheHint = Omit<DropTheHintInput, 'honeypot' | 'phoneNumber'> & { phoneNumber?: string };
export type Reserve = Omit<ReserveInput, 'honeypot' | 'phoneNumber'> & { phoneNumber?: string };

const bad = (message: string) => new ShopperError(400, message);

/** A string field: trimmed, '' when absent or not a string (a number where text belongs is absent too). */
function text(body: Record<string, unknown>, key: string, max: number): string {
  const value = body[key];
  if (typeof value !== 'string') return '';
  const trimmed = value.trim();
  if (trimmed.length > max) throw bad(`${key} is too long (at most ${max} characters).`);
  return trimmed;
}

const Email = z.email();

/** The body as an object (JSON arrays and scalars are not forms). */
function objectOf(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** Spec §5: a filled honeypot is rejected first, before anything is looked at. */
function refuseHoneypot(body: Record<string, unknown>): void {
  const honeypot = body.honeypot;
  if (honeypot !== undefined && honeypot !== null && honeypot !== '') throw bad(M.invalid);
}

/** RFC 5321: a mailbox is at most 254 characters; a longer one is not an address at all. */
const EMAIL_MAX = 254;

/** A required email: missing → "Missing required field"; malformed or too long → our own message. */
function email(body: Record<string, unknown>, key = 'email'): string {
  const value = text(body, key, Number.MAX_SAFE_INTEGER);
  if (!value) throw bad(M.missingRequiredField);
  if (value.length > EMAIL_MAX || !Email.safeParse(value).success) throw bad(M.badEmail);
  return value.toLowerCase();
}

/**
 * What a phone may contain (spec §5 "digits only"): ASCII digits and the punctuation people type
 * between them. libphonenumber-js would otherwise read an extension ("ext. 45", "x45", "#45") and
 * drop it from the E.164 number, and turn other scripts' digits and letters ("1-800-FLOWERS")
 * into ASCII digits: a number nobody typed.
 */
const PHONE_CHARACTERS = /^[0-9+().\s-]+$/;

/**
 * The optional phone as E.164: digits as typed ("212-555-0123", "(212) 555-0123", "+1 212…"),
 * US by default (spec §5, §9 prefix +1). Absent or empty → undefined. The one phone rule of the
 * shop's forms: sign-ups and the customer profile (server/routes/customer.ts).
 * @throws ShopperError 400 M.badPhone when given but not a valid North American (+1) number, or
 *   with an extension, letters or non-ASCII digits
 */
export function phoneE164(raw: unknown): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string' || raw.length > 32 || !PHONE_CHARACTERS.test(raw)) throw bad(M.badPhone);
  const parsed = parsePhoneNumberFromString(raw, 'US');
  // Spec §5: shown as (xxx) xxx-xxxx and sent with +1, so only North American numbers.
  if (!parsed?.isValid() || parsed.countryCallingCode !== '1') throw bad(M.badPhone);
  return parsed.number;
}

const withPhone = <T extends object>(value: T, phone: string | undefined): T & { phoneNumber?: string } =>
  phone ? { ...value, phoneNumber: phone } : value;

/** POST /api/newsletter and /api/newsletter/popup (spec §3 newsletter payload). @throws ShopperError 400 */
export function parseNewsletter(raw: unknown): Newsletter {
  const body = objectOf(raw);
  refuseHoneypot(body);
  const address = email(body);
  const klaviyoListId = text(body, 'klaviyoListId', 64);
  if (!klaviyoListId) throw bad(M.missingListId);
  const source = text(body, 'source', 100) || 'Website';
  return withPhone({ email: address, klaviyoListId, source }, phoneE164(body.phoneNumber));
}

/** Storefront API variant ids, as the product page has them. */
const VARIANT_GID = /^gid:\/\/shopify\/ProductVariant\/(\d{1,20})$/;

/** POST /api/back-in-stock: `variantId` comes back as the numeric id. @throws ShopperError 400 */
export function parseBackInStock(raw: unknown): BackInStock {
  const body = objectOf(raw);
  refuseHoneypot(body);
  const address = email(body);
  const gid = text(body, 'variantId', 100);
  const numeric = VARIANT_GID.exec(gid)?.[1];
  if (!numeric) throw bad(M.missingVariantId);
  return withPhone({ email: address, variantId: numeric }, phoneE164(body.phoneNumber));
}

/** Shopify product handles: lowercase letters, digits and dashes. */
const HANDLE = /^[a-z0-9][a-z0-9-]{0,254}$/;

function productHandle(body: Record<string, unknown>): string {
  const handle = text(body, 'productHandle', 255);
  if (!HANDLE.test(handle)) throw bad(M.missingProductId);
  return handle;
}

/**
 * A name a hint's mail shows: letters (any script), spaces, apostrophes, hyphens, and a full stop
 * or comma after a word ("Mary J."), up to 50 characters: no digits, links, addresses or markup,
 * so the form cannot relay a stranger's message.
 */
const PLAIN_NAME = /^\p{L}[\p{L}\p{M} '’-]*(?:[.,] ?[\p{L}\p{M} '’-]*)*$/u;

function plainName(body: Record<string, unknown>, key: string): string {
  const value = typeof body[key] === 'string' ? body[key].trim() : '';
  if (!value) throw bad(M.missingRequiredField);
  if (value.length > 50 || !PLAIN_NAME.test(value) || /[.,]\p{L}/u.test(value)) throw bad(M.badName);
  return value;
}

/**
 * POST /api/drop-the-hint (spec §3 drop-the-hint data). The product's title and image are
 * checked for presence only: the route sends the product's own (server/routes/marketing.ts).
 * @throws ShopperError 400
 */
export function parseDropTheHint(raw: unknown): DropTheHint {
  const body = objectOf(raw);
  refuseHoneypot(body);
  const gifterEmail = email(body, 'gifterEmail');
  const gifterName = plainName(body, 'gifterName');
  const name = plainName(body, 'name');
  const handle = productHandle(body);
  const productTitle = text(body, 'productTitle', 255);
  if (!productTitle) throw bad(M.missingProductId);
  const hint: DropTheHint = { gifterEmail, gifterName, name, productHandle: handle, productTitle };
  return withPhone(hint, phoneE164(body.phoneNumber));
}

/** POST /api/reserve (a product drop). @throws ShopperError 400 */
export function parseReserve(raw: unknown): Reserve {
  const body = objectOf(raw);
  refuseHoneypot(body);
  const address = email(body);
  return withPhone({ email: address, productHandle: productHandle(body) }, phoneE164(body.phoneNumber));
}
