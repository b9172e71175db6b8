import styles from './LoadingScreen.module.css';

/** Shown while the guard decides (first load, redirects); no text to flash. */
export function LoadingScreen() {
  return (
    <div className={styles.screen}>
      <span className={styles.spinner} />
    </div>
  );
}
