/**
 * /accounts/reset-password?resetUrl=… (spec §2 authentication screens): the customer chooses a
 * new password from the reset mail's link and is signed in. The mail links to the platform's
 * reset URL on the shop's domain (`/account/reset/{id}/{token}`), which the server sends here
 * (server/routes/customer-links.ts).
 */
import { Link } from 'react-router';
import { SetPasswordForm } from '../../components/account/SetPasswordForm';
import { useStores } from '../../stores';

export function ResetPasswordPage() {
  const { customer } = useStores();
  return (
    <SetPasswordForm
      title="Choose a new password"
      intro="Enter a new password for your account."
      urlParam="resetUrl"
      send={(resetUrl, password) => customer.api.reset({ resetUrl, password })}
      submitLabel="Reset password"
      pendingLabel="Resetting…"
      missingLink={
        <p>
          This page needs the link from your password reset email. Open that link again, or{' '}
          <Link to="/accounts/forgot-password">ask for a new one</Link>.
        </p>
      }
    />
  );
}
