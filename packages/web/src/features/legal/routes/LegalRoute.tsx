import { type LegalDocument, legalVersion, legalVersionMonth } from '@vestibule/contract/legal';
import { consentsResponseSchema } from '@vestibule/contract/schemas/privacy';
import { useEffect, useState } from 'react';
import type { TFunction } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { apiRequest } from '../../../lib/api';
import { appConfig } from '../../../lib/config';
import { currentEdition } from '../../../lib/edition';
import { intlLocale } from '../../../lib/intl';
import { tokenStore } from '../../../lib/storage';
import { useClientValue } from '../../../lib/useClientValue';
import styles from './LegalRoute.module.css';

const operatorDetails = () => appConfig().operator;

/** January 2026: the month a version took effect, never its id; null for an id without one. */
function versionMonth(version: string, locale: string): string | null {
  const month = legalVersionMonth(version);
  if (!month) return null;
  return new Intl.DateTimeFormat(intlLocale(locale), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(month.year, month.month - 1, 1));
}

/** "Version of January 2026, in English". */
function useVersionLine(document: LegalDocument): string {
  const { t, i18n } = useTranslation();
  const { version, language } = legalVersion(currentEdition().id, document, i18n.language);
  const languageName = t(`legal.languages.${language as 'en' | 'fr' | 'nl' | 'de'}`);
  const date = versionMonth(version, i18n.language);
  return date
    ? t('legal.version', { date, language: languageName })
    : t('legal.versionUndated', { language: languageName });
}

/** The ledger's entry for this document, for a signed-in reader: which version they accepted, when. */
function useAcceptedLine(document: LegalDocument): string | null {
  const { t, i18n } = useTranslation();
  const [accepted, setAccepted] = useState<{ version: string | null; at: string } | null>(null);
  useEffect(() => {
    if (tokenStore.get() === null) return;
    const controller = new AbortController();
    apiRequest('/user/consents', { schema: consentsResponseSchema, signal: controller.signal, quiet: true })
      .then(({ consents }) =>
        setAccepted(consents.find((entry) => entry.kind === document && entry.granted) ?? null),
      )
      .catch(() => setAccepted(null));
    return () => controller.abort();
  }, [document]);
  return accepted ? acceptedLine(accepted, t, i18n.language) : null;
}

function acceptedLine(
  accepted: { version: string | null; at: string },
  t: TFunction,
  locale: string,
): string {
  const day = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long' }).format(
    new Date(accepted.at),
  );
  const month = accepted.version ? versionMonth(accepted.version, locale) : null;
  return month ? t('legal.accepted', { date: month, day }) : t('legal.acceptedUndated', { day });
}

/** /privacy: who holds what and why, the visitor's rights, measurement cookies, the version. */
export function PrivacyRoute() {
  const { t } = useTranslation();
  const versionLine = useVersionLine('privacy');
  const acceptedLine = useAcceptedLine('privacy');
  // The operator comes from the injected configuration: absent from the pre-rendered HTML.
  const operator = useClientValue(operatorDetails, null);
  const brand = currentEdition().brandName;
  return (
    <article className={styles.document}>
      <h1>{t('legal.privacy.title')}</h1>
      <p className={styles.version}>{versionLine}</p>
      {acceptedLine && <p className={styles.version}>{acceptedLine}</p>}
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
  const acceptedLine = useAcceptedLine('terms');
  const brand = currentEdition().brandName;
  return (
    <article className={styles.document}>
      <h1>{t('legal.terms.title')}</h1>
      <p className={styles.version}>{versionLine}</p>
      {acceptedLine && <p className={styles.version}>{acceptedLine}</p>}
      <h2>{t('legal.terms.serviceTitle')}</h2>
      <p>{t('legal.terms.service', { brand })}</p>
      <h2>{t('legal.terms.accountTitle')}</h2>
      <p>{t('legal.terms.account')}</p>
      <h2>{t('legal.terms.cardTitle')}</h2>
      <p>{t('legal.terms.card')}</p>
    </article>
  );
}
