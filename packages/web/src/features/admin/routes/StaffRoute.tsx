import type { EditionId } from '@vestibule/contract/editions';
import { STAFF_ROLES, type StaffMember, type StaffRole } from '@vestibule/contract/schemas/admin';
import { type FormEvent, useId, useState } from 'react';
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

interface Draft {
  email: string;
  edition: EditionId;
  role: StaffRole;
  allEditions: boolean;
  companyId: string;
  reason: string;
  ticket: string;
}

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
  const [draft, setDraft] = useState<Draft>({
    email: '',
    edition: editions[0] ?? 'general',
    role: 'support',
    allEditions: false,
    companyId: '',
    reason: '',
    ticket: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Draft | 'company_id', string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const companyAdmin = draft.role === 'company-admin';
  const ofEdition = companies.filter((company) => company.edition === draft.edition);

  function missing(): Partial<Record<keyof Draft, string>> {
    const found: Partial<Record<keyof Draft, string>> = {};
    if (!draft.email.trim()) found.email = t('admin.dialog.required');
    if (companyAdmin && !draft.companyId) found.companyId = t('errors.staff_company_required');
    if (!draft.reason.trim()) found.reason = t('errors.reason_required');
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = missing();
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length) return;
    try {
      const answer = await grant.mutateAsync({
        email: draft.email.trim(),
        edition: draft.edition,
        role: draft.role,
        all_editions: !companyAdmin && draft.allEditions,
        company_id: companyAdmin ? Number(draft.companyId) : null,
        reason: draft.reason.trim(),
        ...(draft.ticket.trim() ? { ticket: draft.ticket.trim() } : {}),
      });
      toast.show('success', t(answer.granted ? 'admin.staff.grant.done' : 'admin.staff.grant.held'));
      onDone();
    } catch (error) {
      if (stepUp.onRefused(error)) return;
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      const named = { email: 'email', company_id: 'companyId', reason: 'reason', ticket: 'ticket' } as const;
      const mine = Object.keys(fields).filter((name): name is keyof typeof named => name in named);
      if (mine.length)
        setErrors(Object.fromEntries(mine.map((name) => [named[name], errorMessage(t, error)])));
      else setFormError(errorMessage(t, error));
    }
  }

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
          error={errors.email}
        >
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="off"
              value={draft.email}
              onChange={(event) => set('email', event.target.value)}
            />
          )}
        </Field>
        {editions.length > 1 && (
          <Field id={`${id}-edition`} label={t('admin.staff.grant.edition')}>
            {(control) => (
              <select
                {...control}
                value={draft.edition}
                onChange={(event) => set('edition', event.target.value as EditionId)}
              >
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
          hint={t(`admin.staff.grant.roleHints.${draft.role}`)}
        >
          {(control) => (
            <select
              {...control}
              value={draft.role}
              onChange={(event) => set('role', event.target.value as StaffRole)}
            >
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`admin.roles.${role}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {companyAdmin ? (
          <Field id={`${id}-company`} label={t('admin.staff.grant.company')} error={errors.companyId}>
            {(control) => (
              <select
                {...control}
                value={draft.companyId}
                onChange={(event) => set('companyId', event.target.value)}
              >
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
              <input
                type="checkbox"
                checked={draft.allEditions}
                onChange={(event) => set('allEditions', event.target.checked)}
              />
              <span>{t('admin.staff.grant.allEditions')}</span>
            </label>
          )
        )}
        <Field
          id={`${id}-reason`}
          label={t('admin.dialog.reason')}
          hint={t('admin.dialog.reasonHint')}
          error={errors.reason}
        >
          {(control) => (
            <input
              {...control}
              autoComplete="off"
              value={draft.reason}
              onChange={(event) => set('reason', event.target.value)}
            />
          )}
        </Field>
        <Field
          id={`${id}-ticket`}
          label={t('admin.dialog.ticket')}
          hint={t('admin.dialog.ticketHint')}
          error={errors.ticket}
        >
          {(control) => (
            <input
              {...control}
              autoComplete="off"
              value={draft.ticket}
              onChange={(event) => set('ticket', event.target.value)}
            />
          )}
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
