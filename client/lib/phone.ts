/**
 * US phone numbers in the sign-up forms (spec §5 "Phone numbers are digits only, displayed as
 * (xxx) xxx-xxxx and submitted with a +1 prefix"; §9 default country US), with
 * libphonenumber-js and its "min" metadata.
 *
 * The browser formats what the shopper types and checks it before sending; it sends the value
 * as shown, and the server parses and validates it again (server/marketing/input.ts) and passes
 * it on as E.164. The sign-up forms load this module on demand (client/components/marketing/
 * PhoneField.tsx), so the metadata stays out of the main bundle.
 */
import { AsYouType, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/** Spec §9 default country code. */
export const DEFAULT_COUNTRY: CountryCode = 'US';

/** A US national number: a 3-digit area code and a 7-digit local number. */
export const NATIONAL_DIGITS = 10;

/**
 * The digits of `raw`, as a national number: everything that is not a digit is dropped, and so
 * is a leading 1 (the +1 country code or the trunk prefix: no US area code starts with 1).
 * At most 10 digits; further ones are ignored.
 * @example phoneDigits('+1 (212) 555-0123') === '2125550123'
 */
export function phoneDigits(raw: string): string {
  return raw.replace(/\D/g, '').replace(/^1+/, '').slice(0, NATIONAL_DIGITS);
}

/**
 * `raw` formatted as the shopper types (as-you-type, US): "212" → "(212)",
 * "2125550" → "(212) 555-0", "2125550123" → "(212) 555-0123". Empty for no digits.
 */
export function formatPhone(raw: string): string {
  const digits = phoneDigits(raw);
  return digits ? new AsYouType(DEFAULT_COUNTRY).input(digits) : '';
}

/** Where the caret goes in `formatted`: just after its `digitsBefore`-th digit. */
function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i += 1) {
    if (/\d/.test(formatted[i]) && (seen += 1) === digitsBefore) return i + 1;
  }
  return formatted.length;
}

/**
 * A phone field after an edit: the new value, formatted, and where the caret goes so that it
 * stays after the same digit (typing or deleting in the middle does not throw it to the end).
 * `previous` is the value the field showed, `next` what the edit made of it, `caret` the caret
 * in `next` (default: its end). Deleting only punctuation (Backspace on the ")" of "(212)")
 * would format back to the same value, so such a deletion removes the digit before it.
 */
export function editPhone(previous: string, next: string, caret = next.length): { value: string; caret: number } {
  const before = next.slice(0, caret);
  // A leading 1 typed or pasted is dropped as a country code: count digits as phoneDigits does.
  let digitsBefore = phoneDigits(before).length;
  let digits = phoneDigits(next);
  if (next.length < previous.length && digits === phoneDigits(previous) && digitsBefore > 0) {
    digits = digits.slice(0, digitsBefore - 1) + digits.slice(digitsBefore);
    digitsBefore -= 1;
  }
  const value = formatPhone(digits);
  // Typing at the end stays at the end (past a closing parenthesis the formatter added).
  if (caret >= next.length) return { value, caret: value.length };
  return { value, caret: caretAfterDigits(value, Math.min(digitsBefore, digits.length)) };
}

/**
 * The number as E.164 (+1xxxxxxxxxx) when it is a valid North American number, else null.
 * For the browser's own check before sending; the server decides.
 * @example toE164('(212) 555-0123') === '+12125550123'; toE164('(123) 456-7890') === null
 */
export function toE164(value: string): string | null {
  const parsed = parsePhoneNumberFromString(value, DEFAULT_COUNTRY);
  return parsed?.isValid() && parsed.countryCallingCode === '1' ? parsed.number : null;
}
