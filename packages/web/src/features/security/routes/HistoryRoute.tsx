import { useId } from 'react';
import { useTranslation } from '../../../i18n/react';
import { PATHS } from '../../../lib/paths';
import { Breadcrumbs } from '../components/Breadcrumbs';
import styles from '../components/Security.module.css';
import { SessionList } from '../components/SessionList';
import { Timeline } from '../components/Timeline';

/** /security/history: every device and session, and the security timeline. */
export function HistoryRoute() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={styles.page}>
      <Breadcrumbs
        items={[
          { label: t('security.breadcrumbs.dashboard'), to: PATHS.dashboard },
          { label: t('security.breadcrumbs.security'), to: PATHS.security },
          { label: t('security.breadcrumbs.history') },
        ]}
      />
      <header className={styles.header}>
        <h1>{t('security.history.title')}</h1>
        <p className={styles.intro}>{t('security.history.intro')}</p>
      </header>
      <section className={styles.card} aria-labelledby={`${id}-devices`}>
        <h2 id={`${id}-devices`}>{t('security.history.devicesTitle')}</h2>
        <SessionList />
      </section>
      <section className={styles.card} aria-labelledby={`${id}-timeline`}>
        <h2 id={`${id}-timeline`}>{t('security.history.timelineTitle')}</h2>
        <Timeline />
      </section>
    </div>
  );
}
