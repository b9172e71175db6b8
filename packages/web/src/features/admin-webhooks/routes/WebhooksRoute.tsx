import { useQueryClient } from '@tanstack/react-query';
import type { WebhookSecretResponse, WebhookSubscription } from '@vestibule/contract/schemas/admin-webhooks';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { Field, FormError } from '../../../components/Field';
import { Page } from '../../../components/Page';
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

/** /admin/webhooks: the subscriptions, a new one, its secret shown once, rotation and enabling. */
export function WebhooksRoute() {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const [secret, setSecret] = useState<WebhookSecretResponse | null>(null);
  return (
    <Page title={t('adminWebhooks.title')} intro={t('adminWebhooks.intro')} width="wide">
      <div className={styles.stack}>
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

function SecretCard({ secret, onDone }: { secret: WebhookSecretResponse; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const until = secret.previous_valid_until
    ? new Intl.DateTimeFormat(i18n.language.replace('_', '-'), {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(secret.previous_valid_until))
    : null;
  return (
    <Card aria-labelledby={`${id}-title`} className={styles.secretCard}>
      <h2 id={`${id}-title`} tabIndex={-1} ref={(node) => node?.focus()}>
        {t('adminWebhooks.secretTitle')}
      </h2>
      <p>{until ? t('adminWebhooks.secretRotated', { until }) : t('adminWebhooks.secretText')}</p>
      <code className={styles.secret} data-testid="webhook-secret">
        {secret.secret}
      </code>
      <div>
        <Button variant="secondary" onClick={onDone}>
          {t('adminWebhooks.secretDone')}
        </Button>
      </div>
    </Card>
  );
}

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
  const [busy, setBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  async function act(key: string, action: () => Promise<void>) {
    setBusy(key);
    setActionError(null);
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: ['admin', 'webhooks'] });
    } catch (cause) {
      setActionError(failure(cause, t('adminWebhooks.failed')));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('adminWebhooks.listTitle')}</h2>
      {(error || actionError) && <FormError>{error ?? actionError}</FormError>}
      {loading ? (
        <p className={styles.muted} role="status">
          {t('common.loading')}
        </p>
      ) : !rows?.length ? (
        <p className={styles.muted}>{t('adminWebhooks.empty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('adminWebhooks.url')}</th>
                <th scope="col">{t('adminWebhooks.events')}</th>
                <th scope="col">{t('adminWebhooks.status')}</th>
                <th scope="col">{t('adminWebhooks.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <span className={styles.url}>{row.url}</span>
                    <span className={styles.muted}>
                      {row.edition
                        ? t(`adminWebhooks.editions.${row.edition}`)
                        : t('adminWebhooks.bothEditions')}
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
                    <span className={styles.rowActions}>
                      <Link to={`/admin/webhooks/${row.id}`} className={styles.link}>
                        {t('adminWebhooks.deliveries')}
                      </Link>
                      <Button
                        variant="secondary"
                        busy={busy === `rotate-${row.id}`}
                        onClick={() =>
                          void act(`rotate-${row.id}`, async () => {
                            onSecret(await rotateWebhookSecret(row.id));
                            toast.show('success', t('adminWebhooks.rotated'));
                          })
                        }
                      >
                        {t('adminWebhooks.rotate')}
                      </Button>
                      <Button
                        variant={row.enabled ? 'danger' : 'secondary'}
                        busy={busy === `enable-${row.id}`}
                        onClick={() =>
                          void act(`enable-${row.id}`, async () => {
                            await setWebhookEnabled(row.id, !row.enabled);
                            toast.show(
                              'success',
                              t(row.enabled ? 'adminWebhooks.disabledToast' : 'adminWebhooks.enabledToast'),
                            );
                          })
                        }
                      >
                        {row.enabled ? t('adminWebhooks.disable') : t('adminWebhooks.enable')}
                      </Button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const editions = useOperatorEditions();
  // An operator of one edition subscribes for it; "both editions" needs both.
  const single = editions.length === 1 ? (editions[0] as 'general' | 'lu') : null;
  const [choice, setEdition] = useState<'' | 'general' | 'lu'>('');
  const edition = single ?? choice;
  const [events, setEvents] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFormError(null);
    const found = {
      ...(url.trim() ? {} : { url: t('adminWebhooks.urlRequired') }),
      ...(events.length ? {} : { events: t('adminWebhooks.eventsRequired') }),
    };
    setErrors(found);
    if (found.url || found.events) return;
    setBusy(true);
    try {
      const created = await createWebhook({ url: url.trim(), events, edition: edition || null, description });
      onSecret(created);
      toast.show('success', t('adminWebhooks.created'));
      setUrl('');
      setDescription('');
      setEvents([]);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'webhooks'] });
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === 'webhook_destination_refused')
        setErrors({ url: t('errors.webhook_destination_refused') });
      else setFormError(failure(cause, t('adminWebhooks.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('adminWebhooks.newTitle')}</h2>
      <form className={styles.stack} noValidate onSubmit={submit}>
        {formError && <FormError>{formError}</FormError>}
        <Field
          id={`${id}-url`}
          label={t('adminWebhooks.url')}
          hint={t('adminWebhooks.urlHint')}
          error={errors.url}
        >
          {(control) => (
            <input
              {...control}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              maxLength={2000}
              value={url}
              onChange={(event) => {
                setUrl(event.target.value);
                setErrors({ ...errors, url: undefined });
              }}
            />
          )}
        </Field>
        <Field id={`${id}-description`} label={t('adminWebhooks.description')}>
          {(control) => (
            <input
              {...control}
              maxLength={200}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
          )}
        </Field>
        <Field id={`${id}-edition`} label={t('adminWebhooks.edition')}>
          {(control) => (
            <select
              {...control}
              className={styles.select}
              value={edition}
              onChange={(event) => setEdition(event.target.value as '' | 'general' | 'lu')}
            >
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
        <fieldset
          className={styles.events}
          aria-describedby={errors.events ? `${id}-events-error` : undefined}
        >
          <legend>{t('adminWebhooks.events')}</legend>
          {eventTypes.map((type) => (
            <label key={type.type} className={styles.event}>
              <input
                type="checkbox"
                value={type.type}
                checked={events.includes(type.type)}
                onChange={(event) => {
                  setErrors({ ...errors, events: undefined });
                  setEvents(
                    event.target.checked
                      ? [...events, type.type]
                      : events.filter((name) => name !== type.type),
                  );
                }}
              />
              <span>
                <code>{type.type}</code>
                {/* The catalogue's own words, as integrators read them (docs/integrators.md). */}
                <span className={styles.muted} lang="en">
                  {type.description}
                </span>
              </span>
            </label>
          ))}
          {errors.events && (
            <p id={`${id}-events-error`} className={styles.fieldError}>
              {errors.events}
            </p>
          )}
        </fieldset>
        <div>
          <Button type="submit" busy={busy}>
            {t('adminWebhooks.create')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
