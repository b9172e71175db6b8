import { useRef, useState } from 'react';
import { EmptyState, ErrorAlert } from '../../../components/Alert';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import row from '../../../components/LinkRow.module.css';
import { Page } from '../../../components/Page';
import page from '../../../components/Page.module.css';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/errorMessage';
import { useGrants, useRevokeGrant } from '../api/tokens';
import { ScopeList } from '../components/ScopeList';
import styles from './AccessRoute.module.css';

/**
 * /user/access (SPEC §2 "Access"): the third-party applications the user allowed, each with a
 * revoke button; revoking shows the closable success alert (client-deleted).
 */
export function AccessRoute() {
  const { t } = useTranslation();
  const toast = useToast();
  const grants = useGrants();
  const revoke = useRevokeGrant();
  const [deleted, setDeleted] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  // Revoking ends the application's access at once: the user confirms it first.
  const [asking, setAsking] = useState<{ clientId: string; name: string } | null>(null);

  const onRevoke = async (clientId: string, name: string) => {
    try {
      await revoke.mutateAsync(clientId);
      setAsking(null);
      setDeleted(name);
      // The revoked row and its button are gone: move focus to the alert that says so.
      requestAnimationFrame(() => alertRef.current?.focus());
    } catch (error) {
      setAsking(null);
      toast.show('error', errorMessage(t, error, t('oauth.access.revokeError')));
    }
  };

  return (
    <Page title={t('oauth.access.title')} intro={t('oauth.access.intro')}>
      {deleted && (
        <div
          ref={alertRef}
          tabIndex={-1}
          role="status"
          className={styles.success}
          data-alert="client-deleted"
        >
          <span className={styles.successIcon} aria-hidden="true">
            ✓
          </span>
          <p className={styles.successText}>{t('oauth.access.clientDeleted', { client: deleted })}</p>
          <button type="button" className={styles.close} onClick={() => setDeleted(null)}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{t('common.close')}</span>
          </button>
        </div>
      )}

      {grants.isError ? (
        <ErrorAlert retry={{ label: t('oauth.access.retry'), onRetry: () => void grants.refetch() }}>
          <p>{t('oauth.access.loadError')}</p>
        </ErrorAlert>
      ) : !grants.data ? (
        <p aria-live="polite">{t('common.loading')}</p>
      ) : grants.data.length === 0 ? (
        <EmptyState>{t('oauth.access.empty')}</EmptyState>
      ) : (
        <ul className={page.cardGrid}>
          {grants.data.map((grant) => {
            const busy = revoke.isPending && revoke.variables === grant.client_id;
            const titleId = `grant-${grant.client_id}`;
            return (
              <li key={grant.client_id} className={styles.item} data-client-id={grant.client_id}>
                <div className={styles.itemHeader}>
                  <span className={`${row.icon} ${styles.initial}`} aria-hidden="true">
                    {grant.name.slice(0, 1).toUpperCase()}
                  </span>
                  <h2 id={titleId} className={styles.name}>
                    {grant.name}
                  </h2>
                </div>
                <p id={`${titleId}-can`} className={styles.canDo}>
                  {t('oauth.access.canDo')}
                </p>
                <ScopeList scopes={grant.scopes} labelledBy={`${titleId}-can`} />
                <button
                  type="button"
                  className={styles.revoke}
                  disabled={revoke.isPending}
                  aria-label={t('oauth.access.revokeLabel', { client: grant.name })}
                  onClick={() => setAsking({ clientId: grant.client_id, name: grant.name })}
                >
                  {t(busy ? 'oauth.access.revoking' : 'oauth.access.revoke')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t('oauth.access.revokeTitle', { client: asking?.name ?? '' })}
        confirmLabel={t(revoke.isPending ? 'oauth.access.revoking' : 'oauth.access.revoke')}
        cancelLabel={t('oauth.access.cancel')}
        busy={revoke.isPending}
        onConfirm={() => asking && void onRevoke(asking.clientId, asking.name)}
        onCancel={() => setAsking(null)}
      >
        <p>{t('oauth.access.revokeText', { client: asking?.name ?? '' })}</p>
      </ConfirmDialog>
    </Page>
  );
}
