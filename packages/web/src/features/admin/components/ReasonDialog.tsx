import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/Button';
import dialog from '../../../components/ConfirmDialog.module.css';
import { Field, FormError } from '../../../components/Field';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import type { Reason } from '../api/accounts';

export interface ExtraField {
  name: string;
  label: string;
  hint?: string;
  type?: 'text' | 'date';
  autoComplete?: string;
}

interface ReasonDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** Fields asked before the reason (the identity check's card number and date of birth). */
  extra?: readonly ExtraField[];
  onSubmit: (input: Reason & { values: Record<string, string> }) => Promise<void>;
  onClose: () => void;
}

/**
 * Every staff action asks why (required) and for a ticket reference (optional), in the portal's
 * modal: the server's field errors show beside their field, its other refusals above the buttons.
 */
export function ReasonDialog({
  open,
  title,
  children,
  confirmLabel,
  danger,
  extra = [],
  onSubmit,
  onClose,
}: ReasonDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (open && !element.open) {
      setValues({});
      setFieldErrors({});
      setFormError(null);
      element.showModal();
    }
    if (!open && element.open) element.close();
  }, [open]);

  const set = (name: string) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const reason = (values.reason ?? '').trim();
    const missing: Record<string, string> = {};
    for (const field of extra)
      if (!(values[field.name] ?? '').trim()) missing[field.name] = t('admin.dialog.required');
    if (!reason) missing.reason = t('errors.reason_required');
    setFieldErrors(missing);
    setFormError(null);
    if (Object.keys(missing).length) {
      ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit({ reason, ticket: (values.ticket ?? '').trim() || undefined, values });
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      const known = Object.keys(fields).filter(
        (name) => name === 'reason' || name === 'ticket' || extra.some((f) => f.name === name),
      );
      if (known.length)
        setFieldErrors(Object.fromEntries(known.map((name) => [name, errorMessage(t, error)])));
      else setFormError(errorMessage(t, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={ref}
      className={dialog.dialog}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={`${id}-title`}>{title}</h2>
        {children && <div className={dialog.text}>{children}</div>}
        {[
          ...extra,
          { name: 'reason', label: t('admin.dialog.reason'), hint: t('admin.dialog.reasonHint') },
          { name: 'ticket', label: t('admin.dialog.ticket'), hint: t('admin.dialog.ticketHint') },
        ].map((field) => (
          <Field
            key={field.name}
            id={`${id}-${field.name}`}
            label={field.label}
            hint={field.hint}
            error={fieldErrors[field.name]}
          >
            {(control) => (
              <input
                {...control}
                name={field.name}
                type={'type' in field && field.type ? field.type : 'text'}
                autoComplete={'autoComplete' in field && field.autoComplete ? field.autoComplete : 'off'}
                value={values[field.name] ?? ''}
                onChange={set(field.name)}
              />
            )}
          </Field>
        ))}
        {formError && <FormError>{formError}</FormError>}
        <div className={dialog.actions}>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
