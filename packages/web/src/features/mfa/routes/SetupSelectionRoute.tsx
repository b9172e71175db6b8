import { useId } from 'react';
import { Link } from 'react-router';
import styles from '../../../components/CodeCard.module.css';
import { Icon, type IconName } from '../../../components/Icon';
import { useTranslation } from '../../../i18n/react';
import { PATHS } from '../../../lib/paths';
import { useMethods } from '../api/listMethods';
import { hasMethod } from '../setupSteps';

const CHOICES: { kind: 'sms' | 'email' | 'totp'; icon: IconName; to: string }[] = [
  { kind: 'sms', icon: 'phone', to: PATHS.setupMfaPhone },
  { kind: 'email', icon: 'mail', to: PATHS.setupMfaEmail },
  { kind: 'totp', icon: 'authenticator', to: PATHS.setupMfaTotp },
];

/** /setup-mfa/selection: which methods to set up (the customer variant's choice). */
export function SetupSelectionRoute() {
  const { t } = useTranslation();
  const id = useId();
  const methods = useMethods();
  const back = `?redirect=${encodeURIComponent(PATHS.setupMfaSelection)}`;
  const anySet = methods.data?.some((m) => m.id > 0) ?? false;

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t('mfa.setup.selection.title')}</h1>
        <p className={styles.intro}>{t('mfa.setup.selection.intro')}</p>
        <ul className={styles.methods}>
          {CHOICES.map((choice) => {
            const done = methods.data ? hasMethod(methods.data, choice.kind) : false;
            return (
              <li key={choice.kind}>
                <Link to={`${choice.to}${back}`} className={styles.methodLink}>
                  <span className={styles.methodIcon}>
                    <Icon name={choice.icon} size={22} />
                  </span>
                  <span className={styles.methodText}>
                    <span className={styles.methodName}>{t(`mfa.methodNames.${choice.kind}`)}</span>
                    <span className={styles.methodTarget}>
                      {done ? t('mfa.setup.selection.added') : t('mfa.setup.selection.add')}
                    </span>
                  </span>
                  <Icon name="arrow" size={20} className={styles.methodArrow} />
                </Link>
              </li>
            );
          })}
        </ul>
        {anySet && (
          <Link to={PATHS.setupMfaConfirmation} className={styles.submit}>
            {t('mfa.setup.selection.continue')}
          </Link>
        )}
      </section>
    </div>
  );
}
