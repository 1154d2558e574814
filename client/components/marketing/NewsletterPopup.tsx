/**
 * The newsletter popup (spec §2 persistent shell, §4 "Newsletter form and popup", §7): when the
 * site settings have `newsletter.newsletterPopup`, a modal sign-up dialog shown once per
 * visitor, a few seconds after the first page they land on (never in the server's HTML: it
 * opens from an effect, after hydration). Not on the cart or the account pages, not while the
 * shopper is typing in a field. It posts to /api/newsletter/popup with source "Newsletter Popup", reads
 * `{ isSuccess, message }`, shows the server's message (the settings' success text word for word, "Thank you!" without one) and closes after
 * POPUP_CLOSE_AFTER_SUCCESS_MS. The UI store's `newsletterPopupEnabled` says it is open.
 */
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MARKETING_LABELS as L, MARKETING_MESSAGES as M, NEWSLETTER_SOURCES, POPUP_CLOSE_AFTER_SUCCESS_MS } from '../../../shared/marketing';
import type { SiteSettings } from '../../../shared/types';
import { useStores } from '../../stores';
import { Picture } from '../Picture';
import { subscribeFromPopup } from './api';
import { Modal } from './Modal';
import { newsletterFields } from './NewsletterCard';
import { SignupForm } from './SignupForm';

/** localStorage flag: the popup has been shown to this visitor. */
export const POPUP_SEEN_KEY = 'gramercy:newsletterPopupSeen';
/** How long after landing the popup opens. */
export const POPUP_DELAY_MS = 4000;

/** The cart and the account pages are for finishing something: no popup there. */
export const popupExcluded = (pathname: string) => pathname === '/cart' || pathname === '/accounts' || pathname.startsWith('/accounts/');

/** Whether the popup was already shown; unreadable storage counts as shown (it could never remember). */
function alreadyShown(): boolean {
  try {
    return window.localStorage.getItem(POPUP_SEEN_KEY) !== null;
  } catch {
    return true;
  }
}

function rememberShown(): void {
  try {
    window.localStorage.setItem(POPUP_SEEN_KEY, new Date().toISOString());
  } catch {
    // Checked by alreadyShown() before: nothing to do.
  }
}

/** The shopper is typing in a form field: a dialog now would take the focus out of their hands. */
const typing = () =>
  document.activeElement instanceof HTMLElement && document.activeElement.matches('input, textarea, select, [contenteditable="true"]');

type Popup = NonNullable<SiteSettings['newsletter']['newsletterPopup']>;

export const NewsletterPopup = observer(function NewsletterPopup({ newsletter }: { newsletter: SiteSettings['newsletter'] }) {
  const { ui } = useStores();
  const { pathname } = useLocation();
  const popup = newsletter.newsletterPopup;
  const listId = popup?.klaviyoListId || newsletter.klaviyoListId;
  const excluded = popupExcluded(pathname);

  useEffect(() => {
    if (!popup || !listId || excluded || alreadyShown()) return;
    let timer: ReturnType<typeof setTimeout>;
    const open = () => {
      if (typing()) {
        timer = setTimeout(open, POPUP_DELAY_MS);
        return;
      }
      rememberShown();
      ui.openNewsletterPopup();
    };
    timer = setTimeout(open, POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [popup, listId, excluded, ui]);

  const close = useCallback(() => ui.closeNewsletterPopup(), [ui]);
  if (!popup || !listId) return null;
  return (
    <Modal
      open={ui.newsletterPopupEnabled}
      onClose={close}
      title={popup.title || L.popupTitle}
      closeLabel="Close sign-up"
      className="newsletter-popup"
      media={popup.image && <Picture picture={popup.image} sizes="(min-width: 768px) 380px, 100vw" alt="" />}
    >
      <PopupForm popup={popup} listId={listId} onDone={close} />
    </Modal>
  );
});

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
