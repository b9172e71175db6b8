import type { Edition, Locale } from '@vestibule/contract/editions';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { EDITION_ASSETS } from '../../../editions/assets';
import { ensureLocales, i18n } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { currentEdition } from '../../../lib/edition';
import { fetchMaintenanceOn, setMaintenanceOn, takeMaintenanceFrom } from '../../../lib/maintenance';
import styles from './MaintenanceRoute.module.css';

/** How often the page asks whether maintenance is over (and at every return to the tab). */
const RECHECK_MS = 30_000;

/**
 * SPEC §2: the maintenance text in several languages at once, whatever the locale: Dutch, French
 * and English on the general edition; the Luxembourg edition's own languages, French first.
 */
export function maintenanceLocales(edition: Edition): readonly Locale[] {
  return edition.id === 'general' ? ['nl', 'fr', 'en'] : edition.locales;
}

export async function loader() {
  await ensureLocales(maintenanceLocales(currentEdition()));
  return null;
}

/** Re-checks GET /api/status; once maintenance is off, goes back where the user was. */
function useLeaveWhenOver() {
  const navigate = useNavigate();
  useEffect(() => {
    let stopped = false;
    const check = async () => {
      try {
        if (await fetchMaintenanceOn()) return;
      } catch {
        return; // Unreachable or still starting: the next check will tell.
      }
      if (stopped) return;
      stopped = true;
      setMaintenanceOn(false);
      void navigate(takeMaintenanceFrom(), { replace: true });
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    const timer = window.setInterval(() => void check(), RECHECK_MS);
    window.addEventListener('focus', onVisible);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener('focus', onVisible);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [navigate]);
}

export function MaintenanceRoute() {
  const { t } = useTranslation();
  const edition = currentEdition();
  useLeaveWhenOver();
  return (
    <main id="main" tabIndex={-1} className={styles.page}>
      <div className={styles.card}>
        <img src={EDITION_ASSETS[edition.id].logo} alt="" width={56} height={56} />
        <h1 className={styles.title}>
          {edition.brandName} · {t('maintenance.title')}
        </h1>
        {maintenanceLocales(edition).map((locale) => {
          const tl = i18n.getFixedT(locale);
          const lang = locale.replace('_', '-');
          return (
            <section
              key={locale}
              lang={lang}
              className={styles.message}
              aria-labelledby={`maintenance-${locale}`}
            >
              <h2 id={`maintenance-${locale}`}>{tl('maintenance.heading')}</h2>
              <p>{tl('maintenance.message')}</p>
            </section>
          );
        })}
      </div>
    </main>
  );
}
