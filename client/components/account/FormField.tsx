/**
 * A labelled text input of the account forms (spec §5): the label above, the inline error below,
 * tied to the input with `aria-describedby` and `aria-invalid`, and an optional hint.
 */
import type { InputHTMLAttributes, Ref } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string;
  ref?: Ref<HTMLInputElement>;
  label: string;
  error?: string;
  hint?: string;
  /** Shown after the label for optional fields. */
  optional?: boolean;
};

export function FormField({ id, label, error, hint, optional = false, className, type = 'text', ...input }: Props) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optional && <span className="field__optional"> (optional)</span>}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {/* An explicit type (default text): browsers default to it, but validators and some
          assistive technology want it stated. */}
      <input id={id} type={type} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
