import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { EDITION_ASSETS } from '../../editions/assets';
import { useTranslation } from '../../i18n/react';
import { currentEdition } from '../../lib/edition';
import { isNeutralPath, isPublicPath, PATHS } from '../../lib/paths';
import { tokenStore } from '../../lib/storage';
import { useClientValue } from '../../lib/useClientValue';
import { LanguageSwitcher } from './LanguageSwitcher';
import styles from './TopBar.module.css';

/** The log-out button: a chunk of its own, shown only with a session (the login page never shows it). */
const LogoutButton = lazy(async () => ({
  default: (await import('../../features/session/components/LogoutButton')).LogoutButton,
}));

/** Where a signed-in layout puts its phone-only header links (UserLayout: notifications). */
export const TOPBAR_SLOT_ID = 'topbar-links';

export function TopBar() {
  const { t } = useTranslation();
  const edition = currentEdition();
  const location = useLocation();
  const path = location.pathname;
  // The guard only lets logged-in users reach non-public pages. The neutral ones are for everyone:
  // the legal texts offer the log-out when a session exists; a link's "Continue as …?" and an
  // invitee's "not me" and a closing account's page never do (they concern another account than the tab's, or none). The MFA
  // step of a login (isLogin=true) comes before the session: nothing to log out of yet.
  const hasSession = useClientValue(() => tokenStore.get() !== null, false);
  const choosesAccount =
    path === PATHS.handover || path === PATHS.invitationNotMe || path === PATHS.accountClosure;
  const beforeSession = new URLSearchParams(location.search).get('isLogin') === 'true';
  const loggedIn =
    !beforeSession && (isNeutralPath(path) ? hasSession && !choosesAccount : !isPublicPath(path));
  return (
    <header className={styles.bar}>
      <div className={styles.inner}>
        <Link
          to={loggedIn ? PATHS.dashboard : PATHS.loginEmail}
          className={styles.brand}
          aria-label={loggedIn ? t('topBar.home', { brand: edition.brandName }) : undefined}
        >
          <img src={EDITION_ASSETS[edition.id].logo} alt="" width={36} height={36} />
          <BrandName name={edition.brandName} />
        </Link>
        <div className={styles.actions}>
          <LanguageSwitcher />
          <div id={TOPBAR_SLOT_ID} className={styles.slot} />
          {loggedIn && (
            <Suspense>
              <LogoutButton className={styles.logout} labelClassName={styles.logoutLabel} />
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
}

/**
 * The edition's name; on phones only its first word ("Vestibule"), so that the bar keeps one line
 * beside the language, notifications and logout (the logo tells the editions apart). The whole
 * name stays in the accessibility tree there, the short one is only drawn.
 */
function BrandName({ name }: { name: string }) {
  const short = name.split(' ')[0];
  return (
    <>
      <span className={styles.brandName} data-testid="brand-name">
        {name}
      </span>
      {short !== name && (
        <span className={styles.brandShort} aria-hidden="true" data-testid="brand-short">
          {short}
        </span>
      )}
    </>
  );
}
