import type { ReactNode } from 'react';
import styles from './Alert.module.css';

/** A page's load failure, announced, with the button that tries again. */
export function ErrorAlert({
  children,
  retry,
}: {
  children: ReactNode;
  retry?: { label: string; onRetry: () => void };
}) {
  return (
    <div role="alert" className={styles.error}>
      {children}
      {retry && (
        <button type="button" className={styles.retry} onClick={retry.onRetry}>
          {retry.label}
        </button>
      )}
    </div>
  );
}

/** What an empty list says. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}
