import type { ReactNode } from 'react';
import styles from './Badge.module.css';

/** A short tag beside a name: brand-coloured, or green for a good state. */
export function Badge({ tone = 'brand', children }: { tone?: 'brand' | 'success'; children: ReactNode }) {
  return <span className={tone === 'success' ? styles.success : styles.badge}>{children}</span>;
}
