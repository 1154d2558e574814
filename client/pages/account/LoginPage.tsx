/**
 * /accounts/login (spec §2 authentication screens, §4 Customer session): email and password.
 * The browser checks both are there (spec §5 "Required fields missing."), then the server signs
 * in and answers where to go: the platform's authorization redirect, which ends on
 * /accounts/account (or on the protected page named by `?return=`). `?error=authorization` is
 * where the server sends a sign-in whose authorization round trip failed (expired, forged or
 * refused): nobody was signed in, so the page says so and asks again.
 */
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/account/AuthCard';
import { FormAlert } from '../../components/account/FormAlert';
import { FormField } from '../../components/account/FormField';
import { SubmitButton } from '../../components/account/SubmitButton';
import { formText, useAccountForm } from '../../components/account/use-account-form';
import { checkSignIn } from '../../lib/account-checks';
import { returnPath } from '../../lib/return-path';
import { useStores } from '../../stores';

export function LoginPage() {
  const { customer } = useStores();
  const [searchParams] = useSearchParams();
  const returnTo = returnPath(searchParams.get('return'));
  const authorizationFailed = searchParams.get('error') === 'authorization';
  const form = useAccountForm<'email' | 'password'>('login');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = formText(event.currentTarget, 'email');
    const password = formText(event.currentTarget, 'password', { trim: false });
    void form.submit(
      checkSignIn({ email, password }),
      () => customer.api.login({ email, password, ...(returnTo ? { returnTo } : {}) }),
      (data) => window.location.assign(data.redirectTo),
      true,
    );
  }

  return (
    <AuthCard
      title="Sign in"
      footer={
        <>
          <p>
            <Link to="/accounts/forgot-password">Forgot your password?</Link>
          </p>
          <p>
            New here? <Link to="/accounts/register">Create an account</Link>
          </p>
        </>
      }
    >
      <form className="account-form" method="post" noValidate onSubmit={onSubmit}>
        {authorizationFailed && !form.problem && (
          <p className="form-alert form-alert__message" role="alert">
            We could not finish signing you in. Please sign in again.
          </p>
        )}
        <FormAlert form={form} />
        <FormField {...form.field('email')} name="email" label="Email" type="email" autoComplete="email" inputMode="email" required />
        <FormField {...form.field('password')} name="password" label="Password" type="password" autoComplete="current-password" required />
        <SubmitButton pending={form.pending} pendingLabel="Signing in…" className="button--block">
          Sign in
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
