/**
 * The profile form of /accounts/account (spec §3 Customer; §5 account update): first and last
 * name, email, phone and the marketing consent. Spec §5: the email is required ("Missing required
 * field."); names and phone are sent only when filled in; acceptsMarketing is always sent. The
 * phone is the shop's phone format (spec §5, §9: digits only, shown as (xxx) xxx-xxxx), formatted
 * as it is typed like the sign-up forms' (usePhoneInput); the stored E.164 number is shown the
 * same way. The server's answer, the customer as they now are, goes to `onSaved`.
 */
import { useState, type FormEvent } from 'react';
import type { Customer, ProfileInput } from '../../../shared/customer';
import { checkProfile } from '../../lib/account-checks';
// Static here (the account page's own chunk): the stored number is shown formatted from the
// first render, on the server as in the browser.
import { formatPhone, toE164 } from '../../lib/phone';
import { useStores } from '../../stores';
import { usePhoneInput } from '../marketing/PhoneField';
import { CheckboxField } from './CheckboxField';
import { FormAlert } from './FormAlert';
import { FormField } from './FormField';
import { SubmitButton } from './SubmitButton';
import { formChecked, formText, useAccountForm } from './use-account-form';

function readProfile(form: HTMLFormElement): ProfileInput {
  const optional = (name: string) => formText(form, name) || undefined;
  return {
    email: formText(form, 'email'),
    firstName: optional('firstName'),
    lastName: optional('lastName'),
    phone: optional('phone'),
    acceptsMarketing: formChecked(form, 'acceptsMarketing'),
  };
}

/** A stored phone as the form shows it: North American numbers as (xxx) xxx-xxxx, others as stored. */
const shownPhone = (phone: string | null) => (phone?.startsWith('+1') ? formatPhone(phone) : (phone ?? ''));

export function ProfileForm({ customer, onSaved }: { customer: Customer; onSaved: (customer: Customer) => void }) {
  const stores = useStores();
  const form = useAccountForm<'firstName' | 'lastName' | 'email' | 'phone'>('profile');
  const [saved, setSaved] = useState(false);
  const [phone, setPhone] = useState(() => shownPhone(customer.phone));
  const phoneInput = usePhoneInput(phone, setPhone);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = readProfile(event.currentTarget);
    setSaved(false);
    void form.submit(
      checkProfile(input, (value) => toE164(value) !== null),
      () => stores.customer.api.updateProfile(input),
      (next) => {
        setSaved(true);
        onSaved(next);
      },
    );
  }

  return (
    <form className="account-form" method="post" noValidate onSubmit={onSubmit}>
      <FormAlert form={form} />
      <div className="account-form__pair">
        <FormField
          {...form.field('firstName')}
          name="firstName"
          label="First name"
          autoComplete="given-name"
          defaultValue={customer.firstName ?? ''}
          optional
        />
        <FormField
          {...form.field('lastName')}
          name="lastName"
          label="Last name"
          autoComplete="family-name"
          defaultValue={customer.lastName ?? ''}
          optional
        />
      </div>
      <FormField
        {...form.field('email')}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        defaultValue={customer.email ?? ''}
        required
      />
      <FormField
        {...form.field('phone')}
        {...phoneInput}
        name="phone"
        label="Phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="(212) 555-0123"
        optional
      />
      <CheckboxField name="acceptsMarketing" label="Email me about new collections and offers" defaultChecked={customer.acceptsMarketing} />
      <div className="account-form__actions">
        <SubmitButton pending={form.pending} pendingLabel="Saving…">
          Save changes
        </SubmitButton>
        <p className="account-form__saved" role="status">
          {saved && !form.pending ? 'Your details have been saved.' : ''}
        </p>
      </div>
    </form>
  );
}
