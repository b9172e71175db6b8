import { useId } from 'react';
import { Link, Navigate } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { PATHS } from '../../../lib/paths';
import { useStepDone } from '../../../lib/stepDone';
import styles from '../styles';

/** /fuzzion-success: the merge is done (after the MFA step when one was needed). */
export function FuzzionSuccessRoute() {
  const { t } = useTranslation();
  const id = useId();
  // Opened without a merge just done: it would claim what did not happen.
  if (!useStepDone('fuzzion')) return <Navigate to={PATHS.dashboard} replace />;
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t('fuzzion.success.title')}</h1>
        <p className={styles.intro}>{t('fuzzion.success.intro')}</p>
        <Link className={styles.submit} to={PATHS.dashboard}>
          {t('fuzzion.success.home')}
        </Link>
      </section>
    </div>
  );
}
