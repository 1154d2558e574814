/**
 * The header's "Account" link to /accounts/account (spec §2 account screens). The server renders
 * it the same for everyone — the HTML is CDN-cached, so it never holds a name — and in a neutral
 * state: the words are there but not shown (their room kept, so nothing moves), named "Account"
 * for assistive technology, claiming neither a signed-in nor a signed-out shopper. Once the
 * browser's customer store knows (`customer.known`) it reads "Account", or "Account (Ada)",
 * labelled "Your account, signed in as Ada". Signed out, the link still goes there and the
 * server sends the visitor on to sign in. Where the header is narrow the words give way to an
 * icon (shell.css); the link's name stays the same.
 */
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import { useHydrated } from '../lib/use-hydrated';
import { useStores } from '../stores';

export const ACCOUNT_PATH = '/accounts/account';

export const AccountLink = observer(function AccountLink({ className }: { className?: string }) {
  const { customer } = useStores();
  // Not before hydration ends: the first browser render must match the server's HTML.
  const known = useHydrated() && customer.known;
  const name = known ? customer.greetingName : null;
  const label = name ? `Your account, signed in as ${name}` : known ? undefined : 'Account';
  return (
    <Link to={ACCOUNT_PATH} className={[className, !known && 'account-link--pending'].filter(Boolean).join(' ')} aria-label={label}>
      <svg className="account-link__icon" aria-hidden="true" focusable="false" viewBox="0 0 20 20" width="20" height="20">
        <circle cx="10" cy="6.5" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
        <path d="M3 18c.8-3.6 3.6-5.5 7-5.5s6.2 1.9 7 5.5" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
      </svg>
      <span className="account-link__text">{name ? `Account (${name})` : 'Account'}</span>
    </Link>
  );
});
