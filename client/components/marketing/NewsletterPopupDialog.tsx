/**
 * The newsletter popup's dialog (client/components/marketing/NewsletterPopup.tsx decides when it
 * opens): a modal with the settings' image, copy and sign-up form. Its own chunk, loaded when
 * the popup is about to open, seconds after landing: a first visit does not load it.
 */
import { useEffect, useRef } from 'react';
import { MARKETING_LABELS as L, MARKETING_MESSAGES as M, NEWSLETTER_SOURCES, POPUP_CLOSE_AFTER_SUCCESS_MS } from '../../../shared/marketing';
import type { SiteSettings } from '../../../shared/types';
import { Picture } from '../Picture';
import { subscribeFromPopup } from './api';
import { Modal } from './Modal';
import { newsletterFields } from './NewsletterCard';
import { SignupForm } from './SignupForm';

type Popup = NonNullable<SiteSettings['newsletter']['newsletterPopup']>;

/** The open dialog; `onClose` must be stable (Modal). */
export function NewsletterPopupDialog({ popup, listId, onClose }: { popup: Popup; listId: string; onClose: () => void }) {
  return (
    <Modal
      open
      onClose={onClose}
      title={popup.title || L.popupTitle}
      closeLabel="Close sign-up"
      className="newsletter-popup"
      media={popup.image && <Picture picture={popup.image} sizes="(min-width: 768px) 380px, 100vw" alt="" />}
    >
      <PopupForm popup={popup} listId={listId} onDone={onClose} />
    </Modal>
  );
}

/** The popup's form; mounted with the dialog, so it starts empty each time. */
function PopupForm({ popup, listId, onDone }: { popup: Popup; listId: string; onDone: () => void }) {
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  return (
    <SignupForm
      idPrefix="newsletter-popup"
      intro={popup.copy && <p className="newsletter-popup__copy">{popup.copy}</p>}
      fields={newsletterFields(null)}
      submitLabel={popup.submitButtonText || L.popupButton}
      pendingLabel="Signing up…"
      send={async ({ email, phoneNumber }, honeypot) => {
        const outcome = await subscribeFromPopup({
          email,
          ...(phoneNumber ? { phoneNumber } : {}),
          honeypot,
          source: NEWSLETTER_SOURCES.popup,
          klaviyoListId: listId,
        });
        return outcome.ok ? { ...outcome, message: outcome.message || M.popupSuccess } : outcome;
      }}
      onSuccess={() => {
        closeTimer.current = setTimeout(onDone, POPUP_CLOSE_AFTER_SUCCESS_MS);
      }}
    />
  );
}
