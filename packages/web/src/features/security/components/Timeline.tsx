import type { SecurityEvent } from '@vestibule/contract/schemas/security';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/Alert';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { forgetSession } from '../../../lib/session';
import { clearSessionState } from '../../../lib/storage';
import { useNotMe, useSecurityEvents } from '../api/events';
import { eventLabel, formatAgent, formatDateTime, formatPlace } from '../format';
import styles from './Security.module.css';

/** Where an event came from: "this device", or its browser, system and place. */
export function EventOrigin({ event }: { event: SecurityEvent }) {
  const { t, i18n } = useTranslation();
  // The user's own actions name the browser too: "this device" alone does not say which one
  // when the same computer has several browsers signed in.
  if (event.this_device && !event.browser && !event.os) return <>{t('security.history.thisDevice')}</>;
  const device = formatAgent(t, event.browser, event.os);
  if (event.this_device) return <>{t('security.history.thisDeviceNamed', { device })}</>;
  const place = formatPlace(t, event.location, i18n.language);
  return <>{place ? t('security.events.where', { device, place }) : device}</>;
}

/**
 * "This was not me": ends every session and trusted device, then the user takes the account back
 * on /forgot-password with a code sent to their own contact (docs/decisions/0009).
 */
export function useNotMeFlow() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const notMe = useNotMe();
  const [pending, setPending] = useState<SecurityEvent | null | undefined>(undefined);
  const confirm = () =>
    notMe.mutate(pending?.id, {
      onSuccess: async () => {
        // The stored session goes first (the guard then lets a public page open), the cached
        // queries only once this page is gone: mounted ones would refetch, meet 401 and send the
        // user to the login page instead.
        clearSessionState();
        toast.show('success', t('security.history.notMeDone'));
        await navigate(PATHS.forgotPasswordEmail, { replace: true });
        forgetSession();
      },
      onError: (error) => {
        setPending(undefined);
        toast.show('error', errorMessage(t, error, t('security.history.notMeError')));
      },
    });
  const dialog = (
    <ConfirmDialog
      open={pending !== undefined}
      title={t('security.history.notMeTitle')}
      confirmLabel={t('security.history.notMeConfirm')}
      cancelLabel={t('security.history.notMeCancel')}
      busy={notMe.isPending}
      onConfirm={confirm}
      onCancel={() => setPending(undefined)}
    >
      <p>{t('security.history.notMeText')}</p>
    </ConfirmDialog>
  );
  return { ask: (event: SecurityEvent | null) => setPending(event), dialog };
}

/** The security timeline from the audit log, newest first, each with "this was not me". */
export function Timeline() {
  const { t, i18n } = useTranslation();
  const events = useSecurityEvents();
  const notMe = useNotMeFlow();

  if (events.isError)
    return (
      <div role="alert" className={styles.error}>
        <p>{t('security.history.loadError')}</p>
        <button type="button" className={styles.secondaryButton} onClick={() => void events.refetch()}>
          {t('security.history.retry')}
        </button>
      </div>
    );
  if (!events.data) return <p role="status">{t('common.loading')}</p>;
  const list = events.data.pages.flatMap((page) => page.data);
  if (list.length === 0) return <EmptyState>{t('security.history.empty')}</EmptyState>;

  return (
    <>
      <ol className={styles.timeline} data-testid="timeline">
        {list.map((event) => {
          const label = eventLabel(t, event);
          const date = formatDateTime(event.created_at, i18n.language);
          return (
            <li key={event.id} className={styles.event} data-kind={event.kind}>
              <span className={styles.eventDot} aria-hidden="true" />
              <div className={styles.eventText}>
                <p className={styles.eventLabel}>{label}</p>
                <p className={styles.muted}>
                  <time dateTime={event.created_at}>{date}</time> · <EventOrigin event={event} />
                </p>
              </div>
              {!event.this_device && (
                <button
                  type="button"
                  className={styles.linkDanger}
                  aria-label={t('security.history.notMeLabel', { event: label, date })}
                  onClick={() => notMe.ask(event)}
                >
                  {t('security.history.notMe')}
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {events.hasNextPage && (
        <button
          type="button"
          className={styles.secondaryButton}
          onClick={() => void events.fetchNextPage()}
          disabled={events.isFetchingNextPage}
        >
          {events.isFetchingNextPage ? t('common.loading') : t('security.history.loadMore')}
        </button>
      )}
      {notMe.dialog}
    </>
  );
}
