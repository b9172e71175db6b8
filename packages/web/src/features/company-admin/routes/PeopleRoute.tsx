import { zodResolver } from '@hookform/resolvers/zod';
import { type CompanyPerson, suspendRequestSchema } from '@vestibule/contract/schemas/company-admin';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import ui from '../../../components/Console.module.css';
import { ConsoleTable } from '../../../components/ConsoleTable';
import { Field, FormError } from '../../../components/Field';
import { Page } from '../../../components/Page';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { stepUpAgainPath } from '../../../lib/stepUp';
import { useChangeAccess } from '../api/access';
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
          <ConsoleTable
            columns={[
              t('companyAdmin.people.name'),
              t('companyAdmin.people.email'),
              t('companyAdmin.people.status'),
              t('companyAdmin.people.methods'),
              t('companyAdmin.people.actions'),
            ]}
            stacked
            className={styles.table}
          >
            {rows.map((person) => (
              <PersonRow key={person.id} person={person} onAct={(action) => setActing({ person, action })} />
            ))}
          </ConsoleTable>
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

/** The contract's reason (three to 300 characters once trimmed); 300 is also the input's maxLength. */
const accessSchema = suspendRequestSchema.pick({ reason: true });

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
  const change = useChangeAccess(companyId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(accessSchema, { error: () => t('companyAdmin.people.reasonRequired') }),
    defaultValues: { reason: '' },
    // Checked when confirmed; the message leaves with the next keystroke.
    reValidateMode: 'onSubmit',
  });
  const name = acting ? fullName(acting.person) : '';
  const suspend = acting?.action === 'suspend';

  function close() {
    reset();
    change.reset();
    onClose();
  }

  const confirm = handleSubmit(async ({ reason }) => {
    if (!acting) return;
    try {
      await change.mutateAsync({ personId: acting.person.id, action: acting.action, reason });
      toast.show(
        'success',
        t(suspend ? 'companyAdmin.people.suspended' : 'companyAdmin.people.restored', { name }),
      );
      close();
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === 'sudo_required') navigate(stepUpAgainPath());
      else setError('reason', { message: errorMessage(t, cause, undefined) });
    }
  });

  return (
    <ConfirmDialog
      open={acting !== null}
      title={t(suspend ? 'companyAdmin.people.suspendTitle' : 'companyAdmin.people.restoreTitle', { name })}
      confirmLabel={t(suspend ? 'companyAdmin.people.suspend' : 'companyAdmin.people.restore')}
      cancelLabel={t('companyAdmin.people.cancel')}
      danger={suspend}
      busy={change.isPending}
      onConfirm={() => void confirm()}
      onCancel={close}
    >
      <div className={styles.dialogBody}>
        <p>{t(suspend ? 'companyAdmin.people.suspendText' : 'companyAdmin.people.restoreText')}</p>
        <Field
          id={`${id}-reason`}
          label={t('companyAdmin.people.reason')}
          hint={t('companyAdmin.people.reasonHint')}
          error={errors.reason?.message}
        >
          {(control) => (
            <input
              {...control}
              maxLength={300}
              {...register('reason', { onChange: () => clearErrors('reason') })}
            />
          )}
        </Field>
      </div>
    </ConfirmDialog>
  );
}
