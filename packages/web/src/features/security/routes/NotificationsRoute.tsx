import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/Alert';
import { Badge } from '../../../components/Badge';
import { Page } from '../../../components/Page';
import { useTranslation } from '../../../i18n/react';
import { PATHS } from '../../../lib/paths';
import { useMarkNotificationsRead, useNotifications } from '../api/notifications';
import styles from '../components/Security.module.css';
import { EventOrigin } from '../components/Timeline';
import { eventLabel, formatDateTime } from '../format';

/**
 * /notifications: security events from other devices. Seeing them marks them read (the badge
 * clears); those unread when the page opened keep their "New" tag until the user leaves.
 */
export function NotificationsRoute() {
  const { t, i18n } = useTranslation();
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unreadAtOpen = useRef<Set<number> | null>(null);
  const data = notifications.data;
  if (data && unreadAtOpen.current === null)
    unreadAtOpen.current = new Set(data.data.filter((n) => !n.read).map((n) => n.id));

  const newest = data?.data[0]?.id;
  const hasUnread = (data?.unread ?? 0) > 0;
  const { mutate } = markRead;
  useEffect(() => {
    if (hasUnread && newest !== undefined) mutate(newest);
  }, [hasUnread, newest, mutate]);

  return (
    <Page title={t('security.notifications.title')} intro={t('security.notifications.intro')}>
      {/* Not a region of its own: it would be named "Notifications" like the messages region of
          components/Toasts.tsx (axe landmark-unique); the page's h1 names it. */}
      <div className={styles.card}>
        {notifications.isError ? (
          <div role="alert" className={styles.error}>
            <p>{t('security.notifications.loadError')}</p>
            <button
              type="button"
              className={styles.secondaryButton}
              onClick={() => void notifications.refetch()}
            >
              {t('security.notifications.retry')}
            </button>
          </div>
        ) : !data ? (
          <p role="status">{t('common.loading')}</p>
        ) : data.data.length === 0 ? (
          <EmptyState>{t('security.notifications.empty')}</EmptyState>
        ) : (
          <ol className={styles.timeline} data-testid="notifications">
            {data.data.map((event) => {
              const isNew = unreadAtOpen.current?.has(event.id) ?? false;
              return (
                <li
                  key={event.id}
                  className={styles.event}
                  data-kind={event.kind}
                  data-unread={isNew || undefined}
                >
                  <span className={isNew ? styles.eventDotNew : styles.eventDot} aria-hidden="true" />
                  <div className={styles.eventText}>
                    <p className={styles.eventLabel}>
                      {eventLabel(t, event)}
                      {isNew && (
                        <>
                          {' '}
                          <Badge>{t('security.notifications.unread')}</Badge>
                        </>
                      )}
                    </p>
                    <p className={styles.muted}>
                      <time dateTime={event.created_at}>
                        {formatDateTime(event.created_at, i18n.language)}
                      </time>{' '}
                      · <EventOrigin event={event} />
                    </p>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        <Link to={PATHS.securityHistory} className={styles.textLink}>
          {t('security.notifications.history')}
        </Link>
      </div>
    </Page>
  );
}
