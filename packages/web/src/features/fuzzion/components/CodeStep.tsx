import type { FuzzionState } from '@vestibule/contract/schemas/fuzzion';
import { useId, useState } from 'react';
import { CodeInput } from '../../../components/CodeInput';
import { KeptValues } from '../../../i18n/KeptValues';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { displayContact } from '../../../lib/displayContact';
import { errorMessage } from '../../../lib/errorMessage';
import { resendAtFrom } from '../../../lib/useCountdown';
import { ResendLink, resendCode as resendProofCode } from '../../mfa';
import { useCheckProofCode } from '../api/checkProofCode';
import { useSendProofCode } from '../api/sendProofCode';
import styles from '../styles';

interface Sent {
  payload: string;
  target: string;
  length: number;
  /** Epoch ms from which a resend is allowed (the server's resend_in). */
  resendAt: number | null;
}

/** Step 1: a code to a contact of the other account proves the user can use it. */
export function CodeStep({
  flow,
  onDone,
  onFatal,
}: {
  flow: FuzzionState;
  onDone: () => void;
  onFatal: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const send = useSendProofCode();
  const check = useCheckProofCode();
  const [sent, setSent] = useState<Sent | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState(false);

  const choose = async (mfaId: number) => {
    setError(null);
    try {
      const answer = await send.mutateAsync({ payload: flow.payload, mfaId });
      setSent({
        payload: answer.payload,
        target: answer.target,
        length: answer.code_length,
        resendAt: resendAtFrom(answer.resend_in),
      });
    } catch (cause) {
      if (cause instanceof ApiError && cause.status === 429) setError(errorMessage(t, cause));
      else onFatal();
    }
  };

  const resendCode = async () => {
    if (!sent) return;
    setResent(false);
    setResending(true);
    try {
      const answer = await resendProofCode(sent.payload, false);
      setSent({ ...sent, resendAt: resendAtFrom(answer.resend_in) });
      // A new code: the error about the last one is gone with it.
      setError(null);
      setResent(true);
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === 'resend_too_soon' && cause.retryAfterSeconds)
        setSent({ ...sent, resendAt: resendAtFrom(cause.retryAfterSeconds) });
      else setError(errorMessage(t, cause));
    } finally {
      setResending(false);
    }
  };

  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!sent) return;
    if (!code) return setError(t('fuzzion.code.required'));
    // A code of the wrong length cannot be right: told here, not sent.
    if (!new RegExp(`^\\d{${sent.length}}$`).test(code.replace(/\s/g, '')))
      return setError(t('mfa.code.format', { length: sent.length }));
    try {
      await check.mutateAsync({ payload: sent.payload, code });
      onDone();
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === 'invalid_code') setError(t('fuzzion.code.invalid'));
      else if (cause instanceof ApiError && cause.status === 429) setError(errorMessage(t, cause));
      else onFatal();
    }
  };

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
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {t('fuzzion.code.label')}
        </label>
        <p id={`${id}-hint`} className={styles.hint}>
          {t('fuzzion.code.hint', { length: sent.length })}
        </p>
        <CodeInput
          id={id}
          className={styles.input}
          inputMode="numeric"
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            setCode(event.target.value.replace(/[^A-Za-z0-9]/g, '').slice(0, sent.length));
            setError(null);
          }}
        />
        {error && (
          <p id={`${id}-error`} className={styles.fieldError}>
            {error}
          </p>
        )}
      </div>
      <button type="submit" className={styles.submit} disabled={check.isPending} aria-busy={check.isPending}>
        {check.isPending && <span className={styles.spinner} aria-hidden="true" />}
        {t(check.isPending ? 'fuzzion.code.submitting' : 'fuzzion.code.submit')}
      </button>
      <ResendLink resendAt={sent.resendAt} pending={resending} resent={resent} onResend={resendCode} />
      <button type="button" className={styles.linkButton} onClick={() => setSent(null)}>
        {t('fuzzion.code.another')}
      </button>
    </form>
  );
}
