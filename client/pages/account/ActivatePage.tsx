/**
 * /accounts/activate?activationUrl=… (spec §2 authentication screens; §5 activation needs a
 * password and the activation URL): the new customer chooses a password and is signed in.
 */
import { Link } from 'react-router';
import { SetPasswordForm } from '../../components/account/SetPasswordForm';
import { useStores } from '../../stores';

export function ActivatePage() {
  const { customer } = useStores();
  return (
    <SetPasswordForm
      title="Activate your account"
      intro="Choose a password to finish creating your account."
      urlParam="activationUrl"
      send={(activationUrl, password) => customer.api.activate({ activationUrl, password })}
      submitLabel="Activate account"
      pendingLabel="Activating…"
      missingLink={
        <p>
          This page needs the link from your activation email. Open that link again, or <Link to="/accounts/register">create an account</Link>.
        </p>
      }
    />
  );
}
