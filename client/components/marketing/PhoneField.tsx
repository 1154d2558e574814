/**
 * The phone input of the sign-up forms (spec §5, §9): digits only, shown as (xxx) xxx-xxxx while
 * the shopper types, the caret kept after the same digit. The formatter (libphonenumber-js) is
 * loaded when the field is first focused or hovered; anything typed before it arrives is
 * formatted as soon as it does. The behaviour is `usePhoneInput`, which the account profile's
 * phone field uses too (client/components/account/ProfileForm.tsx).
 */
import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { loadedPhone, loadPhone } from './load-phone';

type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  required?: boolean;
  autoComplete?: string;
  error?: string;
};

/**
 * A controlled phone input's behaviour: `value` as shown, `onChange` with the next value
 * (formatted once the formatter has loaded). Spread the answer (ref, value and handlers) onto
 * an `<input type="tel">`.
 */
export function usePhoneInput(value: string, onChange: (value: string) => void) {
  const ref = useRef<HTMLInputElement>(null);
  const [phone, setPhone] = useState(loadedPhone);
  /** Where the caret goes after the formatted value is rendered. */
  const caret = useRef<number | null>(null);

  const load = () => {
    if (!phone) loadPhone().then(setPhone, () => undefined);
  };

  // Whatever was typed before the formatter arrived is formatted now.
  useEffect(() => {
    if (phone && value && phone.formatPhone(value) !== value) onChange(phone.formatPhone(value));
  }, [phone, value, onChange]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (el && caret.current !== null && document.activeElement === el) el.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const { value: next, selectionStart } = event.currentTarget;
    if (!phone) {
      load();
      onChange(next);
      return;
    }
    const edited = phone.editPhone(value, next, selectionStart ?? next.length);
    caret.current = edited.caret;
    onChange(edited.value);
  };

  return { ref, value, onChange: change, onFocus: load, onPointerEnter: load };
}

export function PhoneField({ id, label, value, onChange, placeholder, required, autoComplete = 'tel', error }: Props) {
  const input = usePhoneInput(value, onChange);
  const errorId = `${id}-error`;
  return (
    <div className={`field signup__field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        name="phoneNumber"
        type="tel"
        inputMode="tel"
        autoComplete={autoComplete}
        placeholder={placeholder}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
