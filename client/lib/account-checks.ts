/**
 * The account forms' checks in the browser (spec §5 Accounts), the same the server makes, run
 * first so a shopper sees the answer without a round trip. Each answers null (send it) or a
 * `FormProblem`: the summary message (spec §5 wording where the spec has one) and one short
 * message per field to fix.
 */
import { PASSWORD_MIN_LENGTH, type AddressInput } from '../../shared/customer';

export type FormProblem<K extends string = string> = { message: string; fields: Partial<Record<K, string>> };

/** Spec §5 and §8 texts, word for word (including the spec's own spelling). */
export const ACCOUNT_MESSAGES = {
  requiredFieldsMissing: 'Required fields missing.',
  emailRequired: 'Email required.',
  profileEmailMissing: 'Missing required field.',
  customerCreated: 'Customer sucessfully created',
} as const;

/** The platform's TOO_SHORT text for a password below PASSWORD_MIN_LENGTH. */
export const PASSWORD_TOO_SHORT = `Password is too short (minimum is ${PASSWORD_MIN_LENGTH} characters)`;

const ENTER_EMAIL = 'Enter your email.';
const ENTER_PASSWORD = 'Enter your password.';

/** Build a problem from the fields that failed; null when none did. */
function problem<K extends string>(message: string, fields: Partial<Record<K, string | false>>): FormProblem<K> | null {
  const failed = Object.entries(fields).filter((entry): entry is [K, string] => typeof entry[1] === 'string');
  return failed.length ? { message, fields: Object.fromEntries(failed) as Partial<Record<K, string>> } : null;
}

/** Spec §5: sign-in needs email and password ("Required fields missing."). */
export function checkSignIn(input: { email: string; password: string }): FormProblem<'email' | 'password'> | null {
  return problem(ACCOUNT_MESSAGES.requiredFieldsMissing, { email: !input.email && ENTER_EMAIL, password: !input.password && ENTER_PASSWORD });
}

/** Spec §5: sign-up needs email and password; the password at least PASSWORD_MIN_LENGTH long. */
export function checkRegister(input: { email: string; password: string }): FormProblem<'email' | 'password'> | null {
  return (
    problem(ACCOUNT_MESSAGES.requiredFieldsMissing, { email: !input.email && ENTER_EMAIL, password: !input.password && 'Choose a password.' }) ??
    checkPasswordLength(input.password)
  );
}

/** Spec §5: password recovery needs an email ("Email required."). */
export function checkRecover(input: { email: string }): FormProblem<'email'> | null {
  return problem(ACCOUNT_MESSAGES.emailRequired, { email: !input.email && ENTER_EMAIL });
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

/** Spec §5: an account update needs an email ("Missing required field."). */
export function checkProfile(input: { email: string }): FormProblem<'email'> | null {
  return problem(ACCOUNT_MESSAGES.profileEmailMissing, { email: !input.email && ENTER_EMAIL });
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
