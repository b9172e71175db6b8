import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { PATHS } from '../../../lib/paths';
import styles from './Security.module.css';

/** SPEC §2 breadcrumbs: dashboard › security › the current page (`current`, its label). */
export function Breadcrumbs({ current }: { current: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('security.breadcrumbs.label')} className={styles.breadcrumbs}>
      <ol>
        <li>
          <Link to={PATHS.dashboard}>{t('security.breadcrumbs.dashboard')}</Link>
        </li>
        <li>
          <Link to={PATHS.security}>{t('security.breadcrumbs.security')}</Link>
        </li>
        <li>
          <span aria-current="page">{current}</span>
        </li>
      </ol>
    </nav>
  );
}
