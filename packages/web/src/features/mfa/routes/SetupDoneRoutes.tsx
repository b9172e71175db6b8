import { useId } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { BadgeCard } from '../../../components/BadgeCard';
import styles from '../../../components/CodeCard.module.css';
import { KeptValue } from '../../../i18n/KeptValues';
import { useTranslation } from '../../../i18n/react';
import { maskTarget } from '../../../lib/maskTarget';
import { PATHS } from '../../../lib/paths';
import { markStepDone, useStepDone } from '../../../lib/stepDone';
import { removeSessionValue, sessionValue } from '../../../lib/storage';
import { takeTargetPath } from '../../../lib/targetUrl';
import { useUser } from '../../../lib/user';
import { useMethods } from '../api/listMethods';
import { hasMethod } from '../setupSteps';

/** /setup-mfa/confirmation: the methods now protecting the account; confirming ends the setup. */
export function SetupConfirmationRoute() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const methods = useMethods();
  const user = useUser();
  const list = (methods.data ?? []).filter((m) => m.id > 0 && m.method !== 'totpRecovery');
  const forced = sessionValue('mfaForced') !== null || user.data?.mfa_forced === true;
  const missing = methods.data
    ? (['sms', 'email'] as const).filter((kind) => !hasMethod(methods.data, kind))
    : [];
  const complete = methods.data !== undefined && (forced ? missing.length === 0 : list.length > 0);

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t('mfa.setup.confirmation.title')}</h1>
        <p className={styles.intro}>{t('mfa.setup.confirmation.intro')}</p>
        {methods.isPending && <p role="status">{t('common.loading')}</p>}
        <ul className={styles.itemList}>
          {list.map((m) => (
            <li key={m.id} className={styles.item}>
              <span>
                <span className={styles.methodName}>{t(`mfa.methodNames.${m.method}`)}</span>
                {m.primary && <span className={styles.tag}>{t('mfa.methods.primary')}</span>}
              </span>
              <span className={styles.methodTarget}>
                <KeptValue>{maskTarget(m.method, m.target) ?? ''}</KeptValue>
              </span>
            </li>
          ))}
        </ul>
        {forced && missing.length > 0 && (
          <div className={styles.warning}>
            <p>
              {t('mfa.setup.confirmation.missing', {
                methods: missing.map((k) => t(`mfa.methodNames.${k}`)).join(', '),
              })}
            </p>
            <Link to={missing[0] === 'sms' ? PATHS.setupMfaPhone : PATHS.setupMfaEmail}>
              {t('mfa.setup.confirmation.addMissing')}
            </Link>
          </div>
        )}
        <button
          type="button"
          className={styles.submit}
          disabled={!complete}
          onClick={() => {
            removeSessionValue('mfaForced');
            markStepDone('setup-mfa');
            navigate(PATHS.setupMfaSuccess, { replace: true, state: { done: true } });
          }}
        >
          {t('mfa.setup.confirmation.confirm')}
        </button>
      </section>
    </div>
  );
}

/** /setup-mfa/success: setup done; Continue goes on to the platform the login was for. */
export function SetupSuccessRoute() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const done = useStepDone('setup-mfa');
  if (sessionValue('mfaForced') !== null) return <Navigate to={PATHS.setupMfaConfirmation} replace />;
  // Opened without a setup just confirmed: it would claim what did not happen.
  if (!done) return <Navigate to={PATHS.security} replace />;
  return (
    <BadgeCard aria-labelledby={`${id}-title`} data-done={Boolean(location.state)}>
      <h1 id={`${id}-title`}>{t('mfa.setup.success.title')}</h1>
      <p className={styles.intro}>{t('mfa.setup.success.text')}</p>
      <button
        type="button"
        className={styles.submit}
        onClick={() => navigate(takeTargetPath(PATHS.dashboard), { replace: true })}
      >
        {t('mfa.setup.success.continue')}
      </button>
    </BadgeCard>
  );
}

/** /totp/redirect: a link into the authenticator setup from elsewhere keeps its query. */
export function TotpRedirectRoute() {
  const location = useLocation();
  return <Navigate to={`${PATHS.setupMfaTotp}${location.search}`} replace />;
}
