import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';
import { currentEdition } from '../../../lib/edition';
import { storedTargetUrl } from '../../../lib/targetUrl';
import { useClientValue } from '../../../lib/useClientValue';
import { CardBanner } from '../components/CardBanner';
import { LoginForm, type LoginMode } from '../components/LoginForm';
import { platformLabel, targetClientId } from '../platform';
import styles from './LoginRoute.module.css';

/** /login/email and /login/phone (SPEC §2 "Login"). */
export function LoginRoute({ mode }: { mode: LoginMode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const edition = currentEdition();
  // The pre-rendered page knows no stored target: it names the default platform until hydrated.
  const target = useClientValue(storedTargetUrl, null);
  const origin = useClientValue(() => window.location.origin, '');

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="login-title">
        <h1 id="login-title">{t('login.title')}</h1>
        <p className={styles.intro}>
          {t(`login.platform.${platformLabel(target, origin)}`, { brand: edition.brandName })}
        </p>

        <nav className={styles.switch} aria-label={t('login.methods')}>
          <NavLink to={PATHS.loginEmail} replace className={styles.switchItem}>
            {t('login.tabEmail')}
          </NavLink>
          <NavLink to={PATHS.loginPhone} replace className={styles.switchItem}>
            {t('login.tabPhone')}
          </NavLink>
        </nav>

        <LoginForm
          key={mode}
          mode={mode}
          edition={edition}
          clientId={targetClientId(target, origin)}
          onLoggedIn={(next) => navigate(next, { replace: true })}
        />

        <ul className={styles.links}>
          <li>
            <Link to={PATHS.forgotPasswordEmail}>{t('login.forgotPassword')}</Link>
          </li>
          <li>
            <Link to={PATHS.forgotUsername}>{t('login.forgotUsername')}</Link>
          </li>
        </ul>
      </section>
      <CardBanner />
    </div>
  );
}
