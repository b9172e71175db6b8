import { useId, useState } from 'react';
import { ErrorAlert } from '../../../components/Alert';
import { Field } from '../../../components/Field';
import { Page } from '../../../components/Page';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/errorMessage';
import { inviteBatch, useOperatorCompanies } from '../api/invitations';
import styles from '../components/CompanyAdmin.module.css';
import { InviteCsvCard } from './InviteRoute';

/** /admin/invitations: the operator sends a company's CSV file of people, for a reason. */
export function InvitationBatchesRoute() {
  const { t } = useTranslation();
  const id = useId();
  const companies = useOperatorCompanies();
  const [companyId, setCompanyId] = useState('');
  const [reason, setReason] = useState('');
  const [ticket, setTicket] = useState('');
  const [errors, setErrors] = useState<{ company?: string; reason?: string }>({});

  function ready(): boolean {
    const found = {
      ...(companyId ? {} : { company: t('companyAdmin.batches.companyRequired') }),
      ...(reason.trim() ? {} : { reason: t('errors.reason_required') }),
    };
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  return (
    <Page title={t('companyAdmin.batches.title')} intro={t('companyAdmin.batches.intro')} width="wide">
      {companies.isError && <ErrorAlert>{errorMessage(t, companies.error)}</ErrorAlert>}
      <InviteCsvCard
        ready={ready}
        send={(bytes) =>
          inviteBatch(Number(companyId), bytes, { reason: reason.trim(), ticket: ticket.trim() || undefined })
        }
      >
        <Field id={`${id}-company`} label={t('companyAdmin.batches.company')} error={errors.company}>
          {(control) => (
            <select
              {...control}
              value={companyId}
              onChange={(event) => {
                setCompanyId(event.target.value);
                setErrors({ ...errors, company: undefined });
              }}
            >
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
          <Field id={`${id}-reason`} label={t('companyAdmin.batches.reason')} error={errors.reason}>
            {(control) => (
              <input
                {...control}
                autoComplete="off"
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  setErrors({ ...errors, reason: undefined });
                }}
              />
            )}
          </Field>
          <Field id={`${id}-ticket`} label={t('companyAdmin.batches.ticket')}>
            {(control) => (
              <input
                {...control}
                autoComplete="off"
                value={ticket}
                onChange={(event) => setTicket(event.target.value)}
              />
            )}
          </Field>
        </div>
      </InviteCsvCard>
    </Page>
  );
}
