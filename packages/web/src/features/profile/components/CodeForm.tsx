import type { ContactChallenge } from '@vestibule/contract/schemas/profile';
import { useEffect, useId, useRef, useState } from 'react';
import { CodeInput } from '../../../components/CodeInput';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { displayContact } from '../../../lib/displayContact';
import { errorMessage } from '../../../lib/errorMessage';
import { resendAtFrom, useCountdown } from '../../../lib/useCountdown';
import { resendCode } from '../api/resendCode';
import styles from './Profile.module.css';

interface CodeFormProps {
  challenge: ContactChallenge;
  /** Checks the code; throws the API error to show. */
  confirm: (code: string) => Promise<void>;
  onCancel: () => void;
  /** Escape and other keys inside the form (the section closes it on Escape). */
  onKeyDown?: (event: React.KeyboardEvent) => void;
  /** The text of an error other than a wrong or dead code. */
  otherError: (error: unknown) => string;
}

/** The 8-digit code sent to a new address, with the resend countdown of SPEC §4 (15 s, then 30 s). */
export function CodeForm({ challenge, confirm, onCancel, onKeyDown, otherError }: CodeFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [resendAt, setResendAt] = useState(() => resendAtFrom(challenge.resend_in));
  const secondsLeft = useCountdown(resendAt);

  useEffect(() => input.current?.focus(), []);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!/^\d{8}$/.test(code.replace(/\s/g, ''))) {
      setError(t('profile.code.required'));
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await confirm(code.replace(/\s/g, ''));
    } catch (cause) {
      setError(
        cause instanceof ApiError && cause.code === 'invalid_code'
          ? t('profile.code.invalid')
          : cause instanceof ApiError && cause.code === 'challenge_expired'
            ? errorMessage(t, cause)
            : otherError(cause),
      );
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setStatus('');
    try {
      const answer = await resendCode(challenge.payload);
      setResendAt(resendAtFrom(answer.resend_in));
      // A new code: the error about the last one no longer applies.
      setError(null);
      setStatus(t('profile.code.resent'));
    } catch (cause) {
      if (cause instanceof ApiError && cause.retryAfterSeconds)
        setResendAt(Date.now() + cause.retryAfterSeconds * 1000);
      setError(errorMessage(t, cause));
    }
  }

  const target = displayContact(challenge.target);
  return (
    <form
      className={`${styles.panel} ${styles.form}`}
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      onKeyDown={onKeyDown}
    >
      <h3 id={`${id}-title`} className={styles.subTitle}>
        {t('profile.code.title')}
      </h3>
      <p>
        {t(challenge.method === 'sms' ? 'profile.code.sentSms' : 'profile.code.sentEmail', {
          length: challenge.code_length,
          target,
        })}
      </p>
      <div className={styles.field}>
        <label htmlFor={`${id}-code`} className={styles.label}>
          {t('profile.code.label')}
        </label>
        <CodeInput
          ref={input}
          id={`${id}-code`}
          className={styles.input}
          inputMode="numeric"
          maxLength={12}
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
        />
        {error && (
          <p id={`${id}-error`} className={styles.fieldError} role="alert">
            {error}
          </p>
        )}
      </div>
      <div className={styles.buttons}>
        <button type="submit" className={styles.button} disabled={busy}>
          {busy ? t('profile.code.confirming') : t('profile.code.confirm')}
        </button>
        <button type="button" className={styles.secondary} onClick={onCancel}>
          {t('profile.cancel')}
        </button>
      </div>
      <p aria-live="polite">
        {secondsLeft > 0 ? (
          <span className={styles.muted}>{t('profile.code.resendIn', { seconds: secondsLeft })}</span>
        ) : (
          <button type="button" className={styles.linkButton} onClick={resend}>
            {t('profile.code.resend')}
          </button>
        )}
        {status && <span className={styles.status}> {status}</span>}
      </p>
    </form>
  );
}
