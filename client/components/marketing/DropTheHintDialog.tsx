/**
 * Drop the hint's dialog (spec §2 product detail page, §3 drop-the-hint data, §5, §8), opened by
 * the product page's button (./ProductSignups.tsx `DropTheHint`): the visitor names a gifter
 * (someone who might buy them the product) to be told about it; a success is reported to
 * analytics. Its own chunk, asked for when the pointer or focus reaches the button.
 */
import { MARKETING_LABELS as L, MARKETING_MESSAGES as M, type DropTheHintInput } from '../../../shared/marketing';
import type { ProductDetail, SiteSettings } from '../../../shared/types';
import { trackHintDropped } from '../../analytics';
import { sendHint } from './api';
import { Modal } from './Modal';
import { SignupForm } from './SignupForm';
import type { SignupFieldSpec } from './use-signup-form';

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

/** The open dialog; `onClose` must be stable (Modal). */
export function DropTheHintDialog({ product, pdp, onClose }: { product: ProductDetail; pdp: SiteSettings['pdpSettings']; onClose: () => void }) {
  return (
    <Modal open onClose={onClose} title="Drop the hint" closeLabel="Close drop the hint" className="drop-hint">
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
            ...(phoneNumber ? { phoneNumber } : {}),
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
  );
}
