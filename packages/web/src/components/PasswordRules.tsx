import { PASSWORD_RULES, type PasswordRuleId } from '@vestibule/contract/password';
import { useTranslation } from '../i18n/react';
import styles from './PasswordRules.module.css';

interface PasswordRulesProps {
  id?: string;
  /** Rules the SPA can check alone and that the current value meets. */
  met: ReadonlySet<PasswordRuleId>;
}

/** The password rules of DESIGN §4, in order, each marked once the typed password meets it. */
export function PasswordRules({ id, met }: PasswordRulesProps) {
  const { t } = useTranslation();
  return (
    <div id={id} className={styles.rules}>
      <p className={styles.title}>{t('passwordRules.title')}</p>
      <ul className={styles.list}>
        {PASSWORD_RULES.map((rule) => (
          <li key={rule.id} className={met.has(rule.id) ? styles.met : styles.rule}>
            <span className={styles.mark} aria-hidden="true" />
            {rule.id === 'length'
              ? t('passwordRules.length', { min: rule.min, max: rule.max })
              : t(`passwordRules.${rule.id}`)}
            {met.has(rule.id) && <span className="visually-hidden"> ({t('passwordRules.met')})</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
