import { Link, useLocation } from 'react-router';
import { EDITION_ASSETS } from '../../editions/assets';
import { LogoutButton } from '../../features/session/components/LogoutButton';
import { useTranslation } from '../../i18n/react';
import { currentEdition } from '../../lib/edition';
import { isNeutralPath, isPublicPath, PATHS } from '../../lib/paths';
import { LanguageSwitcher } from './LanguageSwitcher';
import styles from './TopBar.module.css';

export function TopBar() {
  const { t } = useTranslation();
  const edition = currentEdition();
  // The guard only lets logged-in users reach non-public pages.
  // Public pages and the neutral ones (a link's "Continue as …?", an invitee's "not me") are
  // shown whether a session exists or not: no log-out there.
  const path = useLocation().pathname;
  const loggedIn = !isPublicPath(path) && !isNeutralPath(path);
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
