import type { SessionInfo } from '@vestibule/contract/schemas/security';
import { useId } from 'react';
import { Badge } from '../../../components/Badge';
import { Icon } from '../../../components/Icon';
import row from '../../../components/LinkRow.module.css';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/errorMessage';
import { announceSessionEnd } from '../../../lib/signOut';
import { useRevokeSession, useSessions } from '../api/sessions';
import { formatAgent, formatDate, formatDateTime, formatPlace } from '../format';
import styles from './Security.module.css';

interface DeviceGroup {
  deviceId: string;
  sessions: SessionInfo[];
}

/** Sessions of the loaded pages grouped by device, in the order the devices were last used. */
function groupByDevice(sessions: readonly SessionInfo[]): DeviceGroup[] {
  const groups = new Map<string, DeviceGroup>();
  for (const session of sessions) {
    const group = groups.get(session.device_id) ?? { deviceId: session.device_id, sessions: [] };
    group.sessions.push(session);
    groups.set(session.device_id, group);
  }
  return [...groups.values()];
}

/** Devices and sessions (SPEC §3 "Session or device"): each session can be logged out. */
export function SessionList({ pageSize = 20 }: { pageSize?: number }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const toast = useToast();
  const sessions = useSessions(pageSize);
  const revoke = useRevokeSession();
  const language = i18n.language;

  if (sessions.isError)
    return (
      <div role="alert" className={styles.error}>
        <p>{t('security.sessions.loadError')}</p>
        <button type="button" className={styles.secondaryButton} onClick={() => void sessions.refetch()}>
          {t('security.sessions.retry')}
        </button>
      </div>
    );
  if (!sessions.data) return <p role="status">{t('common.loading')}</p>;

  const first = sessions.data.pages[0];
  const groups = groupByDevice(sessions.data.pages.flatMap((page) => page.data));
  const onRevoke = (session: SessionInfo) =>
    revoke.mutate(session.id, {
      onSuccess: () => {
        toast.show('success', t('security.sessions.revoked'));
        // The ended session may be another tab of this browser: it checks and drops at once.
        announceSessionEnd({ reason: 'sessionEnded', verify: true });
      },
      onError: (error) => toast.show('error', errorMessage(t, error, t('security.sessions.revokeError'))),
    });

  return (
    <div className={styles.sessions}>
      {first && (
        <p className={styles.muted} data-testid="session-summary">
          {t('security.sessions.summary', { count: first.session_count })}{' '}
          {t('security.sessions.devices', { count: first.device_count })}
        </p>
      )}
      <ul className={styles.deviceList} aria-label={t('security.sessions.listLabel')} data-testid="devices">
        {groups.map((group) => {
          const head = group.sessions[0] as SessionInfo;
          const current = group.sessions.some((s) => s.status === 'current');
          // A model name when the agent tells one, else its kind ("Computer"), else "Unknown device".
          const typeLabel = t(`security.sessions.deviceTypes.${head.device_type}`);
          const name =
            head.device_name ??
            (head.device_type === 'unknown' ? t('security.sessions.unknownDevice') : typeLabel);
          const place = formatPlace(t, head.location, language) ?? t('security.sessions.noLocation');
          const titleId = `${id}-${group.deviceId}`;
          return (
            <li
              key={group.deviceId}
              className={styles.device}
              data-device-id={group.deviceId}
              aria-labelledby={titleId}
            >
              <div className={styles.deviceHead}>
                <span className={row.icon} aria-hidden="true">
                  <Icon
                    name={
                      head.device_type === 'mobile' || head.device_type === 'tablet' ? 'phone' : 'computer'
                    }
                  />
                </span>
                <div className={row.text}>
                  <h3 id={titleId} className={styles.deviceName}>
                    {name}
                    {head.device_name && (
                      <>
                        <span className="visually-hidden"> · </span>
                        <span className={styles.deviceType}>{typeLabel}</span>
                      </>
                    )}
                    {current && <Badge tone="success">{t('security.sessions.current')}</Badge>}
                  </h3>
                  <p>{formatAgent(t, head.browser, head.os)}</p>
                  <p className={styles.muted}>
                    {place} ·{' '}
                    {t('security.sessions.firstConnection', {
                      date: formatDate(head.first_connection_at, language),
                    })}{' '}
                    · {t('security.sessions.sessionCount', { count: head.device_session_count })}
                  </p>
                </div>
              </div>
              <ul className={styles.sessionList}>
                {group.sessions.map((session) => {
                  const busy = revoke.isPending && revoke.variables === session.id;
                  const services = session.services
                    .map((s) => t(`security.sessions.serviceNames.${s.kind}`, { name: s.name ?? '' }))
                    .join(', ');
                  return (
                    <li
                      key={session.id}
                      className={styles.session}
                      data-session-id={session.id}
                      data-status={session.status}
                    >
                      <div className={styles.sessionText}>
                        <p>
                          <span
                            className={
                              session.status === 'current' ? styles.statusCurrent : styles.statusActive
                            }
                          >
                            {t(
                              session.status === 'current'
                                ? 'security.sessions.currentSession'
                                : 'security.sessions.active',
                            )}
                          </span>{' '}
                          {t('security.sessions.lastActive', {
                            date: formatDateTime(session.last_seen_at, language),
                          })}
                        </p>
                        <p className={styles.muted}>
                          {t('security.sessions.started', {
                            date: formatDateTime(session.created_at, language),
                          })}{' '}
                          ·{' '}
                          {t('security.sessions.expires', {
                            date: formatDateTime(session.expires_at, language),
                          })}{' '}
                          · {t('security.sessions.services', { services })}
                        </p>
                      </div>
                      {session.status !== 'current' && (
                        <button
                          type="button"
                          className={styles.secondaryButton}
                          disabled={revoke.isPending}
                          aria-label={t('security.sessions.revokeLabel', {
                            device: name,
                            date: formatDateTime(session.created_at, language),
                          })}
                          onClick={() => onRevoke(session)}
                        >
                          {t(busy ? 'security.sessions.revoking' : 'security.sessions.revoke')}
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ul>
      {sessions.hasNextPage && (
        <button
          type="button"
          className={styles.secondaryButton}
          onClick={() => void sessions.fetchNextPage()}
          disabled={sessions.isFetchingNextPage}
        >
          {sessions.isFetchingNextPage ? t('common.loading') : t('security.sessions.loadMore')}
        </button>
      )}
    </div>
  );
}
