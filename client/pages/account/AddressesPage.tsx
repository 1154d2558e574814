/**
 * /accounts/addresses (spec §2 protected account screens; §3 Address): the address book — every
 * address with the default one first and marked, a form to add one, each edited in place, made
 * default or deleted after a confirmation — or, with none, the empty state. After each change
 * the list is the customer the server answered (the loader's copy is stale by then), and the
 * header's store gets it too.
 */
import { useEffect, useRef, useState } from 'react';
import type { Address, Customer } from '../../../shared/customer';
import { AccountLayout } from '../../components/account/AccountLayout';
import { AddressCard } from '../../components/account/AddressCard';
import { AddressForm } from '../../components/account/AddressForm';
import { useRouteData } from '../../lib/route-data';
import { useSeededState } from '../../lib/use-seeded-state';
import { useStores } from '../../stores';

const NEW = 'new';
const ADD_BUTTON_ID = 'address-add';
const LIST_HEADING_ID = 'address-list';

/** The default address first, the others in the platform's order. */
function defaultFirst(addresses: Address[], defaultId: string | undefined): Address[] {
  return [...addresses].sort((a, b) => Number(b.id === defaultId) - Number(a.id === defaultId));
}

export function AddressesPage() {
  const data = useRouteData('addresses');
  const stores = useStores();
  const [customer, setCustomer] = useSeededState(data.customer);
  /** The address being edited, NEW for the add form, or null. */
  const [editing, setEditing] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** An element to focus once the change has rendered (the form it came from is gone). */
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const editButtonId = (address: Address) => `address-edit-${address.id}`;
  const defaultId = customer.defaultAddress?.id;
  const addresses = defaultFirst(customer.addresses, defaultId);

  function finishEditing(focusId: string) {
    focusNext.current = focusId;
    setEditing(null);
  }

  function changed(next: Customer, text: string, focusId: string) {
    setCustomer(next);
    stores.customer.setCustomer(next);
    setAnnouncement(text);
    finishEditing(focusId);
  }

  return (
    <AccountLayout title="Addresses">
      <div className="address-book">
        <div className="address-book__bar">
          <h2 id={LIST_HEADING_ID} className="account-panel__title" tabIndex={-1}>
            Saved addresses
          </h2>
          {editing !== NEW && (
            <button
              id={ADD_BUTTON_ID}
              type="button"
              className="button button--secondary"
              onClick={() => {
                setAnnouncement('');
                setEditing(NEW);
              }}
            >
              Add a new address
            </button>
          )}
        </div>
        <p className="address-book__status" role="status">
          {announcement}
        </p>
        {editing === NEW && (
          <AddressForm
            title="New address"
            isDefault={false}
            save={(write) => stores.customer.api.createAddress(write)}
            onSaved={(next) => changed(next, 'Address added.', LIST_HEADING_ID)}
            onCancel={() => finishEditing(ADD_BUTTON_ID)}
          />
        )}
        {addresses.length === 0 && editing !== NEW && <p className="account-empty">You haven&apos;t saved any addresses yet.</p>}
        {addresses.length > 0 && (
          <ul className="address-book__list" aria-labelledby={LIST_HEADING_ID}>
            {addresses.map((address) => {
              const isDefault = address.id === defaultId;
              return (
                <li key={address.id}>
                  {editing === address.id ? (
                    <AddressForm
                      title="Edit address"
                      address={address}
                      isDefault={isDefault}
                      save={(write) => stores.customer.api.updateAddress(address.id, write)}
                      onSaved={(next) => changed(next, 'Address saved.', editButtonId(address))}
                      onCancel={() => finishEditing(editButtonId(address))}
                    />
                  ) : (
                    <AddressCard
                      address={address}
                      isDefault={isDefault}
                      editButtonId={editButtonId(address)}
                      onEdit={() => {
                        setAnnouncement('');
                        setEditing(address.id);
                      }}
                      onDeleted={(next) => changed(next, 'Address deleted.', LIST_HEADING_ID)}
                      onMadeDefault={(next) => changed(next, 'Default address updated.', editButtonId(address))}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </AccountLayout>
  );
}
