import { type LegalDocument, legalVersion, legalVersionMonth } from '@vestibule/contract/legal';
import { useTranslation } from '../../../i18n/react';
import { appConfig } from '../../../lib/config';
import { currentEdition } from '../../../lib/edition';
import { intlLocale } from '../../../lib/intl';
import { useClientValue } from '../../../lib/useClientValue';
import styles from './LegalRoute.module.css';

const operatorDetails = () => appConfig().operator;

/** "Version of January 2026, in English": the month the version took effect, never its id. */
function useVersionLine(document: LegalDocument): string {
  const { t, i18n } = useTranslation();
  const edition = currentEdition();
  const { version, language } = legalVersion(edition.id, document, i18n.language);
  const month = legalVersionMonth(version);
  const languageName = t(`legal.languages.${language as 'en' | 'fr' | 'nl' | 'de'}`);
  if (!month) return t('legal.versionUndated', { language: languageName });
  const date = new Intl.DateTimeFormat(intlLocale(i18n.language), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(month.year, month.month - 1, 1));
  return t('legal.version', { date, language: languageName });
}

/** /privacy: who holds what and why, the visitor's rights, measurement cookies, the version. */
export function PrivacyRoute() {
  const { t } = useTranslation();
  const versionLine = useVersionLine('privacy');
  // The operator comes from the injected configuration: absent from the pre-rendered HTML.
  const operator = useClientValue(operatorDetails, null);
  const brand = currentEdition().brandName;
  return (
    <article className={styles.document}>
      <h1>{t('legal.privacy.title')}</h1>
      <p className={styles.version}>{versionLine}</p>
      <h2>{t('legal.privacy.controllerTitle')}</h2>
      <p>
        {operator
          ? t('legal.privacy.controller', { company: operator.company, address: operator.address, brand })
          : t('legal.privacy.controllerUnnamed', { brand })}
      </p>
      <h2>{t('legal.privacy.dataTitle')}</h2>
      <p>{t('legal.privacy.data')}</p>
      <h2>{t('legal.privacy.purposeTitle')}</h2>
      <p>{t('legal.privacy.purpose')}</p>
      <h2>{t('legal.privacy.cookiesTitle')}</h2>
      <p>{t('legal.privacy.cookies')}</p>
      <h2>{t('legal.privacy.rightsTitle')}</h2>
      <p>{t('legal.privacy.rights')}</p>
      {operator && (
        <p>
          {t('legal.privacy.contact')} <a href={`mailto:${operator.supportEmail}`}>{operator.supportEmail}</a>
        </p>
      )}
      <p>{t('legal.privacy.authority')}</p>
    </article>
  );
}

/** /terms: what using the portal means, and the version. */
export function TermsRoute() {
  const { t } = useTranslation();
  const versionLine = useVersionLine('terms');
  const brand = currentEdition().brandName;
  return (
    <article className={styles.document}>
      <h1>{t('legal.terms.title')}</h1>
      <p className={styles.version}>{versionLine}</p>
      <h2>{t('legal.terms.serviceTitle')}</h2>
      <p>{t('legal.terms.service', { brand })}</p>
      <h2>{t('legal.terms.accountTitle')}</h2>
      <p>{t('legal.terms.account')}</p>
      <h2>{t('legal.terms.cardTitle')}</h2>
      <p>{t('legal.terms.card')}</p>
    </article>
  );
}
