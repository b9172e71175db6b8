import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { PATHS } from '../../../lib/paths';
import styles from './Profile.module.css';

interface FormButtonsProps {
  busy: boolean;
  label: string;
  busyLabel: string;
  /** Cancel inside the page (a button); without it, cancel goes back to the profile (a link). */
  onCancel?: () => void;
}

/** A profile form's submit, its text while the answer is awaited, and cancel. */
export function FormButtons({ busy, label, busyLabel, onCancel }: FormButtonsProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.buttons}>
      <button type="submit" className={styles.button} disabled={busy}>
        {busy ? busyLabel : label}
      </button>
      {onCancel ? (
        <button type="button" className={styles.secondary} onClick={onCancel}>
          {t('profile.cancel')}
        </button>
      ) : (
        <Link to={PATHS.profile} className={styles.secondary}>
          {t('profile.cancel')}
        </Link>
      )}
    </div>
  );
}
