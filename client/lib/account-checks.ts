/**
 * The account forms' checks in the browser (spec §5 Accounts), the same the server makes, run
 * first so a shopper sees the answer without a round trip. Each answers null (send it) or a
 * `FormProblem`: the summary message (spec §5 wording where the spec has one) and one short
 * message per field to fix.
 */
import { MARKETING_MESSAGES } from '../../shared/marketing';
import { EMAIL_MAX_LENGTH, PASSWORD_MIN_LENGTH, type AddressInput } from '../../shared/customer';

export type FormProblem<K extends string = string> = { message: string; fields: Partial<Record<K, string>> };

/** Spec §5 and §8 texts, word for word (including the spec's own spelling). */
export const ACCOUNT_MESSAGES = {
  requiredFieldsMissing: 'Required fields missing.',
  emailRequired: 'Email required.',
  profileEmailMissing: 'Missing required field.',
  // What each operation answers for an email that is there but cannot be valid (spec §8).
  tokenCreateFailed: 'Customer access token create failed.',
  createCustomerFailed: 'Create customer failed.',
  recoverFailed: 'Customer recover mutation failed.',
  updateFailed: 'Customer update mutation failed.',
} as const;

/** The platform's TOO_SHORT text for a password below PASSWORD_MIN_LENGTH. */
export const PASSWORD_TOO_SHORT = `Password is too short (minimum is ${PASSWORD_MIN_LENGTH} characters)`;

const ENTER_EMAIL = 'Enter your email.';
const ENTER_PASSWORD = 'Enter your password.';
const EMAIL_TOO_LONG = `An email address has at most ${EMAIL_MAX_LENGTH} characters.`;

/** Build a problem from the fields that failed; null when none did. */
function problem<K extends string>(message: string, fields: Partial<Record<K, string | false>>): FormProblem<K> | null {
  const failed = Object.entries(fields).filter((entry): entry is [K, string] => typeof entry[1] === 'string');
  return failed.length ? { message, fields: Object.fromEntries(failed) as Partial<Record<K, string>> } : null;
}

/** An email longer than any address can be: `message`, the operation's spec §8 failure (as the server answers). */
function checkEmailLength(email: string, message: string): FormProblem<'email'> | null {
  return problem(message, { email: email.length > EMAIL_MAX_LENGTH && EMAIL_TOO_LONG });
}

/** Spec §5: sign-in needs email and password ("Required fields missing."). */
export function checkSignIn(input: { email: string; password: string }): FormProblem<'email' | 'password'> | null {
  return (
    problem(ACCOUNT_MESSAGES.requiredFieldsMissing, { email: !input.email && ENTER_EMAIL, password: !input.password && ENTER_PASSWORD }) ??
    checkEmailLength(input.email, ACCOUNT_MESSAGES.tokenCreateFailed)
  );
}

/** Spec §5: sign-up needs email and password; the password at least PASSWORD_MIN_LENGTH long. */
export function checkRegister(input: { email: string; password: string }): FormProblem<'email' | 'password'> | null {
  return (
    problem(ACCOUNT_MESSAGES.requiredFieldsMissing, { email: !input.email && ENTER_EMAIL, password: !input.password && 'Choose a password.' }) ??
    checkEmailLength(input.email, ACCOUNT_MESSAGES.createCustomerFailed) ??
    checkPasswordLength(input.password)
  );
}

/** Spec §5: password recovery needs an email ("Email required."). */
export function checkRecover(input: { email: string }): FormProblem<'email'> | null {
  return (
    problem(ACCOUNT_MESSAGES.emailRequired, { email: !input.email && ENTER_EMAIL }) ?? checkEmailLength(input.email, ACCOUNT_MESSAGES.recoverFailed)
  );
}

/**
 * Spec §5: activation (and reset) need a password, at least PASSWORD_MIN_LENGTH long; the
 * confirmation must repeat it (a typo here would lock the customer out).
 */
export function checkNewPassword(input: { password: string; confirm: string }): FormProblem<'password' | 'confirm'> | null {
  return (
    problem(ACCOUNT_MESSAGES.requiredFieldsMissing, { password: !input.password && 'Choose a password.' }) ??
    checkPasswordLength(input.password) ??
    problem('The passwords do not match.', { confirm: input.confirm !== input.password && 'Repeat the same password.' })
  );
}

/**
 * Spec §5: an account update needs an email ("Missing required field."); a phone, when given, is
 * a North American number (spec §5, §9; `isPhone` is the phone formatter's check, passed in so
 * this module does not load it).
 */
export function checkProfile(input: { email: string; phone?: string }, isPhone: (value: string) => boolean): FormProblem<'email' | 'phone'> | null {
  return (
    problem(ACCOUNT_MESSAGES.profileEmailMissing, { email: !input.email && ENTER_EMAIL }) ??
    checkEmailLength(input.email, ACCOUNT_MESSAGES.updateFailed) ??
    problem(MARKETING_MESSAGES.badPhone, { phone: !!input.phone && !isPhone(input.phone) && MARKETING_MESSAGES.badPhone })
  );
}

/** shared/customer.ts AddressInput: street, city, ZIP and country are required. */
export function checkAddress(input: AddressInput): FormProblem<'address1' | 'city' | 'zip' | 'country'> | null {
  return problem(ACCOUNT_MESSAGES.requiredFieldsMissing, {
    address1: !input.address1 && 'Enter the street address.',
    city: !input.city && 'Enter the city.',
    zip: !input.zip && 'Enter the ZIP or postal code.',
    country: !input.country && 'Enter the country.',
  });
}

function checkPasswordLength(password: string): FormProblem<'password'> | null {
  return problem(PASSWORD_TOO_SHORT, { password: password.length < PASSWORD_MIN_LENGTH && `Use at least ${PASSWORD_MIN_LENGTH} characters.` });
}
