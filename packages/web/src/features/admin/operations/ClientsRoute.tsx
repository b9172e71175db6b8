import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientSecretResponse, OAuthClientView } from '@vestibule/contract/schemas/admin-operations';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import ui from '../../../components/Console.module.css';
import { ConsoleTable } from '../../../components/ConsoleTable';
import { FormError } from '../../../components/Field';
import { Page } from '../../../components/Page';
import { SecretOnceCard } from '../../../components/SecretOnceCard';
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
      <div className={ui.stack}>
        {secret && <ClientSecretCard secret={secret} onDone={() => setSecret(null)} />}
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

/** A client's secret, answered once, with its client id. */
export function ClientSecretCard({ secret, onDone }: { secret: ClientSecretResponse; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <SecretOnceCard
      title={t('adminOperations.clients.secretTitle')}
      text={t('adminOperations.clients.secretText')}
      values={[
        {
          label: t('adminOperations.clients.secret'),
          value: secret.secret ?? '',
          testId: 'client-secret',
          copy: { label: t('adminOperations.clients.copy'), copied: t('adminOperations.clients.copied') },
        },
      ]}
      done={t('adminOperations.clients.secretDone')}
      onDone={onDone}
    >
      <p>
        <span className={ui.muted}>{t('adminOperations.clients.clientId')}</span>
        <code data-testid="client-id">{secret.data.client_id}</code>
      </p>
    </SecretOnceCard>
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

  const change = useClientAction();

  async function submit(reason: Reason) {
    if (!action) return;
    const { kind } = action;
    try {
      const rotated = await change.mutateAsync({ ...action, reason });
      if (rotated) {
        onSecret(rotated);
        toast.show('success', t('adminOperations.clients.rotatedToast'));
      } else {
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
        <Link to={`${PATHS.admin}/clients/new`} className={ui.link}>
          {t('adminOperations.clients.register')}
        </Link>
      </div>
      {error && <FormError>{error}</FormError>}
      <ConsoleTable
        loading={loading}
        empty={t('adminOperations.clients.empty')}
        columns={[
          t('adminOperations.clients.name'),
          t('adminOperations.clients.kind'),
          t('adminOperations.clients.status'),
          t('adminOperations.clients.actions'),
        ]}
        stacked
      >
        {rows?.map((row) => (
          <ClientRow key={row.client_id} row={row} onAction={(next) => void open(next)} />
        ))}
      </ConsoleTable>
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

/** A row's action, for a reason: a rotation answers the new secret, the switch nothing. */
function useClientAction() {
  return useMutation({
    mutationFn: async ({ kind, client, reason }: Action & { reason: Reason }) => {
      if (kind === 'rotate') return rotateClientSecret(client.client_id, reason);
      await setClientDisabled(client.client_id, { disabled: kind === 'disable', ...reason });
      return null;
    },
  });
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
        <span className={ui.name}>{row.name}</span>
        <span className={ui.muted}>
          <code>{row.client_id}</code>
          {' · '}
          {row.edition
            ? t(`adminOperations.clients.editions.${row.edition}`)
            : t('adminOperations.clients.bothEditions')}
        </span>
      </td>
      <td>
        <span className={ui.badges}>
          <span>{t(`adminOperations.clients.kinds.${clientKind(row)}`)}</span>
          {row.first_party && <Badge tone="brand">{t('adminOperations.clients.firstParty')}</Badge>}
        </span>
      </td>
      <td>
        {when ? (
          <>
            <Badge tone="warning">{t('adminOperations.clients.disabled')}</Badge>
            <span className={ui.muted}>{t('adminOperations.clients.disabledSince', { when })}</span>
          </>
        ) : (
          <Badge tone="success">{t('adminOperations.clients.active')}</Badge>
        )}
      </td>
      <td>
        <span className={ui.rowActions}>
          <Link
            to={`${PATHS.admin}/clients/${encodeURIComponent(row.client_id)}`}
            className={ui.link}
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
