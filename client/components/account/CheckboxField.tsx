/** A checkbox with its label on the right, for the account forms (accepts marketing, default address). */
import type { InputHTMLAttributes } from 'react';

export function CheckboxField({ label, ...input }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string }) {
  return (
    <label className="checkbox-field">
      <input type="checkbox" {...input} />
      <span>{label}</span>
    </label>
  );
}
