/**
 * A modal dialog for the marketing features (the newsletter popup, drop the hint), following
 * the WAI-ARIA dialog pattern: role="dialog" with aria-modal, named by its title; focus moves
 * to the close button and stays inside (client/lib/use-dialog-focus.ts); Escape, the close
 * button and a click on the underlay close it; focus then returns to where it was (or to
 * `returnTo()`). Page scroll is locked while it is open. Rendered only while open.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useDialogFocus } from '../../lib/use-dialog-focus';

type Props = {
  open: boolean;
  /** Must be stable (useCallback): the focus handling re-runs when it changes. */
  onClose: () => void;
  title: ReactNode;
  /** Accessible name of the close button. */
  closeLabel?: string;
  className?: string;
  /** Content beside the text column (e.g. the popup's image). */
  media?: ReactNode;
  children: ReactNode;
};

export function Modal({ open, onClose, title, closeLabel = 'Close', className, media, children }: Props) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  // Before useDialogFocus moves focus in (layout effects run first): remember where it was.
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  const returnTo = useCallback(() => (opener.current?.isConnected ? opener.current : null), []);
  useDialogFocus({ open, container: panel, initial: closeButton, onClose, returnTo });

  useEffect(() => {
    if (!open) return;
    document.documentElement.classList.add('modal-open');
    return () => document.documentElement.classList.remove('modal-open');
  }, [open]);

  if (!open) return null;
  return (
    <div className={`modal${className ? ` ${className}` : ''}`}>
      <div className="modal__underlay" aria-hidden="true" onClick={onClose} />
      <div ref={panel} className={`modal__panel${media ? ' modal__panel--media' : ''}`} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <button ref={closeButton} type="button" className="icon-button modal__close" aria-label={closeLabel} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
        {media && <div className="modal__media">{media}</div>}
        <div className="modal__body">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {children}
        </div>
      </div>
    </div>
  );
}
