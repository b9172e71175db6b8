import { Link, useLocation } from 'react-router';
import { EDITION_ASSETS } from '../../editions/assets';
import { LogoutButton } from '../../features/session/components/LogoutButton';
import { useTranslation } from '../../i18n/react';
import { currentEdition } from '../../lib/edition';
import { isNeutralPath, isPublicPath, PATHS } from '../../lib/paths';
import { tokenStore } from '../../lib/storage';
import { useClientValue } from '../../lib/useClientValue';
import { LanguageSwitcher } from './LanguageSwitcher';
import styles from './TopBar.module.css';

export function TopBar() {
  const { t } = useTranslation();
  const edition = currentEdition();
  const path = useLocation().pathname;
  // The guard only lets logged-in users reach non-public pages. The neutral ones are for everyone:
  // the legal texts offer the log-out when a session exists; a link's "Continue as …?" and an
  // invitee's "not me" never do (they concern another account than the tab's, or none).
  const hasSession = useClientValue(() => tokenStore.get() !== null, false);
  const choosesAccount = path === PATHS.handover || path === PATHS.invitationNotMe;
  const loggedIn = isNeutralPath(path) ? hasSession && !choosesAccount : !isPublicPath(path);
  return (
    <header className={styles.bar}>
      <div className={styles.inner}>
        <Link
          to={loggedIn ? PATHS.dashboard : PATHS.loginEmail}
          className={styles.brand}
          aria-label={loggedIn ? t('topBar.home', { brand: edition.brandName }) : undefined}
        >
          <img src={EDITION_ASSETS[edition.id].logo} alt="" width={36} height={36} />
          <span className={styles.brandName} data-testid="brand-name">
            {edition.brandName}
          </span>
        </Link>
        <div className={styles.actions}>
          <LanguageSwitcher />
          {loggedIn && <LogoutButton className={styles.logout} labelClassName={styles.logoutLabel} />}
        </div>
      </div>
    </header>
  );
}
