import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { appConfig } from '../../lib/config';
import { reopenConsentChoices } from '../../lib/consent';
import { PATHS } from '../../lib/paths';
import { useClientValue } from '../../lib/useClientValue';
import styles from './Footer.module.css';

const tagManagerConfigured = () => appConfig().tagManagerId !== null;
const operatorDetails = () => appConfig().operator;

/** Every page: the legal texts, cookie choices, help, and who runs the portal (operator settings). */
export function Footer() {
  const { t } = useTranslation();
  // Both come from the server's injected configuration: absent from the pre-rendered HTML.
  const cookieChoices = useClientValue(tagManagerConfigured, false);
  const operator = useClientValue(operatorDetails, null);
  return (
    <footer className={styles.footer} data-site-footer="">
      <nav aria-label={t('footer.label')}>
        <ul className={styles.links}>
          <li>
            <Link to={PATHS.privacy}>{t('footer.privacy')}</Link>
          </li>
          <li>
            <Link to={PATHS.terms}>{t('footer.terms')}</Link>
          </li>
          {cookieChoices && (
            <li>
              <button
                type="button"
                id="cookie-choices"
                className={styles.linkButton}
                onClick={reopenConsentChoices}
              >
                {t('footer.cookies')}
              </button>
            </li>
          )}
        </ul>
      </nav>
      {operator && (
        <div className={styles.operator}>
          <p>
            <span className={styles.help}>{t('footer.help')}</span>{' '}
            <a href={`mailto:${operator.supportEmail}`}>{operator.supportEmail}</a>
            {' · '}
            <a href={`tel:${operator.supportPhone.replace(/[^+\d]/g, '')}`}>{operator.supportPhone}</a>
          </p>
          <p className={styles.entity}>
            {operator.company} · {operator.address} · {operator.registration}
          </p>
        </div>
      )}
    </footer>
  );
}
