import { useCallback, useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import links from '../../../components/card/Links.module.css';
import notice from '../../../components/card/Notice.module.css';
import styles from '../../../components/card/Page.module.css';
import tabs from '../../../components/card/Switch.module.css';
import { changeLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { currentEdition } from '../../../lib/edition';
import { PATHS } from '../../../lib/paths';
import { type SignOutReason, takeSignOutReason } from '../../../lib/signOut';
import { storedTargetUrl } from '../../../lib/targetUrl';
import { useClientValue } from '../../../lib/useClientValue';
import { CardBanner } from '../components/CardBanner';
import { LoginForm, type LoginMode } from '../components/LoginForm';
import { PasskeySignIn } from '../components/PasskeySignIn';
import { loginHintOf, prefillOf, uiLocaleOf } from '../hints';
import { platformLabel, targetClientId } from '../platform';

/** The target whose hints were applied: they steer the first visit only. */
let appliedHints: string | null = null;

/** /login/email and /login/phone (SPEC §2 "Login"). */
export function LoginRoute({ mode }: { mode: LoginMode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const edition = currentEdition();
  // The pre-rendered page knows no stored target: it names the default platform until hydrated.
  const target = useClientValue(storedTargetUrl, null);
  const origin = useClientValue(() => window.location.origin, '');
  const hint = loginHintOf(target, origin);
  // Why the last session ended, if it did (lib/signOut.ts): read after hydration, once.
  const [signedOut, setSignedOut] = useState<SignOutReason | null>(null);
  useEffect(() => {
    const reason = takeSignOutReason();
    if (reason) setSignedOut(reason);
  }, []);
  const onLoggedIn = useCallback((next: string) => navigate(next, { replace: true }), [navigate]);
  const prefill = prefillOf(useLocation().state);

  // An authorization's hints (decision 0034): once per target, the tab the login_hint fits and
  // the language ui_locales asks for; the user may still switch either afterwards.
  useEffect(() => {
    if (!target || appliedHints === target) return;
    appliedHints = target;
    const locale = uiLocaleOf(target, origin, edition);
    if (locale) void changeLocale(locale);
    if (hint && hint.mode !== mode)
      navigate(hint.mode === 'phone' ? PATHS.loginPhone : PATHS.loginEmail, { replace: true });
  }, [target, origin, edition, hint, mode, navigate]);

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="login-title">
        <h1 id="login-title">{t('login.title')}</h1>
        {signedOut && (
          <p role="status" className={notice.quiet}>
            {t(`login.signedOut.${signedOut}`)}
          </p>
        )}
        <p className={styles.intro}>
          {t(`login.platform.${platformLabel(target, origin)}`, { brand: edition.brandName })}
        </p>

        <nav className={tabs.switch} aria-label={t('login.methods')}>
          <NavLink to={PATHS.loginEmail} replace className={tabs.switchItem}>
            {t('login.tabEmail')}
          </NavLink>
          <NavLink to={PATHS.loginPhone} replace className={tabs.switchItem}>
            {t('login.tabPhone')}
          </NavLink>
        </nav>

        <LoginForm
          key={mode}
          mode={mode}
          edition={edition}
          defaultUsername={prefill ?? (hint?.mode === mode ? hint.username : undefined)}
          clientId={targetClientId(target, origin)}
          onLoggedIn={onLoggedIn}
        />

        <PasskeySignIn onLoggedIn={onLoggedIn} />

        <ul className={links.links}>
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
