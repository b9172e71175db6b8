import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Icon } from '../../../components/Icon';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { currentEdition } from '../../../lib/edition';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { announceSessionEnd, endSession } from '../../../lib/signOut';
import { useUser } from '../../../lib/user';
import { MfaMethodsCard, RecoveryKeysCard } from '../../mfa';
import { PasskeysCard } from '../../passkeys';
import { useNotifications } from '../api/notifications';
import { useLogoutAll } from '../api/sessions';
import styles from '../components/Security.module.css';
import { SessionList } from '../components/SessionList';
import { formatDate } from '../format';

/** /security (SPEC §2): password, two-step verification, devices, global logout, privacy. */
export function SecurityRoute() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const user = useUser();
  const notifications = useNotifications();
  const unread = notifications.data?.unread ?? 0;
  const lastChange = user.data?.last_password_change;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{t('security.overview.title')}</h1>
        <p className={styles.intro}>{t('security.overview.intro')}</p>
        {unread > 0 && (
          <Link to={PATHS.notifications} className={styles.notice}>
            <Icon name="notifications" size={20} />
            {t('security.notifications.badge', { count: unread })}
          </Link>
        )}
      </header>

      <section className={styles.card} aria-labelledby={`${id}-password`}>
        <div className={styles.cardRow}>
          <div>
            <h2 id={`${id}-password`}>{t('security.overview.passwordTitle')}</h2>
            <p className={styles.muted} data-testid="last-password-change">
              {lastChange
                ? t('security.overview.lastChange', { date: formatDate(lastChange, i18n.language) })
                : t('security.overview.neverChanged')}
            </p>
          </div>
          <Link to={PATHS.securityEditPassword} className={styles.primaryLink}>
            {t('security.overview.editPassword')}
          </Link>
        </div>
      </section>

      <section className={styles.card} aria-labelledby={`${id}-mfa`}>
        <div className={styles.cardRow}>
          <h2 id={`${id}-mfa`}>{t('security.overview.mfaTitle')}</h2>
          <Link to={PATHS.securityMfaEdit} className={styles.textLink}>
            {t('security.overview.manageMfa')}
          </Link>
        </div>
        <div className={styles.embedded}>
          <MfaMethodsCard returnTo={PATHS.security} />
          <PasskeysCard returnTo={PATHS.security} />
          <RecoveryKeysCard />
        </div>
      </section>

      <section className={styles.card} aria-labelledby={`${id}-devices`}>
        <div className={styles.cardRow}>
          <div>
            <h2 id={`${id}-devices`}>{t('security.overview.devicesTitle')}</h2>
            <p className={styles.muted}>{t('security.overview.devicesIntro')}</p>
          </div>
          <Link to={PATHS.securityHistory} className={styles.textLink}>
            {t('security.overview.history')}
          </Link>
        </div>
        <SessionList pageSize={5} />
      </section>

      <GlobalLogoutCard />

      <section className={styles.card} aria-labelledby={`${id}-privacy`}>
        <h2 id={`${id}-privacy`}>{t('security.overview.privacyTitle')}</h2>
        <p className={styles.muted}>{t('security.overview.privacyIntro')}</p>
        <Link to={PATHS.access} className={styles.textLink}>
          {t('security.overview.privacyApps')}
        </Link>
        <Link to={PATHS.securityMyData} className={styles.textLink}>
          {t('security.myData.title')}
        </Link>
        <Link to={PATHS.securityPreferences} className={styles.textLink}>
          {t('security.preferences.cardLink')}
        </Link>
      </section>

      <section className={styles.card} aria-labelledby={`${id}-close`}>
        <h2 id={`${id}-close`}>{t('security.closeAccount.cardTitle')}</h2>
        <p className={styles.muted}>
          {t('security.closeAccount.cardIntro', { brand: currentEdition().brandName })}
        </p>
        <Link to={PATHS.securityCloseAccount} className={styles.dangerButton}>
          {t('security.closeAccount.title')}
        </Link>
      </section>
    </div>
  );
}

/** Global logout (SPEC §4): every session ends, this one included; then the login page. */
function GlobalLogoutCard() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const logoutAll = useLogoutAll();
  const [asking, setAsking] = useState(false);
  const confirm = () =>
    logoutAll.mutate(undefined, {
      onSuccess: () => {
        endSession('loggedOutEverywhere');
        announceSessionEnd({ reason: 'loggedOutEverywhere', verify: false });
        navigate(PATHS.loginEmail, { replace: true });
      },
      onError: (error) => {
        setAsking(false);
        toast.show('error', errorMessage(t, error, t('security.overview.globalLogoutError')));
      },
    });
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('security.overview.globalLogoutTitle')}</h2>
      <p className={styles.muted}>{t('security.overview.globalLogoutIntro')}</p>
      <button type="button" className={styles.dangerButton} onClick={() => setAsking(true)}>
        <Icon name="logout" size={20} />
        {t('security.overview.globalLogout')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('security.overview.globalLogoutTitle')}
        confirmLabel={t('security.overview.globalLogout')}
        cancelLabel={t('security.history.notMeCancel')}
        busy={logoutAll.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <p>{t('security.overview.globalLogoutConfirm')}</p>
      </ConfirmDialog>
    </section>
  );
}
