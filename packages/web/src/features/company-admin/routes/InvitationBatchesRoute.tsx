import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '../../../components/Alert';
import { Field } from '../../../components/Field';
import { Page } from '../../../components/Page';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/errorMessage';
import { inviteBatch, useOperatorCompanies } from '../api/invitations';
import styles from '../components/CompanyAdmin.module.css';
import { InviteCsvCard } from './InviteRoute';

/** The operator's fields around the file: a company and a reason; the ticket's format is the server's to judge. */
function batchFieldsSchema(messages: { company: string; reason: string }) {
  return z.object({
    company: z.string().min(1, messages.company),
    reason: z.string().refine((value) => value.trim() !== '', messages.reason),
    ticket: z.string(),
  });
}

type BatchFields = z.infer<ReturnType<typeof batchFieldsSchema>>;

/** /admin/invitations: the operator sends a company's CSV file of people, for a reason. */
export function InvitationBatchesRoute() {
  const { t } = useTranslation();
  const id = useId();
  const companies = useOperatorCompanies();
  const schema = useMemo(
    () =>
      batchFieldsSchema({
        company: t('companyAdmin.batches.companyRequired'),
        reason: t('errors.reason_required'),
      }),
    [t],
  );
  const {
    register,
    trigger,
    getValues,
    clearErrors,
    formState: { errors },
  } = useForm<BatchFields>({
    resolver: zodResolver(schema),
    defaultValues: { company: '', reason: '', ticket: '' },
    reValidateMode: 'onSubmit',
    // The card's submit focuses the first invalid field in the page's order, the file's included.
    shouldFocusError: false,
  });
  // A field's message goes as soon as it is changed.
  const cleared = (name: 'company' | 'reason') => ({ onChange: () => clearErrors(name) });

  function send(bytes: Uint8Array) {
    const { company, reason, ticket } = getValues();
    return inviteBatch(Number(company), bytes, { reason: reason.trim(), ticket: ticket.trim() || undefined });
  }

  return (
    <Page title={t('companyAdmin.batches.title')} intro={t('companyAdmin.batches.intro')} width="wide">
      {companies.isError && <ErrorAlert>{errorMessage(t, companies.error)}</ErrorAlert>}
      <InviteCsvCard ready={() => trigger()} send={send}>
        <Field id={`${id}-company`} label={t('companyAdmin.batches.company')} error={errors.company?.message}>
          {(control) => (
            <select {...control} {...register('company', cleared('company'))}>
              <option value="">{t('companyAdmin.batches.chooseCompany')}</option>
              {(companies.data?.data ?? []).map((company) => (
                <option key={company.id} value={String(company.id)}>
                  {company.name} ({t(`companyAdmin.batches.editions.${company.edition}`)})
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className={styles.twoColumns}>
          <Field id={`${id}-reason`} label={t('companyAdmin.batches.reason')} error={errors.reason?.message}>
            {(control) => (
              <input {...control} autoComplete="off" {...register('reason', cleared('reason'))} />
            )}
          </Field>
          <Field id={`${id}-ticket`} label={t('companyAdmin.batches.ticket')}>
            {(control) => <input {...control} autoComplete="off" {...register('ticket')} />}
          </Field>
        </div>
      </InviteCsvCard>
    </Page>
  );
}
