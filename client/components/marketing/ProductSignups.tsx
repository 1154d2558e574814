/**
 * The product page's sign-ups (spec §2 product detail page, §5, §8), each a SignupForm:
 * - back in stock, under a sold-out variant: email and optional phone for the selected variant;
 * - reserve, on a product drop before its date;
 * - drop the hint: a button opening a dialog (./DropTheHintDialog.tsx, a chunk of its own) where
 *   the visitor names a gifter (someone who might buy them the product) to be told about it.
 */
import { lazy, Suspense, useCallback, useState } from 'react';
import { MARKETING_LABELS as L, MARKETING_MESSAGES as M } from '../../../shared/marketing';
import type { ProductDetail, SiteSettings } from '../../../shared/types';
import { importWithReload } from '../../runtime/chunk-reload';
import { notifyBackInStock, reserveProduct } from './api';
import { SignupForm } from './SignupForm';
import type { SignupFieldSpec } from './use-signup-form';

type PdpSettings = SiteSettings['pdpSettings'];

const CONTACT_FIELDS: SignupFieldSpec<'email' | 'phoneNumber'>[] = [
  { name: 'email', label: L.emailLabel, kind: 'email', required: true, placeholder: L.emailPlaceholder },
  { name: 'phoneNumber', label: 'Phone number', kind: 'phone', placeholder: L.phonePlaceholder },
];

const withPhone = (phoneNumber: string) => (phoneNumber ? { phoneNumber } : {});

/**
 * Back in stock for the selected sold-out variant. Keyed by the variant where it is used, so
 * choosing another variant starts a new form.
 */
export function BackInStockForm({ variantId, pdp }: { variantId: string; pdp: PdpSettings }) {
  const titleId = 'back-in-stock-title';
  return (
    <section className="product-signup" aria-labelledby={titleId}>
      <h2 id={titleId} className="product-signup__title">
        Back in stock
      </h2>
      <SignupForm
        idPrefix="back-in-stock"
        intro={pdp.backInStockCopy && <p className="product-signup__copy">{pdp.backInStockCopy}</p>}
        fields={CONTACT_FIELDS}
        submitLabel={pdp.backInStockButtonLabel || L.backInStockButton}
        successMessage={M.backInStockSuccess}
        send={({ email, phoneNumber }, honeypot) => notifyBackInStock({ email, ...withPhone(phoneNumber), variantId, honeypot })}
      />
    </section>
  );
}

/** Reserve a product drop before its date (the settings' reserve text and success message). */
export function ReserveForm({ productHandle, pdp }: { productHandle: string; pdp: PdpSettings }) {
  const titleId = 'reserve-title';
  return (
    <section className="product-signup" aria-labelledby={titleId}>
      <h2 id={titleId} className="product-signup__title">
        Reserve
      </h2>
      <SignupForm
        idPrefix="reserve"
        intro={pdp.reserveFormText && <p className="product-signup__copy">{pdp.reserveFormText}</p>}
        fields={CONTACT_FIELDS}
        submitLabel="Reserve"
        pendingLabel="Reserving…"
        successMessage={pdp.reserveProductSuccessMessage || M.reserveSuccess}
        send={({ email, phoneNumber }, honeypot) => reserveProduct({ email, ...withPhone(phoneNumber), productHandle, honeypot })}
      />
    </section>
  );
}

/**
 * The dialog's chunk (./DropTheHintDialog.tsx): asked for when the pointer or focus reaches the
 * button, so a click rarely waits for it; one that fails to load reloads the page once
 * (client/runtime/chunk-reload.ts), as the cart view's does.
 */
const loadHintDialog = () => importWithReload(() => import('./DropTheHintDialog'));
const DropTheHintDialog = lazy(() => loadHintDialog().then((m) => ({ default: m.DropTheHintDialog })));
const preloadHintDialog = () => void loadHintDialog().catch(() => undefined);

/** "Drop the hint" (hidden when the settings disable it): a button and its dialog. */
export function DropTheHint({ product, pdp }: { product: ProductDetail; pdp: PdpSettings }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  if (pdp.disableDropTheHint) return null;
  return (
    <>
      <button
        type="button"
        className="button button--secondary button--block drop-hint__open"
        aria-haspopup="dialog"
        onPointerEnter={preloadHintDialog}
        onFocus={preloadHintDialog}
        onClick={() => setOpen(true)}
      >
        Drop the hint
      </button>
      {open && (
        <Suspense fallback={null}>
          <DropTheHintDialog product={product} pdp={pdp} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
