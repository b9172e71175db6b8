import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { PATHS } from '../../../lib/paths';
import { useMaintenance } from './api';
import styles from './Operations.module.css';

/** Above every page of an operator's console while maintenance is on: the portal is closed. */
export function MaintenanceBanner() {
  const { t } = useTranslation();
  const state = useMaintenance();
  const { pathname } = useLocation();
  const here = `${PATHS.admin}/maintenance`;
  // The maintenance page says it itself, larger.
  if (!state.data?.on || pathname === here) return null;
  return (
    <div role="status" className={styles.banner} data-testid="maintenance-banner">
      <span>{t('adminOperations.maintenance.banner')}</span>
      <Link to={here}>{t('adminOperations.maintenance.bannerLink')}</Link>
    </div>
  );
}
