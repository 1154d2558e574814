/**
 * The account screens' navigation (spec §2 protected account screens): profile, addresses,
 * orders — the current one marked with `aria-current` ("page", or "true" on an order's page
 * inside Orders) — and the sign-out button.
 */
import { Link, useLocation } from 'react-router';
import { SignOutButton } from './SignOutButton';

const LINKS = [
  { to: '/accounts/account', label: 'Profile' },
  { to: '/accounts/addresses', label: 'Addresses' },
  { to: '/accounts/orders', label: 'Orders' },
] as const;

export function AccountNav() {
  const { pathname } = useLocation();
  return (
    <nav className="account-nav" aria-label="Account">
      <ul>
        {LINKS.map(({ to, label }) => {
          const current = pathname === to ? 'page' : pathname.startsWith(`${to}/`) ? 'true' : undefined;
          return (
            <li key={to}>
              <Link to={to} aria-current={current}>
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
      <SignOutButton />
    </nav>
  );
}
