import { useId, useState } from 'react';
import { z } from 'zod';
import { CodeField } from '../../../components/CodeField';
import { KeptValues } from '../../../i18n/KeptValues';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { displayContact } from '../../../lib/displayContact';
import { errorMessage } from '../../../lib/errorMessage';
import { useCodeForm } from '../../../lib/useCodeForm';
import { resendAtFrom } from '../../../lib/useCountdown';
import { ResendLink, useResendCode } from '../../mfa';
import { useCheckProofCode } from '../api/checkProofCode';
import { useSendProofCode } from '../api/sendProofCode';
import styles from '../styles';
import type { StepProps } from './StepProps';

interface Sent {
  payload: string;
  target: string;
  length: number;
  /** Epoch ms from which a resend is allowed (the server's resend_in). */
  resendAt: number | null;
}

/** Step 1: a code to a contact of the other account proves the user can use it. */
export function CodeStep({ flow, onDone, onFatal }: StepProps) {
  const { t } = useTranslation();
  const id = useId();
  const send = useSendProofCode();
  const check = useCheckProofCode();
  const [sent, setSent] = useState<Sent | null>(null);
  // What went wrong choosing a method; the code's own messages are the form's.
  const [error, setChooseError] = useState<string | null>(null);
  const length = sent?.length ?? 0;
  // Messages are texts here: a 429 from the server adds its wait to the sentence.
  const schema = z.object({
    code: z
      .string()
      .refine((code) => code !== '', t('fuzzion.code.required'))
      // A code of the wrong length cannot be right: told here, not sent.
      .refine(
        (code) => new RegExp(`^\\d{${length}}$`).test(code.replace(/\s/g, '')),
        t('mfa.code.format', { length }),
      ),
  });
  const { code, handleSubmit, setError, clearErrors, reset, formState } = useCodeForm(schema);
  const resend = useResendCode(false);
  const [resent, setResent] = useState(false);

  const choose = async (mfaId: number) => {
    setChooseError(null);
    try {
      const answer = await send.mutateAsync({ payload: flow.payload, mfaId });
      setSent({
        payload: answer.payload,
        target: answer.target,
        length: answer.code_length,
        resendAt: resendAtFrom(answer.resend_in),
      });
    } catch (cause) {
      if (cause instanceof ApiError && cause.status === 429) setChooseError(errorMessage(t, cause));
      else onFatal();
    }
  };

  const resendCode = async () => {
    if (!sent) return;
    setResent(false);
    try {
      const answer = await resend.mutateAsync(sent.payload);
      setSent({ ...sent, resendAt: resendAtFrom(answer.resend_in) });
      // A new code: the error about the last one is gone with it.
      clearErrors('code');
      setResent(true);
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === 'resend_too_soon' && cause.retryAfterSeconds)
        setSent({ ...sent, resendAt: resendAtFrom(cause.retryAfterSeconds) });
      else setError('code', { message: errorMessage(t, cause) });
    }
  };

  const confirm = handleSubmit(async ({ code: typed }) => {
    if (!sent) return;
    try {
      await check.mutateAsync({ payload: sent.payload, code: typed });
      onDone();
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === 'invalid_code')
        setError('code', { message: t('fuzzion.code.invalid') });
      else if (cause instanceof ApiError && cause.status === 429)
        setError('code', { message: errorMessage(t, cause) });
      else onFatal();
    }
  });

  if (!sent)
    return (
      <>
        <p className={styles.intro}>{t('fuzzion.code.intro')}</p>
        {error && (
          <p role="alert" className={styles.formError}>
            {error}
          </p>
        )}
        {flow.methods.length === 0 ? (
          <p className={styles.formError}>{t('fuzzion.code.none')}</p>
        ) : (
          <ul className={styles.methods} aria-label={t('fuzzion.code.listLabel')}>
            {flow.methods.map((method) => (
              <li key={method.id}>
                <button
                  type="button"
                  className={styles.method}
                  disabled={send.isPending}
                  onClick={() => void choose(method.id)}
                >
                  <span className={styles.methodText}>
                    <span className={styles.methodName}>
                      {t(method.method === 'sms' ? 'fuzzion.code.methodSms' : 'fuzzion.code.methodEmail', {
                        target: method.target ?? '',
                      })}
                    </span>
                  </span>
                  <span className={styles.methodArrow} aria-hidden="true">
                    ›
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </>
    );

  return (
    <form className={styles.form} onSubmit={confirm} noValidate>
      <p className={styles.intro} role="status">
        <KeptValues
          text="fuzzion.code.sent"
          values={{ target: displayContact(sent.target) }}
          keep={['target']}
        />
      </p>
      <CodeField
        id={id}
        className={styles.input}
        label={t('fuzzion.code.label')}
        hint={t('fuzzion.code.hint', { length: sent.length })}
        error={formState.errors.code?.message}
        inputMode="numeric"
        clean={(typed) => typed.replace(/[^A-Za-z0-9]/g, '').slice(0, sent.length)}
        {...code}
      />
      <button type="submit" className={styles.submit} disabled={check.isPending} aria-busy={check.isPending}>
        {check.isPending && <span className={styles.spinner} aria-hidden="true" />}
        {t(check.isPending ? 'fuzzion.code.submitting' : 'fuzzion.code.submit')}
      </button>
      <ResendLink resendAt={sent.resendAt} pending={resend.isPending} resent={resent} onResend={resendCode} />
      <button
        type="button"
        className={styles.linkButton}
        onClick={() => {
          setSent(null);
          reset();
        }}
      >
        {t('fuzzion.code.another')}
      </button>
    </form>
  );
}
