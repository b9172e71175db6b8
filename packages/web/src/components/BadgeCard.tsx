import type { ComponentPropsWithoutRef } from 'react';
import styles from './Card.module.css';
import { Icon } from './Icon';

/**
 * A page of one centred card under the shield badge, like the login: a confirmation, a handover, a
 * closing account (give it aria-labelledby its h1).
 */
export function BadgeCard({ children, ...props }: ComponentPropsWithoutRef<'section'>) {
  return (
    <div className={styles.page}>
      <section className={styles.card} {...props}>
        <span className={styles.badge}>
          <Icon name="security" size={30} />
        </span>
        {children}
      </section>
    </div>
  );
}
