/**
 * The header's "Account" link to /accounts/account (spec §2 account screens). The server renders
 * it the same for everyone — the HTML is CDN-cached, so it never holds a name — and once the
 * browser's customer store has a customer it reads "Account (Ada)", labelled "Your account,
 * signed in as Ada". Signed out, the link still goes there and the server sends the visitor on
 * to sign in.
 */
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import { useHydrated } from '../lib/use-hydrated';
import { useStores } from '../stores';

export const ACCOUNT_PATH = '/accounts/account';

export const AccountLink = observer(function AccountLink({ className }: { className?: string }) {
  const { customer } = useStores();
  // Not before hydration ends: the first browser render must match the server's HTML.
  const name = useHydrated() ? customer.greetingName : null;
  return (
    <Link to={ACCOUNT_PATH} className={className} aria-label={name ? `Your account, signed in as ${name}` : undefined}>
      {name ? `Account (${name})` : 'Account'}
    </Link>
  );
});
