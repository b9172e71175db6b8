import { Outlet } from 'react-router';
import styles from './Shell.module.css';

/** Pages before login: one centred column, no navigation. */
export function PublicLayout() {
  return (
    <main id="main" tabIndex={-1} className={styles.publicMain}>
      <Outlet />
    </main>
  );
}
