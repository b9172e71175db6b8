import type { ReactNode } from 'react';
import styles from './Page.module.css';

interface PageProps {
  title: ReactNode;
  intro?: ReactNode;
  /** 880 px by default; wide (960) for overviews of cards, narrow (620) for one form. */
  width?: 'default' | 'wide' | 'narrow';
  /** Above the title: breadcrumbs or a back link. */
  before?: ReactNode;
  children: ReactNode;
}

const WIDTH = { default: styles.page, wide: styles.wide, narrow: styles.narrow } as const;

/** A screen of the user layout: its h1 and intro, then its cards. */
export function Page({ title, intro, width = 'default', before, children }: PageProps) {
  return (
    <div className={WIDTH[width]}>
      {before}
      <header className={styles.header}>
        <h1>{title}</h1>
        {intro && <p className={styles.intro}>{intro}</p>}
      </header>
      {children}
    </div>
  );
}
