import type { ReactNode } from 'react';
import styles from './Badge.module.css';

type Tone = 'brand' | 'success' | 'warning';
const CLASS: Record<Tone, string> = {
  brand: styles.badge as string,
  success: styles.success as string,
  warning: styles.warning as string,
};

/** A short tag beside a name: brand-coloured, green for a good state, amber for one to look at. */
export function Badge({ tone = 'brand', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={CLASS[tone]}>{children}</span>;
}
