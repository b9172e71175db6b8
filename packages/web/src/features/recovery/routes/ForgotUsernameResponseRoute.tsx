import {
  type ForgotUsernameResponse,
  forgotUsernameResponseSchema,
} from '@vestibule/contract/schemas/recovery';
import { useId } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import styles from '../../../components/Card.module.css';
import { KeptValue } from '../../../i18n/KeptValues';
import { useTranslation } from '../../../i18n/react';
import { PATHS } from '../../../lib/paths';

/** /forgot-username-response: the usernames found, masked, or that none were (SPEC §2). */
export function ForgotUsernameResponseRoute() {
  const { t } = useTranslation();
  const id = useId();
  const location = useLocation();
  // The answer comes with the navigation; a reload or a direct visit starts over.
  const parsed = forgotUsernameResponseSchema.safeParse(location.state);
  if (!parsed.success) return <Navigate to={PATHS.forgotUsername} replace />;
  const usernames: ForgotUsernameResponse['usernames'] = parsed.data.usernames;
  const found = usernames.length > 0;

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t('recovery.usernames.title')}</h1>
        {found ? (
          <>
            <p className={styles.intro}>{t('recovery.usernames.found')}</p>
            <ul className={styles.usernames} aria-labelledby={`${id}-title`}>
              {usernames.map((username) => (
                <li key={`${username.kind}:${username.value}`}>
                  <span className={styles.value}>
                    <KeptValue>{username.value}</KeptValue>
                  </span>
                  <span className={styles.usernameKind}>
                    {t(username.kind === 'email' ? 'recovery.usernames.email' : 'recovery.usernames.phone')}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <div role="status" className={styles.notice}>
            <p className={styles.noticeTitle}>{t('recovery.usernames.none')}</p>
            <p>{t('recovery.usernames.noneHelp')}</p>
          </div>
        )}
        <div className={styles.actions}>
          {!found && (
            <Link to={PATHS.forgotUsername} className={styles.submit}>
              {t('recovery.usernames.tryAgain')}
            </Link>
          )}
          <Link to={PATHS.loginEmail} className={found ? styles.submit : styles.secondary}>
            {t('recovery.usernames.login')}
          </Link>
        </div>
        <ul className={styles.links}>
          <li>
            <Link to={PATHS.forgotPasswordEmail}>{t('recovery.usernames.forgotPassword')}</Link>
          </li>
          {found && (
            <li>
              <Link to={PATHS.forgotUsername}>{t('recovery.usernames.tryAgain')}</Link>
            </li>
          )}
        </ul>
      </section>
    </div>
  );
}
