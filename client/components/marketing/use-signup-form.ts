/**
 * The submit cycle every sign-up form shares (footer newsletter, popup, back in stock, drop the
 * hint, reserve; spec §4 "Newsletter form and popup", §5, §8): controlled fields plus the hidden
 * honeypot (always sent, empty from people), the browser's own checks first (required fields,
 * email shape, a valid US phone), then one request at a time with a pending state. Success
 * replaces the form with its message; a failure shows inline, and messages clear after
 * MESSAGE_CLEAR_MS (spec §9).
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { MARKETING_MESSAGES, MESSAGE_CLEAR_MS } from '../../../shared/marketing';
import type { SignupOutcome } from './api';
import { loadPhone } from './load-phone';

export type SignupFieldKind = 'email' | 'text' | 'phone';

/** One visible field of a sign-up form. */
export type SignupFieldSpec<K extends string> = {
  name: K;
  /** The visible label, e.g. "Email*" (spec §5). */
  label: string;
  kind: SignupFieldKind;
  required?: boolean;
  placeholder?: string;
  /** Default: email → "email", phone → "tel" (html-validate: "tel-national" is not allowed on type=tel; a leading +1 is dropped as typed), text → "off". */
  autoComplete?: string;
};

export type SignupValues<K extends string> = Record<K, string>;

export type SignupFormOptions<K extends string> = {
  /** The form's DOM id prefix (`${idPrefix}-${field}`), unique on the page (the field to focus is found by it). */
  idPrefix: string;
  fields: readonly SignupFieldSpec<K>[];
  /** Sends the checked, trimmed values and the honeypot's value. */
  send: (values: SignupValues<K>, honeypot: string) => Promise<SignupOutcome>;
  /** Shown on success instead of the server's message (e.g. the settings' success text). */
  successMessage?: string | null;
  /**
   * Shown instead of the server's message on a failure on our end (5xx, no answer): the
   * footer's configured error text (spec §8 "shows the configured error message or the
   * returned one"). A refusal of what the shopper sent (4xx) always shows the server's message.
   */
  errorMessage?: string | null;
  /** After a success, with the values sent. */
  onSuccess?: (values: SignupValues<K>) => void;
};

export type SignupForm<K extends string> = {
  values: SignupValues<K>;
  setValue: (name: K, value: string) => void;
  honeypot: string;
  setHoneypot: (value: string) => void;
  pending: boolean;
  /** The form's failure message (server or network), or null. */
  error: string | null;
  /** The browser's per-field problems. */
  fieldErrors: Partial<Record<K, string>>;
  /** The success message once the sign-up was accepted: the form is then replaced by it. */
  success: string | null;
  /** The DOM id of a field's input (its error is `${id}-error`). */
  fieldId: (name: K) => string;
  honeypotId: string;
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
};

/** Deliberately loose (the server checks properly): something@something.tld, no spaces. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The browser's checks of the trimmed values, in field order (spec §5 messages). */
async function checkFields<K extends string>(fields: readonly SignupFieldSpec<K>[], values: SignupValues<K>): Promise<Partial<Record<K, string>>> {
  const problems: Partial<Record<K, string>> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (!value) {
      if (field.required) problems[field.name] = MARKETING_MESSAGES.missingRequiredField;
    } else if (field.kind === 'email' && !EMAIL_SHAPE.test(value)) {
      problems[field.name] = MARKETING_MESSAGES.badEmail;
    } else if (field.kind === 'phone') {
      // When the formatter cannot load (offline), the server's own check decides.
      const phone = await loadPhone().catch(() => null);
      if (phone && !phone.toE164(value)) problems[field.name] = MARKETING_MESSAGES.badPhone;
    }
  }
  return problems;
}

const emptyValues = <K extends string>(fields: readonly SignupFieldSpec<K>[]) =>
  Object.fromEntries(fields.map((f) => [f.name, ''])) as SignupValues<K>;

export function useSignupForm<K extends string>({
  idPrefix: id,
  fields,
  send,
  successMessage,
  errorMessage,
  onSuccess,
}: SignupFormOptions<K>): SignupForm<K> {
  const [values, setValues] = useState<SignupValues<K>>(() => emptyValues(fields));
  const [honeypot, setHoneypot] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<K, string>>>({});
  const [success, setSuccess] = useState<string | null>(null);
  const busy = useRef(false);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(clearTimer.current), []);

  /** Spec §4/§9: transient messages clear after MESSAGE_CLEAR_MS. */
  const clearLater = useCallback(() => {
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => {
      setError(null);
      setFieldErrors({});
    }, MESSAGE_CLEAR_MS);
  }, []);

  const fieldId = useCallback((name: K) => `${id}-${name}`, [id]);

  const setValue = useCallback((name: K, value: string) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    // Editing a field answers its problem.
    setFieldErrors((prev) => {
      if (!(name in prev)) return prev;
      const next = { ...prev };
      delete next[name];
      return next;
    });
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    try {
      const trimmed = Object.fromEntries(fields.map((f) => [f.name, values[f.name].trim()])) as SignupValues<K>;
      setError(null);
      const problems = await checkFields(fields, trimmed);
      const invalid = fields.find((f) => problems[f.name]);
      setFieldErrors(problems);
      if (invalid) {
        document.getElementById(fieldId(invalid.name))?.focus();
        clearLater();
        return;
      }
      setPending(true);
      const outcome = await send(trimmed, honeypot);
      if (outcome.ok) {
        clearTimeout(clearTimer.current);
        setSuccess(successMessage || outcome.message);
        onSuccess?.(trimmed);
      } else {
        setError((!outcome.refused && errorMessage) || outcome.message);
        clearLater();
      }
    } finally {
      busy.current = false;
      setPending(false);
    }
  };

  return { values, setValue, honeypot, setHoneypot, pending, error, fieldErrors, success, fieldId, honeypotId: `${id}-honeypot`, submit };
}
