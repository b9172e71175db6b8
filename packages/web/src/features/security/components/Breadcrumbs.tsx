import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import styles from './Security.module.css';

export interface Crumb {
  label: string;
  /** Absent on the last crumb: the current page. */
  to?: string;
}

/** SPEC §2 breadcrumbs: dashboard › security › history. */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('security.breadcrumbs.label')} className={styles.breadcrumbs}>
      <ol>
        {items.map((item) => (
          <li key={item.label}>
            {item.to ? <Link to={item.to}>{item.label}</Link> : <span aria-current="page">{item.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
