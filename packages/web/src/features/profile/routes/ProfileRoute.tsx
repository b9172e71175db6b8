import { formatIban, maskIban } from '@vestibule/contract/iban';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { PATHS } from '../../../lib/paths';
import { useUser } from '../../../lib/user';
import { ContactSection } from '../components/ContactSection';
import styles from '../components/Profile.module.css';
import { countryName, formatDate } from '../format';

/** /profile (SPEC §2): personal, contact and banking information, formatted for the locale. */
export function ProfileRoute() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const locale = i18n.language;

  if (!user.data) {
    return (
      <div className={styles.page}>
        <h1>{t('profile.title')}</h1>
        {user.isError ? (
          <div role="alert" className={styles.formError}>
            <p>{t('profile.loadError')}</p>
            <button type="button" className={styles.retry} onClick={() => user.refetch()}>
              {t('profile.retry')}
            </button>
          </div>
        ) : (
          <p aria-live="polite">{t('common.loading')}</p>
        )}
      </div>
    );
  }

  const data = user.data;
  const notSet = <span className={styles.muted}>{t('profile.notSet')}</span>;
  const language = (['en', 'fr', 'nl', 'en_LU', 'fr_LU', 'de_LU'] as const).find((l) => l === data.language);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{t('profile.title')}</h1>
        <p className={styles.intro}>{t('profile.intro')}</p>
      </header>
      <div className={styles.grid}>
        <section className={styles.card} aria-labelledby="personal-title">
          <div className={styles.cardHeader}>
            <h2 id="personal-title">{t('profile.personal.title')}</h2>
          </div>
          <dl className={styles.details}>
            <div>
              <dt>{t('profile.personal.firstname')}</dt>
              <dd>{data.firstname || notSet}</dd>
            </div>
            <div>
              <dt>{t('profile.personal.lastname')}</dt>
              <dd>{data.lastname || notSet}</dd>
            </div>
            <div>
              <dt>{t('profile.personal.gender')}</dt>
              {/* No gender is the form's "Prefer not to say", said in the same words. */}
              <dd>
                {data.gender
                  ? t(`profile.personal.genders.${data.gender}`)
                  : t('profile.editInfo.genderNone')}
              </dd>
            </div>
            <div>
              <dt>{t('profile.personal.birthdate')}</dt>
              <dd>{data.birthdate ? formatDate(data.birthdate, locale) : notSet}</dd>
            </div>
            <div>
              <dt>{t('profile.personal.language')}</dt>
              <dd>{language ? t(`languages.${language}`) : data.language}</dd>
            </div>
          </dl>
          <Link to={PATHS.profileEditInfo} state={{ from: PATHS.profile }} className={styles.secondary}>
            {t('profile.personal.edit')}
          </Link>
        </section>

        <section className={styles.card} aria-labelledby="bank-title">
          <div className={styles.cardHeader}>
            <h2 id="bank-title">{t('profile.bank.title')}</h2>
          </div>
          <p className={styles.muted}>{t('profile.bank.intro')}</p>
          {data.iban ? (
            <dl className={styles.details}>
              <div>
                <dt>{t('profile.bank.iban')}</dt>
                <dd>
                  <span aria-hidden="true" data-testid="iban">
                    {maskIban(data.iban)}
                  </span>
                  <span className="visually-hidden">
                    {formatIban(data.iban).slice(0, 4)} … {data.iban.slice(-4)}
                  </span>
                </dd>
              </div>
              <div>
                <dt>{t('profile.bank.country')}</dt>
                <dd>{data.country ? countryName(data.country, locale) : notSet}</dd>
              </div>
            </dl>
          ) : (
            <p>{t('profile.bank.none')}</p>
          )}
          <Link to={PATHS.profileEditIban} className={styles.secondary}>
            {data.iban ? t('profile.bank.edit') : t('profile.bank.add')}
          </Link>
        </section>

        <section className={`${styles.card} ${styles.wide}`} aria-labelledby="contact-title">
          <div className={styles.cardHeader}>
            <h2 id="contact-title">{t('profile.contact.title')}</h2>
            <Link to={PATHS.profileEditCredentials} className={styles.small}>
              {t('profile.contact.editLogin')}
            </Link>
          </div>
          <p className={styles.muted}>{t('profile.contact.intro')}</p>
          <div className={styles.grid}>
            <ContactSection user={data} kind="email" />
            <ContactSection user={data} kind="phone" />
          </div>
        </section>
      </div>
    </div>
  );
}
