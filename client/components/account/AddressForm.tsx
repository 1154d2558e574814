/**
 * The address form of the address book (spec §3 Address; shared/customer.ts AddressInput): a new
 * address, or an existing one edited in place. Street, city, ZIP and country are required;
 * "Use as my default address" is offered unless it already is. The server's answer, the
 * customer as they now are, goes to `onSaved`.
 */
import { useEffect, useRef, type FormEvent } from 'react';
import type { Address, AddressInput, Customer } from '../../../shared/customer';
import type { ApiResult } from '../../../shared/types';
import { checkAddress } from '../../lib/account-checks';
import type { AddressWrite } from '../../lib/customer-api';
import { CheckboxField } from './CheckboxField';
import { FormAlert } from './FormAlert';
import { FormField } from './FormField';
import { SubmitButton } from './SubmitButton';
import { formChecked, formText, useAccountForm } from './use-account-form';

type Props = {
  /** The address being edited; absent for a new one. */
  address?: Address;
  isDefault: boolean;
  /** Legend read before the fields ("New address", "Edit address"). */
  title: string;
  save: (write: AddressWrite) => Promise<ApiResult<Customer>>;
  onSaved: (customer: Customer) => void;
  onCancel: () => void;
};

type Field = keyof AddressInput;

/** The form's fields in reading order: name, autocomplete token, and whether the input requires it. */
const FIELDS: { name: Field; label: string; autoComplete: string; required?: boolean; type?: string; wide?: boolean }[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { name: 'company', label: 'Company', autoComplete: 'organization', wide: true },
  { name: 'address1', label: 'Street address', autoComplete: 'address-line1', required: true, wide: true },
  { name: 'address2', label: 'Apartment, suite, etc.', autoComplete: 'address-line2', wide: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2', required: true },
  { name: 'province', label: 'State', autoComplete: 'address-level1' },
  { name: 'zip', label: 'ZIP code', autoComplete: 'postal-code', required: true },
  { name: 'country', label: 'Country', autoComplete: 'country-name', required: true },
  { name: 'phone', label: 'Phone', autoComplete: 'tel', type: 'tel', wide: true },
];

/** A new address starts in the shop's country. */
const NEW_ADDRESS: Partial<AddressInput> = { country: 'United States' };

/** The form's values; optional fields left empty are not sent. */
function readAddress(form: HTMLFormElement): AddressInput {
  const value = (name: Field) => formText(form, name);
  const optional = (name: Field) => value(name) || undefined;
  return {
    firstName: optional('firstName'),
    lastName: optional('lastName'),
    company: optional('company'),
    address1: value('address1'),
    address2: optional('address2'),
    city: value('city'),
    province: optional('province'),
    zip: value('zip'),
    country: value('country'),
    phone: optional('phone'),
  };
}

export function AddressForm({ address, isDefault, title, save, onSaved, onCancel }: Props) {
  const form = useAccountForm<Field>(address ? `address-form-${address.id}` : 'address-form-new');
  const first = useRef<HTMLInputElement>(null);

  // The form opens on a click: take the keyboard to its first field.
  useEffect(() => first.current?.focus(), []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = readAddress(event.currentTarget);
    const makeDefault = !isDefault && formChecked(event.currentTarget, 'makeDefault');
    void form.submit(checkAddress(input), () => save({ address: input, ...(makeDefault ? { makeDefault } : {}) }), onSaved);
  }

  return (
    <form className="address-form" method="post" noValidate onSubmit={onSubmit}>
      <fieldset>
        <legend className="address-form__legend">{title}</legend>
        <FormAlert form={form} />
        <div className="address-form__grid">
          {FIELDS.map(({ name, label, autoComplete, required, type, wide }, i) => (
            <FormField
              key={name}
              {...form.field(name)}
              ref={i === 0 ? first : undefined}
              className={wide ? 'field--wide' : undefined}
              name={name}
              label={label}
              type={type ?? 'text'}
              autoComplete={autoComplete}
              required={required}
              optional={!required}
              defaultValue={address ? (address[name] ?? '') : (NEW_ADDRESS[name] ?? '')}
            />
          ))}
        </div>
        {!isDefault && <CheckboxField name="makeDefault" label="Use as my default address" />}
        <div className="address-form__actions">
          <SubmitButton pending={form.pending} pendingLabel="Saving…">
            Save address
          </SubmitButton>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </fieldset>
    </form>
  );
}
