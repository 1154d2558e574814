/**
 * A sign-up form (spec §4 "Newsletter form and popup", §5): the labelled fields of its spec,
 * the hidden honeypot, the submit button with its pending state and the inline failure
 * message; after a success, the success message in its place (focused, so keyboard and
 * screen-reader users land on it). One component for the five sign-up forms, which differ
 * only in their fields, texts and request (use-signup-form.ts).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { loadPhone } from './load-phone';
import { PhoneField } from './PhoneField';
import { useSignupForm, type SignupFieldSpec, type SignupFormOptions } from './use-signup-form';

type Props<K extends string> = SignupFormOptions<K> & {
  /** The submit button's label, and what it says while the request runs. */
  submitLabel: string;
  pendingLabel?: string;
  /** Copy above the fields (e.g. the settings' back-in-stock text). */
  intro?: ReactNode;
  className?: string;
};

/** The phone formatter starts loading as soon as the shopper enters a form with a phone field. */
const preloadPhone = () => void loadPhone().catch(() => undefined);

const AUTOCOMPLETE: Record<SignupFieldSpec<string>['kind'], string> = { email: 'email', phone: 'tel', text: 'off' };

export function SignupForm<K extends string>({ submitLabel, pendingLabel = 'Sending…', intro, className, ...options }: Props<K>) {
  const form = useSignupForm(options);
  const { values, setValue, fieldErrors, fieldId, pending, error, success } = form;
  const successRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (success) successRef.current?.focus();
  }, [success]);

  const classes = `signup${className ? ` ${className}` : ''}`;
  if (success) {
    return (
      <div className={classes}>
        <p ref={successRef} className="signup__success" role="status" tabIndex={-1}>
          {success}
        </p>
      </div>
    );
  }

  const [first, ...rest] = options.fields;
  const hasPhone = options.fields.some((f) => f.kind === 'phone');
  const field = (spec: SignupFieldSpec<K>) => {
    const id = fieldId(spec.name);
    const problem = fieldErrors[spec.name];
    const autoComplete = spec.autoComplete ?? AUTOCOMPLETE[spec.kind];
    if (spec.kind === 'phone') {
      return (
        <PhoneField
          key={spec.name}
          id={id}
          label={spec.label}
          value={values[spec.name]}
          onChange={(value) => setValue(spec.name, value)}
          placeholder={spec.placeholder}
          required={spec.required}
          autoComplete={autoComplete}
          error={problem}
        />
      );
    }
    return (
      <div key={spec.name} className={`field signup__field${problem ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={id}>
          {spec.label}
        </label>
        <input
          id={id}
          name={spec.name}
          type={spec.kind}
          inputMode={spec.kind === 'email' ? 'email' : undefined}
          autoComplete={autoComplete}
          placeholder={spec.placeholder}
          required={spec.required}
          value={values[spec.name]}
          onChange={(e) => setValue(spec.name, e.currentTarget.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
        />
        {problem && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {problem}
          </p>
        )}
      </div>
    );
  };

  return (
    <div className={classes}>
      <form className="signup__form" onSubmit={form.submit} onFocus={hasPhone ? preloadPhone : undefined} noValidate>
        {intro}
        {first && field(first)}
        {/* Spec §5 honeypot: always sent, empty from people. Out of sight, out of the tab order
            and of the accessibility tree; between fields, so a dialog's focus trap (which wraps
            at the first and last focusable) never lands on it. */}
        <div className="visually-hidden" aria-hidden="true">
          <label htmlFor={form.honeypotId}>Leave this field empty</label>
          <input
            id={form.honeypotId}
            name="honeypot"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={form.honeypot}
            onChange={(e) => form.setHoneypot(e.currentTarget.value)}
          />
        </div>
        {rest.map(field)}
        <button type="submit" className="button signup__submit" aria-disabled={pending || undefined} aria-busy={pending || undefined}>
          {pending ? pendingLabel : submitLabel}
        </button>
        {error && (
          <p className="signup__error" role="alert">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}
