import { Link } from 'react-router';
import { EntryIcon } from '../../../components/EntryIcon';
import row from '../../../components/LinkRow.module.css';
import { useTranslation } from '../../../i18n/react';
import { LINKED_PATHS } from '../../../lib/paths';
import styles from './CardBanner.module.css';

/** "Activate your card" banner of the login screen (SPEC §2), leading to onboarding. */
export function CardBanner() {
  const { t } = useTranslation();
  return (
    <aside className={styles.banner} aria-labelledby="card-banner-title">
      <span className={row.iconOnTint}>
        <EntryIcon name="card" size={28} />
      </span>
      <div className={row.text}>
        <h2 id="card-banner-title" className={styles.title}>
          {t('login.cardBanner.title')}
        </h2>
        <p className={row.description}>{t('login.cardBanner.text')}</p>
        <Link to={LINKED_PATHS.onboarding} className={styles.link}>
          {t('login.cardBanner.link')}
          <EntryIcon name="arrow" size={18} />
        </Link>
      </div>
    </aside>
  );
}
