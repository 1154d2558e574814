/**
 * The profile form of /accounts/account (spec §3 Customer; §5 account update): first and last
 * name, email, phone and the marketing consent. Spec §5: the email is required ("Missing required
 * field."); names and phone are sent only when filled in; acceptsMarketing is always sent. The
 * server's answer, the customer as they now are, goes to `onSaved`.
 */
import { useState, type FormEvent } from 'react';
import type { Customer, ProfileInput } from '../../../shared/customer';
import { checkProfile } from '../../lib/account-checks';
import { useStores } from '../../stores';
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

export function ProfileForm({ customer, onSaved }: { customer: Customer; onSaved: (customer: Customer) => void }) {
  const stores = useStores();
  const form = useAccountForm<'firstName' | 'lastName' | 'email' | 'phone'>('profile');
  const [saved, setSaved] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = readProfile(event.currentTarget);
    setSaved(false);
    void form.submit(
      checkProfile(input),
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
      <FormField {...form.field('phone')} name="phone" label="Phone" type="tel" autoComplete="tel" defaultValue={customer.phone ?? ''} optional />
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
