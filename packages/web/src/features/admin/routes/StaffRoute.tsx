import { zodResolver } from '@hookform/resolvers/zod';
import type { EditionId } from '@vestibule/contract/editions';
import { STAFF_ROLES, type StaffMember, staffGrantRequestSchema } from '@vestibule/contract/schemas/admin';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '../../../components/Alert';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { Field, FormError } from '../../../components/Field';
import { ListRow, RowList } from '../../../components/ListRow';
import { Page } from '../../../components/Page';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { useAdminMe } from '../api/me';
import { useGrantStaffRole, useRemoveStaffRole, useStaffList } from '../api/security';
import styles from '../components/Admin.module.css';
import { ReasonDialog } from '../components/ReasonDialog';
import { useStaffStepUp } from '../stepUp';

type Company = { id: number; name: string; edition: EditionId };

/** /admin/staff: who holds which role; a security officer grants and takes roles (never their own). */
export function StaffRoute() {
  const { t } = useTranslation();
  const id = useId();
  const staff = useStaffList();
  const me = useAdminMe();
  const stepUp = useStaffStepUp();
  const toast = useToast();
  const remove = useRemoveStaffRole();
  const [granting, setGranting] = useState(false);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const canWrite = me.data?.capabilities.includes('staff.write') ?? false;

  async function startGrant() {
    if (await stepUp.ensure()) setGranting(true);
  }
  async function startRemove(member: StaffMember) {
    if (await stepUp.ensure()) setRemoving(member);
  }

  return (
    <Page title={t('admin.staff.title')} intro={t('admin.staff.intro')} width="wide">
      {canWrite &&
        (granting && staff.isSuccess && me.data ? (
          <GrantCard
            editions={me.data.editions}
            companies={staff.data.companies}
            onDone={() => setGranting(false)}
          />
        ) : (
          <div className={styles.actions}>
            <Button onClick={() => void startGrant()}>{t('admin.staff.grant.open')}</Button>
          </div>
        ))}
      <Card aria-labelledby={id}>
        <h2 id={id}>{t('admin.staff.listTitle')}</h2>
        {staff.isPending && <p role="status">{t('common.loading')}</p>}
        {staff.isError && <ErrorAlert>{errorMessage(t, staff.error)}</ErrorAlert>}
        {staff.isSuccess && (
          <RowList testId="staff">
            {staff.data.data.map((member) => (
              <ListRow
                key={member.grant_id}
                actions={
                  canWrite && member.account_id !== me.data?.account_id ? (
                    <Button variant="secondary" onClick={() => void startRemove(member)}>
                      {t('admin.staff.remove.action')}
                    </Button>
                  ) : undefined
                }
              >
                <span className={styles.line}>
                  <span className={styles.strong}>{member.name || member.email}</span>
                  <Badge>{t(`admin.roles.${member.role}`)}</Badge>
                  {!member.app_or_key && <Badge tone="warning">{t('admin.staff.noFactor')}</Badge>}
                  {member.locked && <Badge tone="warning">{t('admin.account.locked')}</Badge>}
                </span>
                <span className={styles.muted}>
                  {[member.email, member.company ?? t(`admin.home.scope.${member.scope ?? 'both'}`)]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </ListRow>
            ))}
          </RowList>
        )}
      </Card>
      <ReasonDialog
        open={removing !== null}
        danger
        title={
          removing
            ? t('admin.staff.remove.title', {
                role: t(`admin.roles.${removing.role}`),
                name: removing.name || removing.email || '',
              })
            : ''
        }
        confirmLabel={t('admin.staff.remove.confirm')}
        onSubmit={async (input) => {
          if (!removing) return;
          try {
            await remove.mutateAsync({ grantId: removing.grant_id, ...input });
            toast.show('success', t('admin.staff.remove.done'));
            setRemoving(null);
          } catch (error) {
            if (!stepUp.onRefused(error)) throw error;
          }
        }}
        onClose={() => setRemoving(null)}
      >
        {t('admin.staff.remove.intro')}
      </ReasonDialog>
    </Page>
  );
}

const filled = (message: string) => z.string().refine((value) => value.trim() !== '', message);

/**
 * The contract's grant as the form holds it (the company as its select's value), with what the
 * form says before asking: an e-mail address, a company for a company admin, and a reason.
 */
function grantFormSchema(messages: { required: string; company: string; reason: string }) {
  return staffGrantRequestSchema
    .pick({ edition: true, role: true, all_editions: true })
    .extend({
      email: filled(messages.required),
      company_id: z.string(),
      reason: filled(messages.reason),
      ticket: z.string(),
    })
    .refine((grant) => grant.role !== 'company-admin' || grant.company_id !== '', {
      path: ['company_id'],
      message: messages.company,
    });
}
type GrantForm = z.input<ReturnType<typeof grantFormSchema>>;

/** The grant form: whom (e-mail in an edition), which role, where, and why. */
function GrantCard({
  editions,
  companies,
  onDone,
}: {
  editions: readonly EditionId[];
  companies: readonly Company[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const toast = useToast();
  const stepUp = useStaffStepUp();
  const grant = useGrantStaffRole();
  const schema = useMemo(
    () =>
      grantFormSchema({
        required: t('admin.dialog.required'),
        company: t('errors.staff_company_required'),
        reason: t('errors.reason_required'),
      }),
    [t],
  );
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<GrantForm, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      email: '',
      edition: editions[0] ?? 'general',
      role: 'support',
      all_editions: false,
      company_id: '',
      reason: '',
      ticket: '',
    },
  });
  const role = watch('role');
  const companyAdmin = role === 'company-admin';
  const ofEdition = companies.filter((company) => company.edition === watch('edition'));
  const formError = errors.root?.server?.message;

  const submit = handleSubmit(async (draft) => {
    try {
      const answer = await grant.mutateAsync({
        email: draft.email.trim(),
        edition: draft.edition,
        role: draft.role,
        all_editions: !companyAdmin && draft.all_editions,
        company_id: companyAdmin ? Number(draft.company_id) : null,
        reason: draft.reason.trim(),
        ...(draft.ticket.trim() ? { ticket: draft.ticket.trim() } : {}),
      });
      toast.show('success', t(answer.granted ? 'admin.staff.grant.done' : 'admin.staff.grant.held'));
      onDone();
    } catch (error) {
      if (stepUp.onRefused(error)) return;
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      const named = ['email', 'company_id', 'reason', 'ticket'] as const;
      const mine = named.filter((name) => name in fields);
      for (const name of mine) setError(name, { message: errorMessage(t, error) });
      if (!mine.length) setError('root.server', { message: errorMessage(t, error) });
    }
  });

  return (
    <Card aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('admin.staff.grant.title')}</h2>
      <form
        className={styles.grantForm}
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-busy={grant.isPending}
      >
        <Field
          id={`${id}-email`}
          label={t('admin.staff.grant.email')}
          hint={t('admin.staff.grant.emailHint')}
          error={errors.email?.message}
        >
          {(control) => <input {...control} type="email" autoComplete="off" {...register('email')} />}
        </Field>
        {editions.length > 1 && (
          <Field id={`${id}-edition`} label={t('admin.staff.grant.edition')}>
            {(control) => (
              <select {...control} {...register('edition')}>
                {editions.map((edition) => (
                  <option key={edition} value={edition}>
                    {t(`admin.editions.${edition}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Field
          id={`${id}-role`}
          label={t('admin.staff.grant.role')}
          hint={t(`admin.staff.grant.roleHints.${role}`)}
        >
          {(control) => (
            <select {...control} {...register('role')}>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`admin.roles.${role}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {companyAdmin ? (
          <Field
            id={`${id}-company`}
            label={t('admin.staff.grant.company')}
            error={errors.company_id?.message}
          >
            {(control) => (
              <select {...control} {...register('company_id')}>
                <option value="">{t('admin.staff.grant.chooseCompany')}</option>
                {ofEdition.map((company) => (
                  <option key={company.id} value={String(company.id)}>
                    {company.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : (
          editions.length > 1 && (
            <label className={styles.check}>
              <input type="checkbox" {...register('all_editions')} />
              <span>{t('admin.staff.grant.allEditions')}</span>
            </label>
          )
        )}
        <Field
          id={`${id}-reason`}
          label={t('admin.dialog.reason')}
          hint={t('admin.dialog.reasonHint')}
          error={errors.reason?.message}
        >
          {(control) => <input {...control} autoComplete="off" {...register('reason')} />}
        </Field>
        <Field
          id={`${id}-ticket`}
          label={t('admin.dialog.ticket')}
          hint={t('admin.dialog.ticketHint')}
          error={errors.ticket?.message}
        >
          {(control) => <input {...control} autoComplete="off" {...register('ticket')} />}
        </Field>
        {formError && <FormError>{formError}</FormError>}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onDone} disabled={grant.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" busy={grant.isPending}>
            {t('admin.staff.grant.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
