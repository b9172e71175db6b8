import { zodResolver } from '@hookform/resolvers/zod';
import type { RecoveryTechnology } from '@vestibule/contract/schemas/recovery';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import styles from '../../../components/Card.module.css';
import { CodeInput } from '../../../components/CodeInput';
import { KeptValues } from '../../../i18n/KeptValues';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { useCountdown } from '../../../lib/useCountdown';
import { useResendResetCode } from '../api/resendResetCode';
import { useVerifyResetCode } from '../api/verifyResetCode';
import { type RecoveryState, readRecovery, writeRecovery } from '../recoveryState';

const schema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(
      z
        .string()
        .min(1, 'recovery.sent.required')
        .regex(/^\d{8}$/, 'recovery.sent.format'),
    ),
});
type FieldKey = 'recovery.sent.required' | 'recovery.sent.format' | 'errors.invalid_code';

/** /forgot-password-sent: the 8-digit code, with resend by e-mail or SMS and its countdown. */
export function ForgotPasswordSentRoute() {
  const [params] = useSearchParams();
  // A reset the support desk sent (decision 0076): its e-mail links here with the request.
  const [initial] = useState(() => {
    const sent = params.get('reset');
    if (!sent || !/^[\w-]{1,100}$/.test(sent)) return readRecovery();
    const state: RecoveryState = {
      username: '',
      usernameKind: 'email',
      payload: sent,
      recipient: [],
      technology: 'EMAIL',
      resendAt: Date.now() + 15_000,
    };
    writeRecovery(state);
    return state;
  });
  if (!initial || initial.done) return <Navigate to={PATHS.forgotPasswordEmail} replace />;
  return <CodeScreen initial={initial} />;
}

function CodeScreen({ initial }: { initial: RecoveryState }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const [state, setState] = useState(initial);
  const [resent, setResent] = useState(false);
  const verify = useVerifyResetCode();
  const resend = useResendResetCode();
  const secondsLeft = useCountdown(state.resendAt);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { code: '' },
  });

  const update = (next: RecoveryState) => {
    writeRecovery(next);
    setState(next);
  };

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      const answer = await verify.mutateAsync({ payload: state.payload, code });
      writeRecovery({ ...state, resetToken: answer.reset_token });
      navigate(PATHS.resetPassword, { replace: true });
    } catch (error) {
      // SPEC §4: a wrong code shows inline until the user types again.
      if (error instanceof ApiError && error.code === 'invalid_code')
        setError('code', { message: 'errors.invalid_code' }, { shouldFocus: true });
    }
  });

  const onResend = async (technology: RecoveryTechnology) => {
    setResent(false);
    try {
      const answer = await resend.mutateAsync({ payload: state.payload, technology });
      update({
        ...state,
        recipient: answer.recipient,
        technology: answer.technology,
        resendAt: Date.now() + answer.resend_in * 1000,
      });
      // A new code: the error about the last one is gone with it.
      clearErrors('code');
      verify.reset();
      setResent(true);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'resend_too_soon' && error.retryAfterSeconds)
        update({ ...state, resendAt: Date.now() + error.retryAfterSeconds * 1000 });
    }
  };

  const fieldError = errors.code?.message as FieldKey | undefined;
  const formError =
    verify.error instanceof ApiError && verify.error.code === 'invalid_code' ? null : verify.error;
  const resendError =
    resend.error instanceof ApiError && resend.error.code === 'resend_too_soon' ? null : resend.error;
  const dead = [formError, resendError].some((e) => e instanceof ApiError && e.code === 'challenge_expired');
  const startAgain = state.usernameKind === 'phone' ? PATHS.forgotPasswordPhone : PATHS.forgotPasswordEmail;
  const busy = isSubmitting || verify.isPending;
  // A masked number stays on one line on a narrow screen (KeptValues).
  const recipient = state.recipient[0];

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t('recovery.sent.title')}</h1>
        <p className={styles.intro}>
          {recipient ? (
            <KeptValues text="recovery.sent.toRecipient" values={{ recipient }} keep={['recipient']} />
          ) : (
            t(state.technology === 'SMS' ? 'recovery.sent.toPhone' : 'recovery.sent.toEmail')
          )}{' '}
          {t('recovery.sent.validity')}
        </p>

        <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
          <div className={styles.field}>
            <label htmlFor={`${id}-code`} className={styles.label}>
              {t('recovery.sent.code')}
            </label>
            <p id={`${id}-hint`} className={styles.hint}>
              {t('recovery.sent.codeHint')}
            </p>
            <CodeInput
              id={`${id}-code`}
              className={styles.input}
              inputMode="numeric"
              maxLength={12}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={`${id}-hint${fieldError ? ` ${id}-error` : ''}`}
              {...register('code')}
            />
            {fieldError && (
              <p id={`${id}-error`} className={styles.fieldError}>
                {t(fieldError)}
              </p>
            )}
          </div>

          {(formError || resendError) && (
            <div role="alert" className={styles.formError}>
              <p>{errorMessage(t, formError ?? resendError)}</p>
              {dead && <Link to={startAgain}>{t('recovery.startAgain')}</Link>}
            </div>
          )}

          <button type="submit" className={styles.submit} disabled={busy}>
            {busy && <span className={styles.spinner} aria-hidden="true" />}
            {t(busy ? 'recovery.sent.submitting' : 'recovery.sent.submit')}
          </button>
        </form>

        <div className={styles.resend}>
          <p className={styles.resendTitle}>{t('recovery.sent.notReceived')}</p>
          <div className={styles.resendLinks}>
            <button
              type="button"
              className={styles.linkButton}
              disabled={secondsLeft > 0 || resend.isPending}
              onClick={() => void onResend('EMAIL')}
            >
              {t('recovery.sent.resendEmail')}
            </button>
            <button
              type="button"
              className={styles.linkButton}
              disabled={secondsLeft > 0 || resend.isPending}
              onClick={() => void onResend('SMS')}
            >
              {t('recovery.sent.resendSms')}
            </button>
          </div>
          {secondsLeft > 0 && (
            <p className={styles.countdown}>{t('recovery.sent.countdown', { seconds: secondsLeft })}</p>
          )}
          <p role="status" className={styles.status}>
            {resent ? t('recovery.sent.resent') : ''}
          </p>
        </div>

        <ul className={styles.links}>
          <li>
            <Link to={startAgain}>{t('recovery.startAgain')}</Link>
          </li>
          <li>
            <Link to={PATHS.loginEmail}>{t('recovery.backToLogin')}</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
