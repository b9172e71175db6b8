import type { ReactNode } from 'react';
import styles from '../../../components/CodeCard.module.css';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/errorMessage';

/** The end of a setup form: what the server refused, announced, then the submit, with its spinner while busy. */
export function SetupSubmit({
  error,
  busy,
  children,
}: {
  error: unknown;
  busy: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error ? (
        <p role="alert" className={styles.formError}>
          {errorMessage(t, error)}
        </p>
      ) : null}
      <button type="submit" className={styles.submit} disabled={busy}>
        {busy && <span className={styles.spinner} aria-hidden="true" />}
        {children}
      </button>
    </>
  );
}
