import type { ReactNode } from 'react';
import styles from './ListRow.module.css';

/** A settings list (methods, devices, contacts): its rows are ListRow. */
export function RowList({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <ul className={styles.list} data-testid={testId}>
      {children}
    </ul>
  );
}

/** One row: what it is (name, detail) and, wrapping below on a narrow screen, its actions. */
export function ListRow({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <li className={styles.row}>
      <span className={styles.main}>{children}</span>
      {actions && <span className={styles.actions}>{actions}</span>}
    </li>
  );
}
