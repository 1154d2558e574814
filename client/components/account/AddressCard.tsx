/**
 * One address of the address book (spec §3 Address): its lines, "Default" when it is the default
 * one, and its actions — edit (the parent swaps in the form), make default, and delete after an
 * inline confirmation. Each action's answer, the customer as they now are, goes to `onDeleted`
 * or `onMadeDefault`; a failure shows the server's message on the card.
 */
import { useEffect, useRef, useState } from 'react';
import type { Address, Customer } from '../../../shared/customer';
import type { ApiResult } from '../../../shared/types';
import { useStores } from '../../stores';
import { AddressLines } from './AddressLines';

type Props = {
  address: Address;
  isDefault: boolean;
  /** Id of the card's edit button, where focus returns after an edit. */
  editButtonId: string;
  onEdit: () => void;
  onDeleted: (customer: Customer) => void;
  onMadeDefault: (customer: Customer) => void;
};

export function AddressCard({ address, isDefault, editButtonId, onEdit, onDeleted, onMadeDefault }: Props) {
  const { customer } = useStores();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  // Into the confirmation and back out of it, the keyboard follows.
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (wasConfirming.current) deleteButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  async function act(change: () => Promise<ApiResult<Customer>>, done: (customer: Customer) => void) {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    const { isError, message: failure, data } = await change();
    setBusy(false);
    if (isError || !data) return setMessage(failure);
    done(data);
  }

  const label = address.formatted[0] ?? 'this address';
  return (
    <article className={`address-card${isDefault ? ' address-card--default' : ''}`} aria-label={isDefault ? `Default address: ${label}` : label}>
      {isDefault && <p className="address-card__badge">Default</p>}
      <AddressLines address={address} />
      {confirming ? (
        <div className="address-card__confirm" role="group" aria-label="Confirm deletion">
          <p>Delete this address?</p>
          <div className="address-card__actions">
            <button
              ref={confirmButton}
              type="button"
              className="button button--danger"
              aria-busy={busy || undefined}
              onClick={() => void act(() => customer.api.deleteAddress(address.id), onDeleted)}
            >
              {busy ? 'Deleting…' : 'Delete'}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </div>
        </div>
      ) : (
        <div className="address-card__actions">
          <button id={editButtonId} type="button" className="link-button" onClick={onEdit}>
            Edit
          </button>
          {!isDefault && (
            <button
              type="button"
              className="link-button"
              aria-busy={busy || undefined}
              onClick={() => void act(() => customer.api.setDefaultAddress(address.id), onMadeDefault)}
            >
              {busy ? 'Saving…' : 'Set as default'}
            </button>
          )}
          <button ref={deleteButton} type="button" className="link-button link-button--danger" onClick={() => setConfirming(true)}>
            Delete
          </button>
        </div>
      )}
      <p className="address-card__message" role="alert">
        {message}
      </p>
    </article>
  );
}
