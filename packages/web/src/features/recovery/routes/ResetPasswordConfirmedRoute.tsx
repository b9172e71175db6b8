import { formatPhone } from '@vestibule/contract/phone';
import { useId, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { BadgeCard } from '../../../components/BadgeCard';
import styles from '../../../components/Card.module.css';
import { useTranslation } from '../../../i18n/react';
import { PATHS } from '../../../lib/paths';
import type { LoginPrefill } from '../../login';
import { clearRecovery, readRecovery } from '../recoveryState';

/** /reset-password-confirmed: the username (e-mail or phone) and a login button (SPEC §2). */
export function ResetPasswordConfirmedRoute() {
  const { t } = useTranslation();
  const id = useId();
  // Read once: the flow is over, so the stored state goes when the user leaves for the login.
  const [state] = useState(readRecovery);
  if (!state?.done) return <Navigate to={PATHS.loginEmail} replace />;
  const username = state.usernameKind === 'phone' ? formatPhone(state.username) : state.username;

  return (
    <BadgeCard aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('recovery.confirmed.title')}</h1>
      <p className={styles.intro}>{t('recovery.confirmed.text')}</p>
      <div className={styles.valueBox}>
        <span className={styles.valueLabel}>{t('recovery.confirmed.username')}</span>
        <span className={styles.value} data-testid="recovered-username">
          {username}
        </span>
      </div>
      <Link
        to={state.usernameKind === 'phone' ? PATHS.loginPhone : PATHS.loginEmail}
        className={styles.submit}
        // The login fills in the username shown here (in history state, never in the address).
        state={{ username } satisfies LoginPrefill}
        onClick={clearRecovery}
      >
        {t('recovery.confirmed.login')}
      </Link>
    </BadgeCard>
  );
}
