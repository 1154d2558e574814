/**
 * /accounts/activate?activationUrl=… (spec §2 authentication screens; §5 activation needs a
 * password and the activation URL): a customer the shop invited chooses a password and is signed
 * in. The invitation mail links to the platform's activation URL on the shop's domain
 * (`/account/activate/{id}/{token}`), which the server sends here (server/routes/customer-links.ts).
 * Accounts made on /accounts/register are active at once and never come here.
 */
import { Link } from 'react-router';
import { SetPasswordForm } from '../../components/account/SetPasswordForm';
import { useStores } from '../../stores';

export function ActivatePage() {
  const { customer } = useStores();
  return (
    <SetPasswordForm
      title="Activate your account"
      intro="You were invited to create an account. Choose a password to activate it."
      urlParam="activationUrl"
      send={(activationUrl, password) => customer.api.activate({ activationUrl, password })}
      submitLabel="Activate account"
      pendingLabel="Activating…"
      missingLink={
        <p>
          This page needs the link from your invitation email. Open that link again, or <Link to="/accounts/login">sign in</Link>.
        </p>
      }
    />
  );
}
