/**
 * The newsletter popup (spec §2 persistent shell, §4 "Newsletter form and popup", §7): when the
 * site settings have `newsletter.newsletterPopup`, a modal sign-up dialog shown once per
 * visitor, a few seconds after the first page they land on (never in the server's HTML: it
 * opens from an effect, after hydration). Not on the cart or the account pages, not while the
 * shopper is typing in a field. It posts to /api/newsletter/popup with source "Newsletter Popup", reads
 * `{ isSuccess, message }`, shows the server's message (the settings' success text word for word, "Thank you!" without one) and closes after
 * POPUP_CLOSE_AFTER_SUCCESS_MS. The UI store's `newsletterPopupEnabled` says it is open. The
 * dialog is a chunk of its own (./NewsletterPopupDialog.tsx), loaded once the delay is over.
 */
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { useLocation } from 'react-router';
import type { SiteSettings } from '../../../shared/types';
import { useStores } from '../../stores';

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

/**
 * The dialog's chunk (./NewsletterPopupDialog.tsx), loaded when the delay is over, before the
 * popup opens. Not guarded by the chunk reload (client/runtime/chunk-reload.ts): a popup that
 * could not load is not worth reloading the page the shopper is reading; it is simply not shown.
 */
const loadDialog = () => import('./NewsletterPopupDialog');
const NewsletterPopupDialog = lazy(() => loadDialog().then((m) => ({ default: m.NewsletterPopupDialog })));

export const NewsletterPopup = observer(function NewsletterPopup({ newsletter }: { newsletter: SiteSettings['newsletter'] }) {
  const { ui } = useStores();
  const { pathname } = useLocation();
  const popup = newsletter.newsletterPopup;
  const listId = popup?.klaviyoListId || newsletter.klaviyoListId;
  const excluded = popupExcluded(pathname);

  useEffect(() => {
    if (!popup || !listId || excluded || alreadyShown()) return;
    let timer: ReturnType<typeof setTimeout>;
    let left = false;
    const open = () => {
      if (typing()) {
        timer = setTimeout(open, POPUP_DELAY_MS);
        return;
      }
      loadDialog().then(
        () => {
          if (left) return;
          rememberShown();
          ui.openNewsletterPopup();
        },
        () => undefined,
      );
    };
    timer = setTimeout(open, POPUP_DELAY_MS);
    return () => {
      left = true;
      clearTimeout(timer);
    };
  }, [popup, listId, excluded, ui]);

  const close = useCallback(() => ui.closeNewsletterPopup(), [ui]);
  if (!popup || !listId || !ui.newsletterPopupEnabled) return null;
  return (
    <Suspense fallback={null}>
      <NewsletterPopupDialog popup={popup} listId={listId} onClose={close} />
    </Suspense>
  );
});
