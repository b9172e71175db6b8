import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookSecretResponse, WebhookSubscription } from '@vestibule/contract/schemas/admin-webhooks';
import { createWebhookRequestSchema } from '@vestibule/contract/schemas/admin-webhooks';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import ui from '../../../components/Console.module.css';
import { ConsoleChoices, URL_INPUT } from '../../../components/ConsoleChoices';
import { ConsoleTable } from '../../../components/ConsoleTable';
import { Field, FormError } from '../../../components/Field';
import { Page } from '../../../components/Page';
import { SecretOnceCard } from '../../../components/SecretOnceCard';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { stepUpAgainPath } from '../../../lib/stepUp';
import {
  createWebhook,
  rotateWebhookSecret,
  setWebhookEnabled,
  useOperatorEditions,
  useWebhooks,
} from '../api/webhooks';
import styles from '../components/Webhooks.module.css';

/** The contract's new subscription, with the form's words for the two required fields. */
function newWebhookSchema(messages: { url: string; events: string }) {
  return createWebhookRequestSchema.extend({
    url: z.string().trim().min(1, messages.url).max(2000),
    events: z.array(z.string()).min(1, messages.events),
    // The select's "both editions" is the empty choice.
    edition: z.enum(['', 'general', 'lu']).transform((edition) => edition || null),
  });
}
type NewWebhookInput = z.input<ReturnType<typeof newWebhookSchema>>;
type NewWebhook = z.output<ReturnType<typeof newWebhookSchema>>;

/** /admin/webhooks: the subscriptions, a new one, its secret shown once, rotation and enabling. */
export function WebhooksRoute() {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const [secret, setSecret] = useState<WebhookSecretResponse | null>(null);
  return (
    <Page title={t('adminWebhooks.title')} intro={t('adminWebhooks.intro')} width="wide">
      <div className={ui.stack}>
        {secret && <SecretCard secret={secret} onDone={() => setSecret(null)} />}
        <ListCard
          rows={webhooks.data?.data}
          loading={webhooks.isPending}
          error={webhooks.isError ? errorMessage(t, webhooks.error) : null}
          onSecret={setSecret}
        />
        <NewCard eventTypes={webhooks.data?.event_types ?? []} onSecret={setSecret} />
      </div>
    </Page>
  );
}

function useFailure() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (cause: unknown, fallback: string) => {
    if (cause instanceof ApiError && cause.code === 'sudo_required') {
      navigate(stepUpAgainPath());
      return null;
    }
    return errorMessage(t, cause, cause instanceof ApiError && cause.status < 500 ? undefined : fallback);
  };
}

