import { Outlet } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { ConsentBanner } from './ConsentBanner';
import { Footer } from './Footer';
import styles from './Shell.module.css';
import { TopBar } from './TopBar';

/**
 * Every page but maintenance: skip link, fixed top bar, the measurement question when it is open,
 * the page's own layout, then the footer.
 */
export function Shell() {
  const { t } = useTranslation();
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        {t('common.skipToContent')}
      </a>
      <TopBar />
      <ConsentBanner />
      <Outlet />
      <Footer />
    </div>
  );
}
