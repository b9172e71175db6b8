import type { Locale } from '@vestibule/contract/editions';
import { useTranslation } from 'react-i18next';
import { EDITION_ASSETS } from '../../../editions/assets';
import { ensureLocales, i18n } from '../../../i18n';
import { currentEdition } from '../../../lib/edition';
import styles from './MaintenanceRoute.module.css';

/** SPEC §2: the maintenance text in Dutch, French and English at once, whatever the locale. */
const MAINTENANCE_LOCALES = ['nl', 'fr', 'en'] as const satisfies readonly Locale[];

export async function loader() {
  await ensureLocales(MAINTENANCE_LOCALES);
  return null;
}

export function MaintenanceRoute() {
  const { t } = useTranslation();
  const edition = currentEdition();
  return (
    <main id="main" tabIndex={-1} className={styles.page}>
      <div className={styles.card}>
        <img src={EDITION_ASSETS[edition.id].logo} alt="" width={56} height={56} />
        <h1 className={styles.title}>
          {edition.brandName} · {t('maintenance.title')}
        </h1>
        {MAINTENANCE_LOCALES.map((locale) => {
          const tl = i18n.getFixedT(locale);
          const lang = locale.slice(0, 2);
          return (
            <section
              key={locale}
              lang={lang}
              className={styles.message}
              aria-labelledby={`maintenance-${lang}`}
            >
              <h2 id={`maintenance-${lang}`}>{tl('maintenance.heading')}</h2>
              <p>{tl('maintenance.message')}</p>
            </section>
          );
        })}
      </div>
    </main>
  );
}