/** A signing secret, answered once; after a rotation, until when the previous one still signs. */
function SecretCard({ secret, onDone }: { secret: WebhookSecretResponse; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const until = secret.previous_valid_until
    ? new Intl.DateTimeFormat(i18n.language.replace('_', '-'), {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(secret.previous_valid_until))
    : null;
  return (
    <SecretOnceCard
      title={t('adminWebhooks.secretTitle')}
      text={until ? t('adminWebhooks.secretRotated', { until }) : t('adminWebhooks.secretText')}
      values={[{ value: secret.secret, testId: 'webhook-secret' }]}
      done={t('adminWebhooks.secretDone')}
      doneVariant="secondary"
      onDone={onDone}
    />
  );
}

/** A row's button: a new signing secret, or the subscription switched on or off. */
type RowChange = { kind: 'rotate' | 'enable'; row: WebhookSubscription };

function ListCard({
  rows,
  loading,
  error,
  onSecret,
}: {
  rows: WebhookSubscription[] | undefined;
  loading: boolean;
  error: string | null;
  onSecret: (secret: WebhookSecretResponse) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const toast = useToast();
  const failure = useFailure();
  const queryClient = useQueryClient();
  const [actionError, setActionError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: async ({ kind, row }: RowChange) => {
      if (kind === 'rotate') return rotateWebhookSecret(row.id);
      await setWebhookEnabled(row.id, !row.enabled);
      return null;
    },
    // The toast comes with the answer; the button stays busy until the list is fetched again.
    onSuccess: (secret, { row }) => {
      if (secret) {
        onSecret(secret);
        toast.show('success', t('adminWebhooks.rotated'));
      } else {
        toast.show('success', t(row.enabled ? 'adminWebhooks.disabledToast' : 'adminWebhooks.enabledToast'));
      }
      return queryClient.invalidateQueries({ queryKey: ['admin', 'webhooks'] });
    },
  });
  const busy = change.isPending ? `${change.variables.kind}-${change.variables.row.id}` : null;

  async function act(next: RowChange) {
    setActionError(null);
    try {
      await change.mutateAsync(next);
    } catch (cause) {
      setActionError(failure(cause, t('adminWebhooks.failed')));
    }
  }

  return (
    <Card aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('adminWebhooks.listTitle')}</h2>
      {(error || actionError) && <FormError>{error ?? actionError}</FormError>}
      <ConsoleTable
        loading={loading}
        empty={t('adminWebhooks.empty')}
        columns={[
          t('adminWebhooks.url'),
          t('adminWebhooks.events'),
          t('adminWebhooks.status'),
          t('adminWebhooks.actions'),
        ]}
        stacked
      >
        {rows?.map((row) => (
          <tr key={row.id}>
            <td>
              <span className={ui.name}>{row.url}</span>
              <span className={ui.muted}>
                {row.edition ? t(`adminWebhooks.editions.${row.edition}`) : t('adminWebhooks.bothEditions')}
                {row.description ? ` · ${row.description}` : ''}
              </span>
            </td>
            <td>{row.event_types.join(', ')}</td>
            <td>
              {row.enabled ? (
                <Badge tone="success">{t('adminWebhooks.enabled')}</Badge>
              ) : (
                <Badge tone="warning">{t('adminWebhooks.disabled')}</Badge>
              )}
            </td>
            <td>
              <span className={ui.rowActions}>
                <Link to={`/admin/webhooks/${row.id}`} className={ui.link}>
                  {t('adminWebhooks.deliveries')}
                </Link>
                <Button
                  variant="secondary"
                  busy={busy === `rotate-${row.id}`}
                  onClick={() => void act({ kind: 'rotate', row })}
                >
                  {t('adminWebhooks.rotate')}
                </Button>
                <Button
                  variant={row.enabled ? 'danger' : 'secondary'}
                  busy={busy === `enable-${row.id}`}
                  onClick={() => void act({ kind: 'enable', row })}
                >
                  {row.enabled ? t('adminWebhooks.disable') : t('adminWebhooks.enable')}
                </Button>
              </span>
            </td>
          </tr>
        ))}
      </ConsoleTable>
    </Card>
  );
}

function NewCard({
  eventTypes,
  onSecret,
}: {
  eventTypes: { type: string; description: string }[];
  onSecret: (secret: WebhookSecretResponse) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const toast = useToast();
  const failure = useFailure();
  const queryClient = useQueryClient();
  const editions = useOperatorEditions();
  // An operator of one edition subscribes for it; "both editions" needs both.
  const single = editions.length === 1 ? (editions[0] as 'general' | 'lu') : null;
  const schema = useMemo(
    () =>
      newWebhookSchema({ url: t('adminWebhooks.urlRequired'), events: t('adminWebhooks.eventsRequired') }),
    [t],
  );
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting: busy },
  } = useForm<NewWebhookInput, unknown, NewWebhook>({
    resolver: zodResolver(schema),
    defaultValues: { url: '', description: '', edition: '', events: [] },
  });
  const formError = errors.root?.server?.message;
  const create = useMutation({ mutationFn: createWebhook });

  const submit = handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync({ ...values, edition: single ?? values.edition });
      onSecret(created);
      toast.show('success', t('adminWebhooks.created'));
      reset();
      await queryClient.invalidateQueries({ queryKey: ['admin', 'webhooks'] });
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === 'webhook_destination_refused')
        setError('url', { message: t('errors.webhook_destination_refused') });
      else {
        const message = failure(cause, t('adminWebhooks.failed'));
        if (message) setError('root.server', { message });
      }
    }
  });

  return (
    <Card aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('adminWebhooks.newTitle')}</h2>
      <form className={ui.stack} noValidate onSubmit={submit}>
        {formError && <FormError>{formError}</FormError>}
        <Field
          id={`${id}-url`}
          label={t('adminWebhooks.url')}
          hint={t('adminWebhooks.urlHint')}
          error={errors.url?.message}
        >
          {(control) => <input {...control} {...URL_INPUT} {...register('url')} />}
        </Field>
        <Field id={`${id}-description`} label={t('adminWebhooks.description')}>
          {(control) => <input {...control} maxLength={200} {...register('description')} />}
        </Field>
        <Field id={`${id}-edition`} label={t('adminWebhooks.edition')}>
          {(control) => (
            <select {...control} className={ui.select} {...register('edition')}>
              {!single && <option value="">{t('adminWebhooks.bothEditions')}</option>}
              {(['general', 'lu'] as const)
                .filter((id) => !single || id === single)
                .map((id) => (
                  <option key={id} value={id}>
                    {t(`adminWebhooks.editions.${id}`)}
                  </option>
                ))}
            </select>
          )}
        </Field>
        <ConsoleChoices
          id={`${id}-events`}
          legend={t('adminWebhooks.events')}
          error={errors.events?.message}
          className={styles.events}
        >
          {eventTypes.map((type) => (
            <label key={type.type} className={ui.choice}>
              <input type="checkbox" value={type.type} {...register('events')} />
              <span>
                <code>{type.type}</code>
                {/* The catalogue's own words, as integrators read them (docs/integrators.md). */}
                <span className={ui.muted} lang="en">
                  {type.description}
                </span>
              </span>
            </label>
          ))}
        </ConsoleChoices>
        <div>
          <Button type="submit" busy={busy}>
            {t('adminWebhooks.create')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
