/**
 * /accounts/account (spec §2 protected account screens; the server sends a visitor without a
 * session to /accounts/login): the profile form, the default address and the order count, with
 * the account navigation. After a save the page and the header show the customer the server
 * answered (the loader's copy is stale by then).
 */
import { Link } from 'react-router';
import type { Customer } from '../../../shared/customer';
import { AccountLayout } from '../../components/account/AccountLayout';
import { AddressLines } from '../../components/account/AddressLines';
import { ProfileForm } from '../../components/account/ProfileForm';
import { useRouteData } from '../../lib/route-data';
import { useSeededState } from '../../lib/use-seeded-state';
import { useStores } from '../../stores';

const ordersText = (n: number) => (n === 0 ? 'No orders yet.' : n === 1 ? '1 order' : `${n} orders`);

export function AccountPage() {
  const data = useRouteData('account');
  const stores = useStores();
  const [customer, setCustomer] = useSeededState(data.customer);

  const onSaved = (next: Customer) => {
    setCustomer(next);
    stores.customer.setCustomer(next);
  };

  return (
    <AccountLayout title="Profile">
      <div className="account-profile">
        <section className="account-panel" aria-labelledby="profile-details">
          <h2 id="profile-details" className="account-panel__title">
            Your details
          </h2>
          <ProfileForm customer={customer} onSaved={onSaved} />
        </section>
        <div className="account-profile__aside">
          <section className="account-panel" aria-labelledby="profile-address">
            <h2 id="profile-address" className="account-panel__title">
              Default address
            </h2>
            {customer.defaultAddress ? <AddressLines address={customer.defaultAddress} /> : <p>No default address yet.</p>}
            <Link to="/accounts/addresses" className="account-panel__link">
              Manage addresses
            </Link>
          </section>
          <section className="account-panel" aria-labelledby="profile-orders">
            <h2 id="profile-orders" className="account-panel__title">
              Orders
            </h2>
            <p>{ordersText(customer.numberOfOrders)}</p>
            <Link to="/accounts/orders" className="account-panel__link">
              View your orders
            </Link>
          </section>
        </div>
      </div>
    </AccountLayout>
  );
}
