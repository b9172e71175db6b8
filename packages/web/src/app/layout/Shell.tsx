import { Outlet } from 'react-router';
import { useTranslation } from '../../i18n/react';
import styles from './Shell.module.css';
import { TopBar } from './TopBar';

/** Every page but maintenance: skip link, fixed top bar, then the page's own layout. */
export function Shell() {
  const { t } = useTranslation();
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        {t('common.skipToContent')}
      </a>
      <TopBar />
      <Outlet />
    </div>
  );
}
