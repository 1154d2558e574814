/**
 * Choosing a password from a link in a mail (spec §2 /accounts/activate and
 * /accounts/reset-password): the link's URL arrives as a query parameter, the customer types the
 * password twice (spec §5: a password and the URL are required, the password at least
 * PASSWORD_MIN_LENGTH long), and the server signs them in and answers the authorization redirect
 * the browser follows. Without the URL there is nothing to submit: the page says so.
 */
import type { FormEvent, ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH, type SignInResult } from '../../../shared/customer';
import type { ApiResult } from '../../../shared/types';
import { checkNewPassword } from '../../lib/account-checks';
import { AuthCard } from './AuthCard';
import { FormAlert } from './FormAlert';
import { FormField } from './FormField';
import { SubmitButton } from './SubmitButton';
import { formText, useAccountForm } from './use-account-form';

type Props = {
  title: string;
  intro: string;
  /** The query parameter holding the mail's link (`activationUrl`, `resetUrl`). */
  urlParam: string;
  send: (url: string, password: string) => Promise<ApiResult<SignInResult>>;
  submitLabel: string;
  pendingLabel: string;
  /** Shown instead of the form when the link's URL is missing. */
  missingLink: ReactNode;
};

export function SetPasswordForm({ title, intro, urlParam, send, submitLabel, pendingLabel, missingLink }: Props) {
  const [searchParams] = useSearchParams();
  const url = searchParams.get(urlParam);
  const form = useAccountForm<'password' | 'confirm'>('set-password');

  if (!url) {
    return (
      <AuthCard title={title}>
        <div className="account-notice">{missingLink}</div>
      </AuthCard>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = formText(event.currentTarget, 'password', { trim: false });
    const confirm = formText(event.currentTarget, 'confirm', { trim: false });
    void form.submit(
      checkNewPassword({ password, confirm }),
      () => send(url, password),
      (data) => window.location.assign(data.redirectTo),
      true,
    );
  };

  return (
    <AuthCard title={title} intro={intro}>
      <form className="account-form" method="post" noValidate onSubmit={onSubmit}>
        <FormAlert form={form} />
        <FormField
          {...form.field('password')}
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          required
        />
        <FormField {...form.field('confirm')} name="confirm" label="Repeat the password" type="password" autoComplete="new-password" required />
        <SubmitButton pending={form.pending} pendingLabel={pendingLabel} className="button--block">
          {submitLabel}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
