import { useId } from 'react';
import { useNavigate } from 'react-router';
import styles from '../../../components/CodeCard.module.css';
import { Icon } from '../../../components/Icon';
import { useTranslation } from '../../../i18n/react';
import { PATHS } from '../../../lib/paths';
import { takeTargetPath } from '../../../lib/targetUrl';
import { useUser } from '../../../lib/user';
import { LogoutButton } from '../../session';
import { useMethods } from '../api/listMethods';
import { activateTarget, hasMethod } from '../setupSteps';

const REASONS = ['protect', 'alert', 'recover'] as const;
/** Customers get 2 reasons (SPEC §9). */
const CUSTOMER_REASONS = ['protect', 'recover'] as const;

/** /setup-mfa: the forced MFA intro, with its customer variant (banner, 2 reasons, skip). */
export function SetupIntroRoute() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const user = useUser();
  const methods = useMethods();
  const ready = user.data && methods.data;
  const customer = Boolean(user.data?.mfa_customer && !user.data.mfa_forced);
  const reasons = customer ? CUSTOMER_REASONS : REASONS;
  const hasSms = methods.data ? hasMethod(methods.data, 'sms') : false;

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <span className={styles.methodIcon}>
          <Icon name="security" size={24} />
        </span>
        <h1 id={`${id}-title`}>{t('mfa.setup.intro.title')}</h1>
        <p className={styles.intro}>{t('mfa.setup.intro.text')}</p>
        {customer && (
          <p className={styles.warning} data-testid="customer-warning">
            {t('mfa.setup.intro.customerWarning')}
          </p>
        )}
        {user.data?.mfa_forced && <p className={styles.note}>{t('mfa.setup.intro.forced')}</p>}
        <div>
          <h2>{t('mfa.setup.intro.reasonsTitle')}</h2>
          <ul className={styles.reasons} data-testid="reasons">
            {reasons.map((reason) => (
              <li key={reason}>{t(`mfa.setup.intro.reasons.${reason}`)}</li>
            ))}
          </ul>
        </div>
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.submit}
            disabled={!ready}
            onClick={() => methods.data && navigate(activateTarget(customer, methods.data))}
          >
            {t(hasSms && !customer ? 'mfa.setup.intro.confirm' : 'mfa.setup.intro.activate')}
          </button>
          {customer && (
            <button
              type="button"
              className={styles.secondary}
              onClick={() => navigate(takeTargetPath(PATHS.dashboard), { replace: true })}
            >
              {t('mfa.setup.intro.skip')}
            </button>
          )}
        </div>
        {/* A way out for a user who cannot set up a method now (a forced one cannot skip). */}
        <ul className={styles.links}>
          <li>
            <LogoutButton className={styles.linkButton} />
          </li>
        </ul>
      </section>
    </div>
  );
}
