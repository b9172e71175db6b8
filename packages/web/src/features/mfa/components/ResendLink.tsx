import styles from '../../../components/CodeCard.module.css';
import { useTranslation } from '../../../i18n/react';
import { useCountdown } from '../../../lib/useCountdown';

/** "Send a new code" with its countdown (15 s, then 30 s after each resend; SPEC §4 "Resend"). */
export function ResendLink({
  resendAt,
  pending,
  resent,
  onResend,
  spent = false,
}: {
  resendAt: number | null;
  pending: boolean;
  /** No more codes can go out this way for now (the SMS budget): the link stays off. */
  spent?: boolean;
  resent: boolean;
  onResend: () => void;
}) {
  const { t } = useTranslation();
  const left = useCountdown(resendAt);
  return (
    <div className={styles.resend}>
      <p className={styles.resendTitle}>{t('mfa.code.notReceived')}</p>
      <div className={styles.resendLinks}>
        <button
          type="button"
          className={styles.linkButton}
          disabled={left > 0 || pending || spent}
          onClick={onResend}
        >
          {t('mfa.code.resend')}
        </button>
      </div>
      {left > 0 && !spent && <p className={styles.countdown}>{t('mfa.code.countdown', { seconds: left })}</p>}
      <p role="status" className={styles.status}>
        {resent ? t('mfa.code.resent') : ''}
      </p>
    </div>
  );
}
