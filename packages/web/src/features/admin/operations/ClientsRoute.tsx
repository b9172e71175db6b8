import { useQueryClient } from '@tanstack/react-query';
import type { ClientSecretResponse, OAuthClientView } from '@vestibule/contract/schemas/admin-operations';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { FormError } from '../../../components/Field';
import { Icon } from '../../../components/Icon';
import { Page } from '../../../components/Page';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { ReasonDialog } from '../components/ReasonDialog';
import { useStaffStepUp } from '../stepUp';
import { CLIENTS_KEY, type Reason, rotateClientSecret, setClientDisabled, useClients } from './api';
import styles from './Operations.module.css';

type Action = { kind: 'rotate' | 'disable' | 'enable'; client: OAuthClientView };

/** The kind of a client as the form and the list name it. */
export const clientKind = (client: Pick<OAuthClientView, 'machine' | 'confidential'>) =>
  client.machine ? 'machine' : client.confidential ? 'confidential' : 'public';

/** /admin/clients: the registered clients; rotate a secret (shown once), disable or enable one. */
export function ClientsRoute() {
  const { t } = useTranslation();
  const clients = useClients();
  const [secret, setSecret] = useState<ClientSecretResponse | null>(null);
  return (
    <Page title={t('adminOperations.clients.title')} intro={t('adminOperations.clients.intro')} width="wide">
      <div className={styles.stack}>
        {secret && <SecretCard secret={secret} onDone={() => setSecret(null)} />}
        <ListCard
          rows={clients.data?.data}
          loading={clients.isPending}
          error={clients.isError ? errorMessage(t, clients.error) : null}
          onSecret={setSecret}
        />
      </div>
    </Page>
  );
}

