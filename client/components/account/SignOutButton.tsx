/**
 * "Sign out" (spec §4 Logout): ends the session on the server, clears the customer, then goes
 * to `/` with a full page load. A failure is shown beside the button.
 */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useStores } from '../../stores';

export const SignOutButton = observer(function SignOutButton() {
  const { customer } = useStores();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function signOut() {
    if (pending) return;
    setPending(true);
    setMessage(null);
    const result = await customer.signOut();
    if (result.isError) {
      setPending(false);
      setMessage(result.message);
      return;
    }
    window.location.assign('/');
  }

  return (
    <div className="sign-out">
      <button type="button" className="link-button" aria-busy={pending || undefined} onClick={() => void signOut()}>
        {pending ? 'Signing out…' : 'Sign out'}
      </button>
      <p className="sign-out__message" role="alert">
        {message}
      </p>
    </div>
  );
});
