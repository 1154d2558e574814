/**
 * /accounts/forgot-password (spec §2 authentication screens): the email to send a reset link
 * to. Spec §5: "Email required.". The confirmation is neutral — it never says whether an account
 * exists for the address — with the mail inbox link in local mode.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { MailSentResult } from '../../../shared/customer';
import { AuthCard } from '../../components/account/AuthCard';
import { FormAlert } from '../../components/account/FormAlert';
import { FormField } from '../../components/account/FormField';
import { MailSentNote } from '../../components/account/MailSentNote';
import { SubmitButton } from '../../components/account/SubmitButton';
import { formText, useAccountForm } from '../../components/account/use-account-form';
import { checkRecover } from '../../lib/account-checks';
import { useStores } from '../../stores';

export function ForgotPasswordPage() {
  const { customer } = useStores();
  const form = useAccountForm<'email'>('forgot-password');
  const [sent, setSent] = useState<MailSentResult | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = formText(event.currentTarget, 'email');
    void form.submit(checkRecover({ email }), () => customer.api.recover({ email }), setSent);
  }

  const back = (
    <p>
      <Link to="/accounts/login">Back to sign in</Link>
    </p>
  );

  if (sent) {
    return (
      <AuthCard title="Reset your password" footer={back}>
        <MailSentNote title="Check your email" result={sent}>
          <p>If an account exists for that address, we have sent it a link to reset the password.</p>
        </MailSentNote>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset your password" intro="Enter your email and we will send you a link to choose a new password." footer={back}>
      <form className="account-form" method="post" noValidate onSubmit={onSubmit}>
        <FormAlert form={form} />
        <FormField {...form.field('email')} name="email" label="Email" type="email" autoComplete="email" inputMode="email" required />
        <SubmitButton pending={form.pending} pendingLabel="Sending…" className="button--block">
          Send reset link
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
