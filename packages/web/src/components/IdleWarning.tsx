import { useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/react';
import { formatWait } from '../lib/errorMessage';
import { IDLE_WARNING_SECONDS, idleSecondsLeft, staySignedIn, subscribeIdle } from '../lib/sessionWatch';
import { ErrorAlert } from './Alert';
import styles from './IdleWarning.module.css';

/**
 * Shown before the session's idle lifetime ends (lib/sessionWatch.ts checks it): how long is left,
 * and a button that counts as activity. Once the session ended, the next check leads to the login.
 */
export function IdleWarning() {
  const { t, i18n } = useTranslation();
  const left = useSyncExternalStore(subscribeIdle, idleSecondsLeft, () => null);
  if (left === null || left > IDLE_WARNING_SECONDS) return null;
  return (
    <div className={styles.idle} data-idle-warning="">
      <ErrorAlert
        retry={{ label: t('idle.stay'), onRetry: () => void staySignedIn().catch(() => undefined) }}
      >
        <span>{t('idle.warning', { wait: formatWait(left, i18n.language || 'en') })}</span>
      </ErrorAlert>
    </div>
  );
}
