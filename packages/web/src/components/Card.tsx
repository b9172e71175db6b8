import type { ComponentPropsWithoutRef } from 'react';
import styles from './Surface.module.css';

/** A framed section of a user-layout page (give it aria-labelledby its h2). */
export function Card({ className, ...props }: ComponentPropsWithoutRef<'section'>) {
  return <section className={className ? `${styles.card} ${className}` : styles.card} {...props} />;
}
