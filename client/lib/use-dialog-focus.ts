/**
 * Modal focus for a dialog (WAI-ARIA dialog pattern): while `open`, focus moves to `initial`
 * (an element or a function naming one, e.g. a menu's first link), Tab and Shift+Tab cycle
 * inside `container`, and Escape calls `onClose`; on close, focus goes to the element
 * `returnTo()` names. Used by the cart drawer and the mobile menu.
 */
import { useEffect, type RefObject } from 'react';

const FOCUSABLE =
  'a[href]:not([tabindex="-1"]), button:not([disabled]):not([tabindex="-1"]), input:not([disabled]):not([tabindex="-1"]), select:not([disabled]):not([tabindex="-1"]), textarea:not([disabled]):not([tabindex="-1"]), [tabindex]:not([tabindex="-1"])';

function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden], [inert]') && el.getClientRects().length > 0);
}

export function useDialogFocus(options: {
  open: boolean;
  container: RefObject<HTMLElement | null>;
  initial: RefObject<HTMLElement | null> | (() => HTMLElement | null);
  onClose: () => void;
  returnTo: () => HTMLElement | null;
}): void {
  const { open, container, initial, onClose, returnTo } = options;
  useEffect(() => {
    if (!open) return;
    (typeof initial === 'function' ? initial() : initial.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        onClose();
        return;
      }
      if (e.key !== 'Tab' || !container.current) return;
      const items = focusables(container.current);
      if (!items.length) return;
      const first = items[0];
      const last = items[items.length - 1];
      const inside = container.current.contains(document.activeElement);
      if (e.shiftKey && (document.activeElement === first || !inside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      returnTo()?.focus();
    };
  }, [open, container, initial, onClose, returnTo]);
}
