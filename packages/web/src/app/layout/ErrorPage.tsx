import { useRouteError } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { PATHS } from '../../lib/paths';
import styles from './ErrorPage.module.css';

/** Anything a route throws that is not a redirect: a generic text, never the detail (DESIGN §6). */
export function ErrorPage() {
  const { t } = useTranslation();
  console.error(useRouteError());
  return (
    <main id="main" className={styles.page}>
      <div className={styles.card}>
        <h1>{t('errorPage.title')}</h1>
        <p>{t('errorPage.text')}</p>
        {/* A full page load: the router itself may be what failed. */}
        <a href={PATHS.dashboard}>{t('errorPage.home')}</a>
      </div>
    </main>
  );
}
