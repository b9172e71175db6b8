import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useId, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
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

type Values = Record<string, string>;
const ROOT = 'root.server';
const filled = (message: string) => z.string().refine((value) => value.trim() !== '', message);

/**
 * Every extra field and the reason required (the contract's reason may be empty: the server
 * answers reason_required itself); the ticket's format and the lengths are the server's to judge.
 */
function reasonFormSchema(
  extra: readonly ExtraField[],
  messages: { required: string; reason: string },
): z.ZodType<Values, Values> {
  return z.object({
    ...Object.fromEntries(extra.map((field) => [field.name, filled(messages.required)])),
    reason: filled(messages.reason),
    ticket: z.string(),
  }) as z.ZodType<Values, Values>;
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
  const schema = useMemo(
    () =>
      reasonFormSchema(extra, { required: t('admin.dialog.required'), reason: t('errors.reason_required') }),
    [extra, t],
  );
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting: busy },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: {} });

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (open && !element.open) {
      reset({});
      element.showModal();
    }
    if (!open && element.open) element.close();
  }, [open, reset]);

  const submit = handleSubmit(async (values) => {
    const reason = (values.reason ?? '').trim();
    try {
      await onSubmit({ reason, ticket: (values.ticket ?? '').trim() || undefined, values });
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      const known = Object.keys(fields).filter(
        (name) => name === 'reason' || name === 'ticket' || extra.some((f) => f.name === name),
      );
      for (const name of known) setError(name, { message: errorMessage(t, error) });
      if (!known.length) setError(ROOT, { message: errorMessage(t, error) });
    }
  });
  const formError = errors.root?.server?.message;

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
            error={errors[field.name]?.message}
          >
            {(control) => (
              <input
                {...control}
                type={'type' in field && field.type ? field.type : 'text'}
                autoComplete={'autoComplete' in field && field.autoComplete ? field.autoComplete : 'off'}
                {...register(field.name)}
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
