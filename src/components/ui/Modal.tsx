import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { focusableIn } from './focusable';
import './close-button.css';
import './modal.css';

interface ModalProps {
  open: boolean;
  title: string;
  /** Called when the visitor asks to close (Escape or the close button). */
  onClose: () => void;
  /** Translated label of the close button, e.g. t('common.close'). */
  closeLabel: string;
  /** Keeps the dialog open on Escape and hides the close button, for steps that must finish. */
  preventClose?: boolean;
  children: ReactNode;
}

/**
 * A modal <dialog>: labelled by its title, focus kept inside while open and handed back to
 * the element that opened it.
 */
export default function Modal({ open, title, onClose, closeLabel, preventClose = false, children }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return undefined;
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    (focusableIn(dialog)[0] ?? dialog).focus();
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      openerRef.current?.focus();
    };
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (!preventClose) onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = focusableIn(dialogRef.current);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  if (!open) return null;
  return (
    <dialog
      ref={dialogRef}
      className="modal"
      aria-labelledby={titleId}
      aria-modal="true"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      // The browser's own Escape handling goes through the same rule as ours.
      onCancel={(event) => {
        event.preventDefault();
        if (!preventClose) onClose();
      }}
    >
      <div className="modal__header">
        <h2 id={titleId}>{title}</h2>
        {!preventClose && (
          <button type="button" className="modal__close" aria-label={closeLabel} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
      {children}
    </dialog>
  );
}
