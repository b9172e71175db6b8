import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  type CompanyInvitation,
  CSV_INVITE_MAX_BYTES,
  type CsvRowError,
  csvRowErrorSchema,
} from '@vestibule/contract/schemas/company-admin';
import { emailSchema } from '@vestibule/contract/username';
import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
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
import { inviteCsv, inviteOne, revokeInvitation, useCompanyInvitations } from '../api/invitations';
import { useCompanyId } from '../companyId';
import styles from '../components/CompanyAdmin.module.css';

const rowErrorsSchema = z.object({ rows: z.array(csvRowErrorSchema) });

/** /admin/company/:companyId/invite: one person, or a CSV file of many; the invitations waiting. */
export function InviteRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('companyAdmin.invite.title')} intro={t('companyAdmin.invite.intro')} width="wide">
      <div className={ui.stack}>
        <InviteOneCard />
        <CompanyCsvCard />
        <WaitingCard />
      </div>
    </Page>
  );
}

function useAfterInvite() {
  const queryClient = useQueryClient();
  const companyId = useCompanyId();
  return () => queryClient.invalidateQueries({ queryKey: ['company-admin', companyId] });
}

/** One invitation: the contract's e-mail address (its own words when it is not one), and the names. */
function inviteFormSchema(emailInvalid: string) {
  return z.object({
    email: z.string().transform((value, ctx) => {
      const email = emailSchema.safeParse(value);
      if (email.success) return email.data;
      ctx.addIssue({ code: 'custom', message: emailInvalid });
      return z.NEVER;
    }),
    firstname: z.string(),
    lastname: z.string(),
  });
}

