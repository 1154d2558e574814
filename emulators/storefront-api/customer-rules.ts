/**
 * Shopify's rules for customer fields, as CustomerUserErrors: codes are the schema's
 * CustomerErrorCode values, messages follow Shopify's Rails-style wording ("Email is invalid",
 * "Password is too short (minimum is 5 characters)"). `field` is the input path, e.g.
 * ["input", "email"] for customerCreate or ["customer", "email"] for customerUpdate.
 */
import { normalizePhone } from './addresses';

export type CustomerErrorCode =
  | 'ALREADY_ENABLED'
  | 'BLANK'
  | 'CONTAINS_HTML_TAGS'
  | 'CUSTOMER_DISABLED'
  | 'INVALID'
  | 'NOT_FOUND'
  | 'PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE'
  | 'TAKEN'
  | 'TOKEN_INVALID'
  | 'TOO_LONG'
  | 'TOO_SHORT'
  | 'UNIDENTIFIED_CUSTOMER';

export type CustomerUserError = { code: CustomerErrorCode; field: string[] | null; message: string };

/** Shopify's password length limits. */
export const PASSWORD_MIN_LENGTH = 5;
export const PASSWORD_MAX_LENGTH = 40;
const MAX_LENGTH = 255;

const error = (code: CustomerErrorCode, field: string[] | null, message: string): CustomerUserError => ({ code, field, message });

/** Emails are compared and stored trimmed and lower-cased (Shopify treats them case-insensitively). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** A problem with `email` (already normalised), or null. */
export function emailError(email: string, field: string[]): CustomerUserError | null {
  if (!email) return error('BLANK', field, "Email can't be blank");
  if (email.length > MAX_LENGTH) return error('TOO_LONG', field, `Email is too long (maximum is ${MAX_LENGTH} characters)`);
  if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(email)) return error('INVALID', field, 'Email is invalid');
  return null;
}

/** A problem with a new password, or null. */
export function passwordError(password: string, field: string[]): CustomerUserError | null {
  if (!password) return error('BLANK', field, "Password can't be blank");
  if (password !== password.trim()) return error('PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE', field, 'Password cannot start or end with whitespace');
  if (password.length < PASSWORD_MIN_LENGTH) return error('TOO_SHORT', field, `Password is too short (minimum is ${PASSWORD_MIN_LENGTH} characters)`);
  if (password.length > PASSWORD_MAX_LENGTH) return error('TOO_LONG', field, `Password is too long (maximum is ${PASSWORD_MAX_LENGTH} characters)`);
  return null;
}

/** A phone in E.164, or the INVALID error ("Phone is invalid"). */
export function phoneOrError(phone: string, field: string[]): { phone: string } | { error: CustomerUserError } {
  const normalized = normalizePhone(phone);
  return normalized ? { phone: normalized } : { error: error('INVALID', field, 'Phone is invalid') };
}

/** A problem with a first or last name (too long, HTML), or null. */
export function nameError(value: string, label: 'First name' | 'Last name', field: string[]): CustomerUserError | null {
  if (value.length > MAX_LENGTH) return error('TOO_LONG', field, `${label} is too long (maximum is ${MAX_LENGTH} characters)`);
  if (/<[a-z!/][^>]*>/i.test(value)) return error('CONTAINS_HTML_TAGS', field, `${label} cannot contain HTML tags`);
  return null;
}

/** The errors the mutations answer outside field validation, in one place so tests and docs agree. */
export const ERRORS = {
  emailTaken: (field: string[]) => error('TAKEN', field, 'Email has already been taken'),
  phoneTaken: (field: string[]) => error('TAKEN', field, 'Phone has already been taken'),
  unidentified: () => error('UNIDENTIFIED_CUSTOMER', null, 'Unidentified customer'),
  notActivated: (email: string) =>
    error(
      'CUSTOMER_DISABLED',
      null,
      `This account has not been activated yet. Use the link in the activation email sent to ${email} to set a password and sign in.`,
    ),
  activationResent: (email: string) =>
    error('CUSTOMER_DISABLED', null, `We have sent an email to ${email}, please click the link included to verify your email address.`),
  recoverUnknown: () => error('UNIDENTIFIED_CUSTOMER', ['email'], 'Could not find customer'),
  tokenInvalid: () => error('TOKEN_INVALID', ['customerAccessToken'], 'Customer access token is invalid or has expired'),
  activationUrlInvalid: () => error('TOKEN_INVALID', ['activationUrl'], 'This activation link is invalid, was already used or has expired'),
  resetUrlInvalid: () => error('TOKEN_INVALID', ['resetUrl'], 'This password reset link is invalid, was already used or has expired'),
  alreadyEnabled: () => error('ALREADY_ENABLED', null, 'Account already enabled'),
  addressNotFound: (field: string[]) => error('NOT_FOUND', field, 'Address does not exist'),
  tooManyAddresses: (max: number) => error('TOO_LONG', ['address'], `A customer can have at most ${max} addresses`),
};