/** A secret answered once: shown with its client id and a copy button until the operator is done. */
export function SecretCard({ secret, onDone }: { secret: ClientSecretResponse; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <Card aria-labelledby={`${id}-title`} className={styles.secretCard}>
      <h2 id={`${id}-title`} tabIndex={-1} ref={(node) => node?.focus()}>
        {t('adminOperations.clients.secretTitle')}
      </h2>
      <p>{t('adminOperations.clients.secretText')}</p>
      <p>
        <span className={styles.muted}>{t('adminOperations.clients.clientId')}</span>
        <code data-testid="client-id">{secret.data.client_id}</code>
      </p>
      <div>
        <span className={styles.muted}>{t('adminOperations.clients.secret')}</span>
        <div className={styles.secretRow}>
          <code className={styles.secret} data-testid="client-secret">
            {secret.secret}
          </code>
          <Button
            variant="secondary"
            onClick={() =>
              void navigator.clipboard
                ?.writeText(secret.secret ?? '')
                .then(() => setCopied(true))
                .catch(() => undefined)
            }
          >
            <Icon name="copy" size={18} /> {t('adminOperations.clients.copy')}
          </Button>
        </div>
        <p role="status" className={styles.muted}>
          {copied ? t('adminOperations.clients.copied') : ''}
        </p>
      </div>
      <div>
        <Button onClick={onDone}>{t('adminOperations.clients.secretDone')}</Button>
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
  rows: OAuthClientView[] | undefined;
  loading: boolean;
  error: string | null;
  onSecret: (secret: ClientSecretResponse) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const toast = useToast();
  const stepUp = useStaffStepUp();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action | null>(null);

  async function open(next: Action) {
    if (await stepUp.ensure()) setAction(next);
  }

  async function submit(reason: Reason) {
    if (!action) return;
    const { kind, client } = action;
    try {
      if (kind === 'rotate') {
        onSecret(await rotateClientSecret(client.client_id, reason));
        toast.show('success', t('adminOperations.clients.rotatedToast'));
      } else {
        await setClientDisabled(client.client_id, { disabled: kind === 'disable', ...reason });
        toast.show(
          'success',
          t(
            kind === 'disable'
              ? 'adminOperations.clients.disabledToast'
              : 'adminOperations.clients.enabledToast',
          ),
        );
      }
      setAction(null);
      await queryClient.invalidateQueries({ queryKey: CLIENTS_KEY });
    } catch (cause) {
      if (stepUp.onRefused(cause)) return;
      throw cause;
    }
  }

  return (
    <Card aria-labelledby={`${id}-title`}>
      <div className={styles.toolbar}>
        <h2 id={`${id}-title`}>{t('adminOperations.clients.listTitle')}</h2>
        <Link to={`${PATHS.admin}/clients/new`} className={styles.link}>
          {t('adminOperations.clients.register')}
        </Link>
      </div>
      {error && <FormError>{error}</FormError>}
      {loading ? (
        <p className={styles.muted} role="status">
          {t('common.loading')}
        </p>
      ) : !rows?.length ? (
        <p className={styles.muted}>{t('adminOperations.clients.empty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('adminOperations.clients.name')}</th>
                <th scope="col">{t('adminOperations.clients.kind')}</th>
                <th scope="col">{t('adminOperations.clients.status')}</th>
                <th scope="col">{t('adminOperations.clients.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <ClientRow key={row.client_id} row={row} onAction={(next) => void open(next)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ReasonDialog
        open={action !== null}
        title={
          action
            ? t(`adminOperations.clients.confirm${capitalized(action.kind)}`, { name: action.client.name })
            : ''
        }
        confirmLabel={action ? t(`adminOperations.clients.${action.kind}`) : ''}
        danger={action?.kind === 'disable'}
        onSubmit={submit}
        onClose={() => setAction(null)}
      >
        {action ? t(`adminOperations.clients.${action.kind}Intro`) : null}
      </ReasonDialog>
    </Card>
  );
}

const capitalized = (kind: Action['kind']) =>
  (kind === 'rotate' ? 'Rotate' : kind === 'disable' ? 'Disable' : 'Enable') as
    | 'Rotate'
    | 'Disable'
    | 'Enable';

function ClientRow({ row, onAction }: { row: OAuthClientView; onAction: (action: Action) => void }) {
  const { t, i18n } = useTranslation();
  const when = row.disabled_at
    ? new Intl.DateTimeFormat(i18n.language.replace('_', '-'), {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(row.disabled_at))
    : null;
  return (
    <tr data-testid={`client-${row.client_id}`}>
      <td>
        <span className={styles.name}>{row.name}</span>
        <span className={styles.muted}>
          <code>{row.client_id}</code>
          {' · '}
          {row.edition
            ? t(`adminOperations.clients.editions.${row.edition}`)
            : t('adminOperations.clients.bothEditions')}
        </span>
      </td>
      <td>
        <span className={styles.badges}>
          <span>{t(`adminOperations.clients.kinds.${clientKind(row)}`)}</span>
          {row.first_party && <Badge tone="brand">{t('adminOperations.clients.firstParty')}</Badge>}
        </span>
      </td>
      <td>
        {when ? (
          <>
            <Badge tone="warning">{t('adminOperations.clients.disabled')}</Badge>
            <span className={styles.muted}>{t('adminOperations.clients.disabledSince', { when })}</span>
          </>
        ) : (
          <Badge tone="success">{t('adminOperations.clients.active')}</Badge>
        )}
      </td>
      <td>
        <span className={styles.rowActions}>
          <Link
            to={`${PATHS.admin}/clients/${encodeURIComponent(row.client_id)}`}
            className={styles.link}
            aria-label={`${t('adminOperations.clients.edit')} ${row.name}`}
          >
            {t('adminOperations.clients.edit')}
          </Link>
          {row.confidential && (
            <Button variant="secondary" onClick={() => onAction({ kind: 'rotate', client: row })}>
              {t('adminOperations.clients.rotate')}
            </Button>
          )}
          {!row.first_party &&
            (row.disabled_at ? (
              <Button variant="secondary" onClick={() => onAction({ kind: 'enable', client: row })}>
                {t('adminOperations.clients.enable')}
              </Button>
            ) : (
              <Button variant="danger" onClick={() => onAction({ kind: 'disable', client: row })}>
                {t('adminOperations.clients.disable')}
              </Button>
            ))}
        </span>
      </td>
    </tr>
  );
}