function InviteOneCard() {
  const { t } = useTranslation();
  const id = useId();
  const companyId = useCompanyId();
  const toast = useToast();
  const navigate = useNavigate();
  const refresh = useAfterInvite();
  const schema = useMemo(() => inviteFormSchema(t('companyAdmin.invite.emailInvalid')), [t]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting: busy },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', firstname: '', lastname: '' },
  });
  const formError = errors.root?.server?.message;

  const submit = handleSubmit(async ({ email, firstname, lastname }) => {
    try {
      await inviteOne(companyId, {
        email,
        firstname: firstname.trim() || undefined,
        lastname: lastname.trim() || undefined,
      });
      toast.show('success', t('companyAdmin.invite.sent', { email }));
      reset();
      await refresh();
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === 'sudo_required') navigate(stepUpAgainPath());
      else if (
        cause instanceof ApiError &&
        (cause.code === 'already_member' || cause.code === 'already_invited')
      )
        setError('email', { message: t(`errors.${cause.code}`) });
      else setError('root.server', { message: errorMessage(t, cause, t('companyAdmin.invite.failed')) });
    }
  });

  return (
    <Card aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('companyAdmin.invite.oneTitle')}</h2>
      <form className={ui.stack} noValidate onSubmit={(event) => void submit(event)}>
        {formError && <FormError>{formError}</FormError>}
        <Field id={`${id}-email`} label={t('companyAdmin.invite.email')} error={errors.email?.message}>
          {(control) => (
            <input {...control} type="email" autoComplete="off" maxLength={254} {...register('email')} />
          )}
        </Field>
        <div className={styles.filters}>
          <Field id={`${id}-first`} label={t('companyAdmin.invite.firstname')}>
            {(control) => <input {...control} maxLength={100} {...register('firstname')} />}
          </Field>
          <Field id={`${id}-last`} label={t('companyAdmin.invite.lastname')}>
            {(control) => <input {...control} maxLength={100} {...register('lastname')} />}
          </Field>
        </div>
        <div>
          <Button type="submit" busy={busy}>
            {t('companyAdmin.invite.send')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The company admin's own file, for the company of the URL. */
function CompanyCsvCard() {
  const companyId = useCompanyId();
  const refresh = useAfterInvite();
  return (
    <InviteCsvCard
      send={async (bytes) => {
        const answer = await inviteCsv(companyId, bytes);
        await refresh();
        return answer;
      }}
    />
  );
}

interface InviteCsvCardProps {
  /** Sends the file's bytes; answers who was invited. */
  send: (bytes: Uint8Array) => Promise<{ invited: readonly unknown[] }>;
  /** Checks the fields around the card (the operator's company and reason) first. */
  ready?: () => boolean;
  children?: ReactNode;
}

/** A CSV file of people to invite: everyone, or nobody with each bad row named. */
export function InviteCsvCard({ send, ready = () => true, children }: InviteCsvCardProps) {
  const { t } = useTranslation();
  const id = useId();
  const toast = useToast();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [rows, setRows] = useState<CsvRowError[]>([]);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFormError(null);
    setRows([]);
    const file = input.current?.files?.[0];
    const fieldsReady = ready();
    if (!file) return setError(t('companyAdmin.invite.fileRequired'));
    if (!fieldsReady) return;
    if (file.size > CSV_INVITE_MAX_BYTES) return setError(t('companyAdmin.invite.fileTooLarge'));
    const bytes = new Uint8Array(await file.arrayBuffer());
    setBusy(true);
    try {
      const { invited } = await send(bytes);
      toast.show('success', t('companyAdmin.invite.csvSent', { count: invited.length }));
      if (input.current) input.current.value = '';
    } catch (cause) {
      const parsed =
        cause instanceof ApiError && cause.code === 'csv_invalid'
          ? rowErrorsSchema.safeParse(cause.body)
          : undefined;
      if (parsed?.success) setRows(parsed.data.rows);
      else if (cause instanceof ApiError && cause.code === 'sudo_required') navigate(stepUpAgainPath());
      else setFormError(errorMessage(t, cause, t('companyAdmin.invite.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('companyAdmin.invite.csvTitle')}</h2>
      <p className={styles.muted}>{t('companyAdmin.invite.csvIntro')}</p>
      <form className={ui.stack} noValidate onSubmit={submit}>
        {formError && <FormError>{formError}</FormError>}
        {children}
        <Field id={`${id}-file`} label={t('companyAdmin.invite.file')} error={error}>
          {({ className: _input, ...control }) => (
            <input
              {...control}
              ref={input}
              className={styles.fileInput}
              type="file"
              accept=".csv,text/csv"
              onChange={() => {
                setError(null);
                setRows([]);
              }}
            />
          )}
        </Field>
        {rows.length > 0 && (
          <div className={ui.tableWrap} role="alert">
            <table className={`${ui.table} ${styles.table} ${styles.errorsTable}`}>
              <caption>{t('companyAdmin.invite.rowsTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('companyAdmin.invite.row')}</th>
                  <th scope="col">{t('companyAdmin.invite.field')}</th>
                  <th scope="col">{t('companyAdmin.invite.problem')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={`${row.row}-${row.field}-${row.code}`}>
                    <td>{row.row || t('companyAdmin.invite.fileWide')}</td>
                    <td>{row.field}</td>
                    <td>{t(`companyAdmin.invite.rowErrors.${row.code}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div>
          <Button type="submit" busy={busy}>
            {t('companyAdmin.invite.upload')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function WaitingCard() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const companyId = useCompanyId();
  const toast = useToast();
  const navigate = useNavigate();
  const refresh = useAfterInvite();
  const invitations = useCompanyInvitations(companyId, 'pending');
  const [revoking, setRevoking] = useState<CompanyInvitation | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rows = invitations.data?.pages.flatMap((page) => page.data) ?? [];
  const date = new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { dateStyle: 'medium' });

  async function revoke() {
    if (!revoking) return;
    setBusy(true);
    try {
      await revokeInvitation(companyId, revoking.id);
      toast.show('success', t('companyAdmin.invite.revoked', { email: revoking.email }));
      setRevoking(null);
      await refresh();
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === 'sudo_required') navigate(stepUpAgainPath());
      else setError(errorMessage(t, cause));
      setRevoking(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('companyAdmin.invite.listTitle')}</h2>
      {error && <FormError>{error}</FormError>}
      {invitations.isPending ? (
        <p className={styles.muted} role="status">
          {t('common.loading')}
        </p>
      ) : rows.length === 0 ? (
        <p className={styles.muted}>{t('companyAdmin.invite.listEmpty')}</p>
      ) : (
        <div className={ui.tableWrap}>
          <table className={`${ui.table} ${styles.table} ${ui.stacked}`}>
            <thead>
              <tr>
                <th scope="col">{t('companyAdmin.invite.email')}</th>
                <th scope="col">{t('companyAdmin.people.name')}</th>
                <th scope="col">{t('companyAdmin.invite.expires')}</th>
                <th scope="col">{t('companyAdmin.people.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((invitation) => (
                <tr key={invitation.id}>
                  <td>{invitation.email}</td>
                  <td>{[invitation.firstname, invitation.lastname].filter(Boolean).join(' ') || '—'}</td>
                  <td>{date.format(new Date(invitation.expires_at))}</td>
                  <td>
                    <Button
                      variant="danger"
                      onClick={() => setRevoking(invitation)}
                      aria-label={`${t('companyAdmin.invite.revoke')}: ${invitation.email}`}
                    >
                      {t('companyAdmin.invite.revoke')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {invitations.hasNextPage && (
        <Button
          variant="secondary"
          busy={invitations.isFetchingNextPage}
          onClick={() => void invitations.fetchNextPage()}
        >
          {t('companyAdmin.people.more')}
        </Button>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t('companyAdmin.invite.revokeTitle', { email: revoking?.email ?? '' })}
        confirmLabel={t('companyAdmin.invite.revoke')}
        cancelLabel={t('companyAdmin.people.cancel')}
        busy={busy}
        onConfirm={() => void revoke()}
        onCancel={() => setRevoking(null)}
      >
        <p>{t('companyAdmin.invite.revokeText')}</p>
      </ConfirmDialog>
    </Card>
  );
}
