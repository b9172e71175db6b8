import { useQueryClient } from '@tanstack/react-query';
import type { CompanyPerson } from '@vestibule/contract/schemas/company-admin';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import ui from '../../../components/Console.module.css';
import { Field, FormError } from '../../../components/Field';
import { Page } from '../../../components/Page';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { stepUpAgainPath } from '../../../lib/stepUp';
import { changeAccess } from '../api/access';
import { type PeopleFilters, useCompanyPeople } from '../api/people';
import { useCompanyId } from '../companyId';
import styles from '../components/CompanyAdmin.module.css';

const fullName = (person: CompanyPerson) =>
  [person.firstname, person.lastname].filter(Boolean).join(' ') || (person.email ?? `#${person.id}`);

/** /admin/company/:companyId/people: the company's people, their access and their MFA. */
export function PeopleRoute() {
  const { t } = useTranslation();
  const id = useId();
  const companyId = useCompanyId();
  // The filters apply when sent; their values are the server's to judge.
  const [filters, setFilters] = useState<PeopleFilters>({ q: '', status: 'all', mfa: 'all' });
  const { register, handleSubmit } = useForm<PeopleFilters>({ defaultValues: filters });
  const people = useCompanyPeople(companyId, filters);
  const [acting, setActing] = useState<{ person: CompanyPerson; action: 'suspend' | 'restore' } | null>(null);
  const rows = people.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Page title={t('companyAdmin.people.title')} intro={t('companyAdmin.people.intro')} width="wide">
      <Card aria-label={t('companyAdmin.people.title')}>
        <form className={styles.filters} onSubmit={(event) => void handleSubmit(setFilters)(event)}>
          <Field
            id={`${id}-q`}
            label={t('companyAdmin.people.search')}
            hint={t('companyAdmin.people.searchHint')}
          >
            {(control) => <input {...control} type="search" maxLength={100} {...register('q')} />}
          </Field>
          <Field id={`${id}-status`} label={t('companyAdmin.people.status')}>
            {(control) => (
              <select {...control} className={ui.select} {...register('status')}>
                <option value="all">{t('companyAdmin.people.statusAll')}</option>
                <option value="active">{t('companyAdmin.people.statusActive')}</option>
                <option value="suspended">{t('companyAdmin.people.statusSuspended')}</option>
              </select>
            )}
          </Field>
          <Field id={`${id}-mfa`} label={t('companyAdmin.people.mfa')}>
            {(control) => (
              <select {...control} className={ui.select} {...register('mfa')}>
                <option value="all">{t('companyAdmin.people.mfaAll')}</option>
                <option value="with">{t('companyAdmin.people.mfaWith')}</option>
                <option value="without">{t('companyAdmin.people.mfaWithout')}</option>
              </select>
            )}
          </Field>
          <Button type="submit" variant="secondary">
            {t('companyAdmin.people.apply')}
          </Button>
        </form>
        {people.isError && (
          <FormError>{errorMessage(t, people.error, t('companyAdmin.people.loadFailed'))}</FormError>
        )}
        {people.isPending ? (
          <p className={styles.muted} role="status">
            {t('common.loading')}
          </p>
        ) : rows.length === 0 ? (
          <p className={styles.muted}>{t('companyAdmin.people.none')}</p>
        ) : (
          <div className={ui.tableWrap}>
            <table className={`${ui.table} ${styles.table} ${ui.stacked}`}>
              <thead>
                <tr>
                  <th scope="col">{t('companyAdmin.people.name')}</th>
                  <th scope="col">{t('companyAdmin.people.email')}</th>
                  <th scope="col">{t('companyAdmin.people.status')}</th>
                  <th scope="col">{t('companyAdmin.people.methods')}</th>
                  <th scope="col">{t('companyAdmin.people.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((person) => (
                  <PersonRow
                    key={person.id}
                    person={person}
                    onAct={(action) => setActing({ person, action })}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
        {people.hasNextPage && (
          <Button
            variant="secondary"
            busy={people.isFetchingNextPage}
            onClick={() => void people.fetchNextPage()}
          >
            {t('companyAdmin.people.more')}
          </Button>
        )}
      </Card>
      <AccessDialog companyId={companyId} acting={acting} onClose={() => setActing(null)} />
    </Page>
  );
}

function PersonRow({
  person,
  onAct,
}: {
  person: CompanyPerson;
  onAct: (action: 'suspend' | 'restore') => void;
}) {
  const { t } = useTranslation();
  return (
    <tr>
      <td>
        <strong>{fullName(person)}</strong>
      </td>
      <td>{person.email ?? '—'}</td>
      <td>
        {person.status === 'active' ? (
          <Badge tone="success">{t('companyAdmin.people.statusActive')}</Badge>
        ) : (
          <Badge tone="warning">{t('companyAdmin.people.statusSuspended')}</Badge>
        )}
      </td>
      <td>
        <span className={ui.badges}>
          {person.mfa_methods.length === 0 ? (
            <span className={styles.muted}>{t('companyAdmin.people.noMfa')}</span>
          ) : (
            person.mfa_methods.map((kind) => (
              <Badge key={kind}>{t(`companyAdmin.people.methodNames.${kind}`)}</Badge>
            ))
          )}
          {person.mfa_forced && <span className={styles.muted}>({t('companyAdmin.people.forced')})</span>}
        </span>
      </td>
      <td>
        <span className={ui.rowActions}>
          {person.status === 'active' ? (
            <Button
              variant="danger"
              onClick={() => onAct('suspend')}
              aria-label={`${t('companyAdmin.people.suspend')}: ${fullName(person)}`}
            >
              {t('companyAdmin.people.suspend')}
            </Button>
          ) : person.restorable ? (
            <Button
              variant="secondary"
              onClick={() => onAct('restore')}
              aria-label={`${t('companyAdmin.people.restore')}: ${fullName(person)}`}
            >
              {t('companyAdmin.people.restore')}
            </Button>
          ) : (
            <span className={styles.muted}>{t('companyAdmin.people.lockedBySupport')}</span>
          )}
        </span>
      </td>
    </tr>
  );
}

/** The question before a suspension or a restore, with the reason the person will read. */
function AccessDialog({
  companyId,
  acting,
  onClose,
}: {
  companyId: number;
  acting: { person: CompanyPerson; action: 'suspend' | 'restore' } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = acting ? fullName(acting.person) : '';
  const suspend = acting?.action === 'suspend';

  function close() {
    setReason('');
    setError(null);
    onClose();
  }

  async function confirm() {
    if (!acting) return;
    if (reason.trim().length < 3) return setError(t('companyAdmin.people.reasonRequired'));
    setBusy(true);
    try {
      await changeAccess(companyId, acting.person.id, acting.action, reason.trim());
      toast.show(
        'success',
        t(suspend ? 'companyAdmin.people.suspended' : 'companyAdmin.people.restored', { name }),
      );
      await queryClient.invalidateQueries({ queryKey: ['company-admin', companyId, 'people'] });
      close();
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === 'sudo_required') navigate(stepUpAgainPath());
      else setError(errorMessage(t, cause, undefined));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={acting !== null}
      title={t(suspend ? 'companyAdmin.people.suspendTitle' : 'companyAdmin.people.restoreTitle', { name })}
      confirmLabel={t(suspend ? 'companyAdmin.people.suspend' : 'companyAdmin.people.restore')}
      cancelLabel={t('companyAdmin.people.cancel')}
      danger={suspend}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={close}
    >
      <div className={styles.dialogBody}>
        <p>{t(suspend ? 'companyAdmin.people.suspendText' : 'companyAdmin.people.restoreText')}</p>
        <Field
          id={`${id}-reason`}
          label={t('companyAdmin.people.reason')}
          hint={t('companyAdmin.people.reasonHint')}
          error={error}
        >
          {(control) => (
            <input
              {...control}
              maxLength={300}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
      </div>
    </ConfirmDialog>
  );
}
