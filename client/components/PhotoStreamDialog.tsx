/**
 * A photo-stream item shown over the grid it was opened from (spec §2 photo stream): a modal
 * <dialog> (focus kept inside, Escape closes), closed by going Back, so the grid underneath,
 * never unmounted nor scrolled, is where the shopper left it.
 */
import { useEffect, useId, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { PhotoStreamItem } from '../../shared/types';
import { PhotoStreamFigure } from './PhotoStreamFigure';

export function PhotoStreamDialog({ item }: { item: PhotoStreamItem }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const titleId = useId();
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);
  // Opened by a push from the grid (neighbours replace that entry): Back is the grid.
  const close = () => void navigate(-1);
  return (
    <dialog
      ref={dialog}
      className="photo-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog box itself, outside its content) closes it.
        if (event.target === event.currentTarget) close();
      }}
    >
      <div className="photo-dialog__body">
        <button type="button" className="photo-dialog__close" onClick={close}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">Close</span>
        </button>
        <PhotoStreamFigure item={item} overGrid titleId={titleId} />
      </div>
    </dialog>
  );
}
