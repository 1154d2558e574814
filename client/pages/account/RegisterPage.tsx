/**
 * /accounts/register (spec §2 authentication screens): first and last name, email, password,
 * and the marketing choice. Spec §7 sends `acceptsMarketing: true` on every sign-up; here the box
 * is ticked by default, so that is what is sent unless the shopper says no (consent stays theirs).
 * Spec §5: email and password required, the password at least PASSWORD_MIN_LENGTH long. The new
 * account is active at once (as Shopify's customerCreate makes it): the server signs the customer
 * in, and the browser follows the same authorization redirect as a login, to /accounts/account.
 */
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../shared/customer';
import { AuthCard } from '../../components/account/AuthCard';
import { FormAlert } from '../../components/account/FormAlert';
import { CheckboxField } from '../../components/account/CheckboxField';
import { FormField } from '../../components/account/FormField';
import { SubmitButton } from '../../components/account/SubmitButton';
import { formText, useAccountForm } from '../../components/account/use-account-form';
import { checkRegister } from '../../lib/account-checks';
import { useStores } from '../../stores';

export function RegisterPage() {
  const { customer } = useStores();
  const form = useAccountForm<'firstName' | 'lastName' | 'email' | 'password'>('register');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = formText(event.currentTarget, 'email');
    const password = formText(event.currentTarget, 'password', { trim: false });
    const firstName = formText(event.currentTarget, 'firstName') || undefined;
    const lastName = formText(event.currentTarget, 'lastName') || undefined;
    const acceptsMarketing = new FormData(event.currentTarget).get('acceptsMarketing') === 'on';
    void form.submit(
      checkRegister({ email, password }),
      () => customer.api.register({ email, password, firstName, lastName, acceptsMarketing }),
      (data) => window.location.assign(data.redirectTo),
      true,
    );
  }

  return (
    <AuthCard
      title="Create account"
      footer={
        <p>
          Already have an account? <Link to="/accounts/login">Sign in</Link>
        </p>
      }
    >
      <form className="account-form" method="post" noValidate onSubmit={onSubmit}>
        <FormAlert form={form} />
        <div className="account-form__pair">
          <FormField {...form.field('firstName')} name="firstName" label="First name" autoComplete="given-name" optional />
          <FormField {...form.field('lastName')} name="lastName" label="Last name" autoComplete="family-name" optional />
        </div>
        <FormField {...form.field('email')} name="email" label="Email" type="email" autoComplete="email" inputMode="email" required />
        <FormField
          {...form.field('password')}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          required
        />
        <CheckboxField name="acceptsMarketing" label="Email me about new collections and offers" defaultChecked />
        <SubmitButton pending={form.pending} pendingLabel="Creating account…" className="button--block">
          Create account
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
