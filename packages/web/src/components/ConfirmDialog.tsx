import { type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './ConfirmDialog.module.css';
import buttons from './card/Buttons.module.css';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  /** A destructive answer (revoke, end, delete) is drawn in the error colour. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The design system's modal question (native <dialog>: focus trap, Escape and the inert page come with it). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy,
  danger = true,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <div id={`${id}-text`} className={styles.text}>
        {children}
      </div>
      <div className={styles.actions}>
        <button type="button" className={buttons.secondary} onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={danger ? buttons.danger : buttons.submit}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
