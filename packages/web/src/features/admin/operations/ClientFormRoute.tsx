import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ClientSecretResponse,
  type OAuthClientView,
  registerClientRequestSchema,
} from '@vestibule/contract/schemas/admin-operations';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { ErrorAlert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import ui from '../../../components/Console.module.css';
import { ConsoleChoices, URL_INPUT } from '../../../components/ConsoleChoices';
import { Field, FormError } from '../../../components/Field';
import { Page } from '../../../components/Page';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { useAdminMe } from '../api/me';
import { ReasonDialog } from '../components/ReasonDialog';
import { useStaffStepUp } from '../stepUp';
import { CLIENTS_KEY, fetchClient, type Reason, registerClient, updateClient, useClients } from './api';
import { ClientSecretCard, clientKind } from './ClientsRoute';
import styles from './Operations.module.css';

type Kind = 'confidential' | 'public' | 'machine';
type Edition = '' | 'general' | 'lu';

interface Draft {
  clientId: string;
  name: string;
  kind: Kind;
  redirectUris: string;
  homepage: string;
  scopes: string[];
  edition: Edition;
}

const EMPTY: Draft = {
  clientId: '',
  name: '',
  kind: 'confidential',
  redirectUris: '',
  homepage: '',
  scopes: ['openid'],
  edition: '',
};

const draftOf = (client: OAuthClientView): Draft => ({
  clientId: client.client_id,
  name: client.name,
  kind: clientKind(client),
  redirectUris: client.redirect_uris.join('\n'),
  homepage: client.homepage ?? '',
  scopes: client.scopes,
  edition: client.edition ?? '',
});

const isAdminScope = (scope: string) => scope.startsWith('admin:');
const lines = (text: string) =>
  text
    .split(/\s+/)
    .map((line) => line.trim())
    .filter(Boolean);

type FieldName = 'clientId' | 'name' | 'redirectUris' | 'scopes' | 'homepage';
type Errors = Partial<Record<FieldName, string>>;

/**
 * The form's own checks, before anything is sent (a name; redirect addresses, or an admin scope for
 * a machine); the contract's name is trimmed. The server checks everything again.
 */
function clientFormSchema(messages: { required: string; scopesRequired: string; redirectRequired: string }) {
  return z
    .object({
      clientId: z.string(),
      name: registerClientRequestSchema.shape.name,
      kind: z.enum(['confidential', 'public', 'machine']),
      redirectUris: z.string(),
      homepage: z.string(),
      scopes: z.array(z.string()),
      edition: z.enum(['', 'general', 'lu']),
    })
    .superRefine((draft, ctx) => {
      if (!draft.name) ctx.addIssue({ code: 'custom', path: ['name'], message: messages.required });
      if (draft.kind === 'machine' && !draft.scopes.some(isAdminScope))
        ctx.addIssue({ code: 'custom', path: ['scopes'], message: messages.scopesRequired });
      if (draft.kind !== 'machine' && !lines(draft.redirectUris).length)
        ctx.addIssue({ code: 'custom', path: ['redirectUris'], message: messages.redirectRequired });
    });
}

const REFUSALS = [
  'not_https',
  'invalid',
  'unknown_scope',
  'mixed_scopes',
  'machine_client',
  'required',
  'not_first_party',
  'exists',
  'not_held',
] as const;
type Refusal = (typeof REFUSALS)[number];

/** The server's field refusals (validation_failed, forbidden) in the form's words. */
function serverErrors(t: ReturnType<typeof useTranslation>['t'], error: unknown): Errors | null {
  if (!(error instanceof ApiError) || !error.fields) return null;
  const known = [
    ['client_id', 'clientId'],
    ['name', 'name'],
    ['redirect_uris', 'redirectUris'],
    ['scopes', 'scopes'],
    ['homepage', 'homepage'],
  ] as const;
  const found: Errors = {};
  for (const [field, name] of known) {
    const refusal = error.fields[field];
    if (refusal)
      found[name] = t(
        `adminOperations.form.refusals.${(REFUSALS as readonly string[]).includes(refusal) ? (refusal as Refusal) : 'invalid'}`,
      );
  }
  return Object.keys(found).length ? found : null;
}

/** Registers the client (its secret, if it has one), or changes it on the version read (null). */
async function saveClient(
  { draft, ...reason }: Reason & { draft: Draft },
  clientId: string,
  version: string | null,
): Promise<ClientSecretResponse | null> {
  const machine = draft.kind === 'machine';
  const common = {
    name: draft.name.trim(),
    redirect_uris: machine ? [] : lines(draft.redirectUris),
    scopes: draft.scopes.filter((scope) => isAdminScope(scope) === machine),
    homepage: draft.homepage.trim() || null,
    edition: draft.edition || null,
    ...reason,
  };
  if (version === null)
    return registerClient({ ...common, client_id: draft.clientId.trim(), public: draft.kind === 'public' });
  await updateClient(clientId, common, version);
  return null;
}

/** /admin/clients/new and /admin/clients/:id: register a client, or change one on the version read. */
export function ClientFormRoute() {
  const { t } = useTranslation();
  const { id } = useParams();
  const editing = id !== undefined && id !== 'new';
  // A 412 on save: the form shows the current registration and says why.
  const [stale, setStale] = useState(false);
  const current = useQuery({
    queryKey: [...CLIENTS_KEY, id],
    queryFn: ({ signal }) => fetchClient(id ?? '', signal),
    enabled: editing,
    staleTime: 0,
    gcTime: 0,
  });
  const back = (
    <Link to={`${PATHS.admin}/clients`} className={ui.link}>
      {t('adminOperations.form.back')}
    </Link>
  );
  if (editing && current.isPending)
    return (
      <p role="status" className={ui.muted}>
        {t('common.loading')}
      </p>
    );
  if (editing && current.isError)
    return (
      <Page title={t('adminOperations.clients.title')} before={back}>
        <ErrorAlert>{errorMessage(t, current.error)}</ErrorAlert>
      </Page>
    );
  return (
    <ClientForm
      key={current.data?.version ?? 'new'}
      initial={current.data ? draftOf(current.data.client) : EMPTY}
      version={current.data?.version ?? null}
      back={back}
      stale={stale}
      onStale={() => {
        setStale(true);
        void current.refetch();
      }}
    />
  );
}

function ClientForm({
  initial,
  version,
  back,
  stale,
  onStale,
}: {
  initial: Draft;
  version: string | null;
  back: ReactNode;
  stale: boolean;
  onStale: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const toast = useToast();
  const navigate = useNavigate();
  const stepUp = useStaffStepUp();
  const queryClient = useQueryClient();
  const scopesOffered = useClients().data?.scopes ?? [];
  // Admin scopes give capabilities: the operator hands out only those they hold (the server checks).
  const me = useAdminMe().data;
  const held = me?.capabilities ?? [];
  // An operator of one edition registers clients of it; "both editions" needs both.
  const single = me?.editions.length === 1 ? me.editions[0] : null;
  const mayHandOut = (scope: string) =>
    !isAdminScope(scope) || (held as readonly string[]).includes(scope.slice('admin:'.length));
  const editing = version !== null;
  const schema = useMemo(
    () =>
      clientFormSchema({
        required: t('adminOperations.form.required'),
        scopesRequired: t('adminOperations.form.scopesRequired'),
        redirectRequired: t('adminOperations.form.redirectRequired'),
      }),
    [t],
  );
  const {
    register,
    control,
    handleSubmit,
    getValues,
    watch,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<Draft>({
    resolver: zodResolver(schema),
    defaultValues: !version && single ? { ...initial, edition: single } : initial,
    // Checked when sent; a field's message leaves as it is changed.
    reValidateMode: 'onSubmit',
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [secret, setSecret] = useState<ClientSecretResponse | null>(null);
  const save = useMutation({
    mutationFn: (input: Reason & { draft: Draft }) => saveClient(input, initial.clientId, version),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLIENTS_KEY }),
  });

  /** A field that changes loses its message (the form's or the server's). */
  const field = (name: FieldName) => register(name, { onChange: () => clearErrors(name) });
  const machine = watch('kind') === 'machine';
  const offered = scopesOffered.filter((scope) => isAdminScope(scope) === machine && mayHandOut(scope));

  const check = handleSubmit(async () => {
    setFormError(null);
    if (await stepUp.ensure()) setConfirming(true);
  });

  async function send(reason: Reason) {
    try {
      const saved = await save.mutateAsync({ ...reason, draft: getValues() });
      if (editing) {
        toast.show('success', t('adminOperations.form.saved'));
        navigate(`${PATHS.admin}/clients`);
      } else {
        toast.show('success', t('adminOperations.form.created'));
        setConfirming(false);
        if (saved?.secret) setSecret(saved);
        else navigate(`${PATHS.admin}/clients`);
      }
    } catch (cause) {
      if (stepUp.onRefused(cause)) return;
      const fields = serverErrors(t, cause);
      if (cause instanceof ApiError && cause.code === 'client_changed') {
        setConfirming(false);
        onStale();
        return;
      }
      if (fields || (cause instanceof ApiError && cause.code === 'client_exists')) {
        setConfirming(false);
        clearErrors();
        for (const [name, message] of Object.entries(
          fields ?? { clientId: t('adminOperations.form.refusals.exists') },
        ))
          setError(name as FieldName, { message });
        return;
      }
      if (cause instanceof ApiError && cause.code !== 'reason_required') {
        setConfirming(false);
        setFormError(errorMessage(t, cause));
        return;
      }
      throw cause;
    }
  }

  const title = editing
    ? t('adminOperations.form.editTitle', { name: initial.name })
    : t('adminOperations.form.newTitle');
  if (secret)
    return (
      <Page title={title} before={back} width="wide">
        <ClientSecretCard secret={secret} onDone={() => navigate(`${PATHS.admin}/clients`)} />
      </Page>
    );
  return (
    <Page title={title} intro={t('adminOperations.form.intro')} before={back}>
      <Card>
        <form className={ui.stack} noValidate onSubmit={(event) => void check(event)}>
          {stale && <FormError>{t('adminOperations.form.changedElsewhere')}</FormError>}
          {formError && <FormError>{formError}</FormError>}
          {!editing && (
            <Field
              id={`${id}-client-id`}
              label={t('adminOperations.form.clientId')}
              hint={t('adminOperations.form.clientIdHint')}
              error={errors.clientId?.message}
            >
              {(control) => (
                <input
                  {...control}
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={64}
                  {...field('clientId')}
                />
              )}
            </Field>
          )}
          <Field
            id={`${id}-name`}
            label={t('adminOperations.form.name')}
            hint={t('adminOperations.form.nameHint')}
            error={errors.name?.message}
          >
            {(control) => <input {...control} autoComplete="off" maxLength={200} {...field('name')} />}
          </Field>
          <fieldset className={ui.choices} disabled={editing}>
            <legend>{t('adminOperations.form.kind')}</legend>
            {(['confidential', 'public', 'machine'] as const).map((kind) => (
              <label key={kind} className={ui.choice}>
                <input type="radio" value={kind} {...register('kind')} />
                <span>
                  {t(`adminOperations.clients.kinds.${kind}`)}
                  <span className={ui.muted}>{t(`adminOperations.form.kindHints.${kind}`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {!machine && (
            <Field
              id={`${id}-redirects`}
              label={t('adminOperations.form.redirectUris')}
              hint={t('adminOperations.form.redirectUrisHint')}
              error={errors.redirectUris?.message}
            >
              {(control) => (
                <textarea
                  {...control}
                  className={styles.textarea}
                  spellCheck={false}
                  {...field('redirectUris')}
                />
              )}
            </Field>
          )}
          {!machine && (
            <Field
              id={`${id}-homepage`}
              label={t('adminOperations.form.homepage')}
              error={errors.homepage?.message}
            >
              {(control) => <input {...control} {...URL_INPUT} {...field('homepage')} />}
            </Field>
          )}
          <ConsoleChoices
            id={`${id}-scopes`}
            legend={machine ? t('adminOperations.form.adminScopes') : t('adminOperations.form.scopes')}
            error={errors.scopes?.message}
          >
            <Controller
              control={control}
              name="scopes"
              render={({ field: scopes }) => (
                <>
                  {offered.map((scope) => (
                    <label key={scope} className={ui.choice}>
                      <input
                        type="checkbox"
                        value={scope}
                        checked={scopes.value.includes(scope)}
                        onChange={(event) => {
                          clearErrors('scopes');
                          scopes.onChange(
                            event.target.checked
                              ? [...scopes.value, scope]
                              : scopes.value.filter((name) => name !== scope),
                          );
                        }}
                      />
                      <code>{scope}</code>
                    </label>
                  ))}
                </>
              )}
            />
          </ConsoleChoices>
          <Field id={`${id}-edition`} label={t('adminOperations.form.edition')}>
            {(control) => (
              <select {...control} className={ui.select} {...register('edition')}>
                {!single && <option value="">{t('adminOperations.clients.bothEditions')}</option>}
                {(['general', 'lu'] as const)
                  .filter((edition) => !single || edition === single)
                  .map((edition) => (
                    <option key={edition} value={edition}>
                      {t(`adminOperations.clients.editions.${edition}`)}
                    </option>
                  ))}
              </select>
            )}
          </Field>
          <div>
            <Button type="submit">
              {editing ? t('adminOperations.form.save') : t('adminOperations.form.create')}
            </Button>
          </div>
        </form>
      </Card>
      <ReasonDialog
        open={confirming}
        title={
          editing
            ? t('adminOperations.form.confirmSave', { name: initial.name })
            : t('adminOperations.form.confirmCreate', { name: watch('name').trim() })
        }
        confirmLabel={editing ? t('adminOperations.form.save') : t('adminOperations.form.create')}
        onSubmit={send}
        onClose={() => setConfirming(false)}
      />
    </Page>
  );
}
