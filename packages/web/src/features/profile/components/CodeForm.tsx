import { useMutation } from '@tanstack/react-query';
import type { ContactChallenge } from '@vestibule/contract/schemas/profile';
import { useEffect, useId, useState } from 'react';
import { z } from 'zod';
import { CodeField } from '../../../components/CodeField';
import { KeptValues } from '../../../i18n/KeptValues';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { displayContact } from '../../../lib/displayContact';
import { errorMessage } from '../../../lib/errorMessage';
import { useCodeForm } from '../../../lib/useCodeForm';
import { resendAtFrom, useCountdown } from '../../../lib/useCountdown';
import { resendCode } from '../api/resendCode';
import { FormButtons } from './FormButtons';
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
  // Messages are texts here: the section words the errors other than a wrong or dead code.
  const schema = z.object({
    code: z
      .string()
      .transform((code) => code.replace(/\s/g, ''))
      .refine((digits) => /^\d{8}$/.test(digits), t('profile.code.required')),
  });
  const { code, handleSubmit, setError, clearErrors, setFocus, formState } = useCodeForm(schema);
  const resendMutation = useMutation({ mutationFn: resendCode });
  const [status, setStatus] = useState('');
  const [resendAt, setResendAt] = useState(() => resendAtFrom(challenge.resend_in));
  const secondsLeft = useCountdown(resendAt);

  useEffect(() => setFocus('code'), [setFocus]);

  const submit = handleSubmit(async ({ code: digits }) => {
    try {
      await confirm(digits);
    } catch (cause) {
      const message =
        cause instanceof ApiError && cause.code === 'invalid_code'
          ? t('profile.code.invalid')
          : cause instanceof ApiError && cause.code === 'challenge_expired'
            ? errorMessage(t, cause)
            : otherError(cause);
      setError('code', { message }, { shouldFocus: true });
    }
  });
  const busy = formState.isSubmitting;
  const error = formState.errors.code?.message;

  async function resend() {
    setStatus('');
    try {
      const answer = await resendMutation.mutateAsync(challenge.payload);
      setResendAt(resendAtFrom(answer.resend_in));
      // A new code: the error about the last one no longer applies.
      clearErrors('code');
      setStatus(t('profile.code.resent'));
    } catch (cause) {
      if (cause instanceof ApiError && cause.retryAfterSeconds)
        setResendAt(Date.now() + cause.retryAfterSeconds * 1000);
      setError('code', { message: errorMessage(t, cause) });
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
        <KeptValues
          text={challenge.method === 'sms' ? 'profile.code.sentSms' : 'profile.code.sentEmail'}
          values={{ length: challenge.code_length, target }}
          keep={['target']}
        />
      </p>
      <CodeField
        id={`${id}-code`}
        className={styles.input}
        label={t('profile.code.label')}
        error={error}
        announce
        inputMode="numeric"
        maxLength={12}
        {...code}
      />
      <FormButtons
        busy={busy}
        label={t('profile.code.confirm')}
        busyLabel={t('profile.code.confirming')}
        onCancel={onCancel}
      />
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
