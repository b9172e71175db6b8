import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CompanyInvitation,
  CSV_INVITE_MAX_BYTES,
  type CsvRowError,
  csvRowErrorSchema,
  type InviteRequest,
} from '@vestibule/contract/schemas/company-admin';
import { emailSchema } from '@vestibule/contract/username';
import { type FormEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
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
  const invite = useMutation({ mutationFn: (request: InviteRequest) => inviteOne(companyId, request) });
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
      await invite.mutateAsync({
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
  ready?: () => boolean | Promise<boolean>;
  children?: ReactNode;
}

interface CsvFields {
  file: FileList;
}

/** One CSV file, chosen, of at most the contract's size. */
function csvFileSchema(messages: { required: string; tooLarge: string }) {
  return z.object({
    file: z
      .custom<FileList>(
        (value) => typeof value === 'object' && value !== null && 'length' in value,
        messages.required,
      )
      .refine((files) => files.length > 0, messages.required)
      .refine((files) => (files[0]?.size ?? 0) <= CSV_INVITE_MAX_BYTES, messages.tooLarge),
  });
}

/** The rows the server refused (csv_invalid), when its answer names them. */
function refusedRows(cause: unknown): CsvRowError[] | undefined {
  if (!(cause instanceof ApiError && cause.code === 'csv_invalid')) return undefined;
  const parsed = rowErrorsSchema.safeParse(cause.body);
  return parsed.success ? parsed.data.rows : undefined;
}

/** A CSV file of people to invite: everyone, or nobody with each bad row named. */
export function InviteCsvCard({ send, ready = () => true, children }: InviteCsvCardProps) {
  const { t } = useTranslation();
  const id = useId();
  const toast = useToast();
  const navigate = useNavigate();
  const upload = useMutation({ mutationFn: send });
  const input = useRef<HTMLInputElement | null>(null);
  const [rows, setRows] = useState<CsvRowError[]>([]);
  const schema = useMemo(
    () =>
      csvFileSchema({
        required: t('companyAdmin.invite.fileRequired'),
        tooLarge: t('companyAdmin.invite.fileTooLarge'),
      }),
    [t],
  );
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setValue,
    formState: { errors },
  } = useForm<CsvFields>({
    resolver: zodResolver(schema),
    reValidateMode: 'onSubmit',
    // The app's submit handler focuses the first invalid field in the page's order (the operator's fields first).
    shouldFocusError: false,
  });
  const file = register('file', {
    onChange: () => {
      clearErrors('file');
      setRows([]);
    },
  });
  const formError = errors.root?.server?.message;

  const sendFile = handleSubmit(async ({ file: files }) => {
    const bytes = new Uint8Array(await (files[0] as File).arrayBuffer());
    try {
      const { invited } = await upload.mutateAsync(bytes);
      toast.show('success', t('companyAdmin.invite.csvSent', { count: invited.length }));
      if (input.current) {
        input.current.value = '';
        setValue('file', input.current.files as FileList);
      }
    } catch (cause) {
      const refused = refusedRows(cause);
      if (refused) setRows(refused);
      else if (cause instanceof ApiError && cause.code === 'sudo_required') navigate(stepUpAgainPath());
      else setError('root.server', { message: errorMessage(t, cause, t('companyAdmin.invite.failed')) });
    }
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clearErrors('root');
    setRows([]);
    // The fields around the card (the operator's company and reason) show their errors with the file's.
    if (await ready()) void sendFile(event);
    else void handleSubmit(() => undefined)(event);
  }

  return (
    <Card aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('companyAdmin.invite.csvTitle')}</h2>
      <p className={styles.muted}>{t('companyAdmin.invite.csvIntro')}</p>
      <form className={ui.stack} noValidate onSubmit={(event) => void submit(event)}>
        {formError && <FormError>{formError}</FormError>}
        {children}
        <Field id={`${id}-file`} label={t('companyAdmin.invite.file')} error={errors.file?.message}>
          {({ className: _input, ...control }) => (
            <input
              {...control}
              {...file}
              ref={(element) => {
                file.ref(element);
                input.current = element;
              }}
              className={styles.fileInput}
              type="file"
              accept=".csv,text/csv"
            />
          )}
        </Field>
        {rows.length > 0 && (
          <ConsoleTable
            columns={[
              t('companyAdmin.invite.row'),
              t('companyAdmin.invite.field'),
              t('companyAdmin.invite.problem'),
            ]}
            caption={t('companyAdmin.invite.rowsTitle')}
            alert
            className={`${styles.table} ${styles.errorsTable}`}
          >
            {rows.map((row) => (
              <tr key={`${row.row}-${row.field}-${row.code}`}>
                <td>{row.row || t('companyAdmin.invite.fileWide')}</td>
                <td>{row.field}</td>
                <td>{t(`companyAdmin.invite.rowErrors.${row.code}`)}</td>
              </tr>
            ))}
          </ConsoleTable>
        )}
        <div>
          <Button type="submit" busy={upload.isPending}>
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
  const withdraw = useMutation({
    mutationFn: (invitation: number) => revokeInvitation(companyId, invitation),
  });
  const [error, setError] = useState<string | null>(null);
  const rows = invitations.data?.pages.flatMap((page) => page.data) ?? [];
  const date = new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { dateStyle: 'medium' });

  async function revoke() {
    if (!revoking) return;
    try {
      await withdraw.mutateAsync(revoking.id);
      toast.show('success', t('companyAdmin.invite.revoked', { email: revoking.email }));
      setRevoking(null);
      await refresh();
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === 'sudo_required') navigate(stepUpAgainPath());
      else setError(errorMessage(t, cause));
      setRevoking(null);
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
        <ConsoleTable
          columns={[
            t('companyAdmin.invite.email'),
            t('companyAdmin.people.name'),
            t('companyAdmin.invite.expires'),
            t('companyAdmin.people.actions'),
          ]}
          stacked
          className={styles.table}
        >
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
        </ConsoleTable>
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
        busy={withdraw.isPending}
        onConfirm={() => void revoke()}
        onCancel={() => setRevoking(null)}
      >
        <p>{t('companyAdmin.invite.revokeText')}</p>
      </ConfirmDialog>
    </Card>
  );
}
