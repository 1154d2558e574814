/**
 * The product page's sign-ups (spec §2 product detail page, §5, §8), each a SignupForm:
 * - back in stock, under a sold-out variant: email and optional phone for the selected variant;
 * - reserve, on a product drop before its date;
 * - drop the hint: a button opening a dialog where the visitor names a gifter (someone who
 *   might buy them the product) to be told about it; a success is reported to analytics.
 */
import { useCallback, useState } from 'react';
import { MARKETING_LABELS as L, MARKETING_MESSAGES as M, type DropTheHintInput } from '../../../shared/marketing';
import type { ProductDetail, SiteSettings } from '../../../shared/types';
import { trackHintDropped } from '../../analytics';
import { notifyBackInStock, reserveProduct, sendHint } from './api';
import { Modal } from './Modal';
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

type HintField = 'gifterEmail' | 'gifterName' | 'name' | 'phoneNumber';

/** Spec §3 drop-the-hint data: the gifter's email and name, the visitor's own name, a phone. */
const HINT_FIELDS: SignupFieldSpec<HintField>[] = [
  { name: 'gifterEmail', label: 'Their email*', kind: 'email', required: true, autoComplete: 'off' },
  { name: 'gifterName', label: 'Their name*', kind: 'text', required: true },
  { name: 'name', label: 'Your name*', kind: 'text', required: true, autoComplete: 'name' },
  { name: 'phoneNumber', label: 'Your phone number', kind: 'phone', placeholder: L.phonePlaceholder },
];

/** The product image a hint shows: the first image, as an absolute URL. */
function productImageUrl(product: ProductDetail): string | undefined {
  const src = product.images[0]?.src;
  return src ? new URL(src, window.location.href).href : undefined;
}

/** "Drop the hint" (hidden when the settings disable it): a button and its dialog. */
export function DropTheHint({ product, pdp }: { product: ProductDetail; pdp: PdpSettings }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  if (pdp.disableDropTheHint) return null;
  return (
    <>
      <button type="button" className="button button--secondary button--block drop-hint__open" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Drop the hint
      </button>
      <Modal open={open} onClose={close} title="Drop the hint" closeLabel="Close drop the hint" className="drop-hint">
        {pdp.dropTheHintCopy && <p className="drop-hint__copy">{pdp.dropTheHintCopy}</p>}
        <SignupForm
          idPrefix="drop-hint"
          fields={HINT_FIELDS}
          submitLabel="Send the hint"
          successMessage={M.hintSuccess}
          send={({ gifterEmail, gifterName, name, phoneNumber }, honeypot) => {
            const hint: DropTheHintInput = {
              gifterEmail,
              gifterName,
              name,
              ...withPhone(phoneNumber),
              productHandle: product.handle,
              productTitle: product.title,
              productImage: productImageUrl(product),
              honeypot,
            };
            return sendHint(hint).then((outcome) => {
              if (outcome.ok) trackHintDropped(hint);
              return outcome;
            });
          }}
        />
      </Modal>
    </>
  );
}
