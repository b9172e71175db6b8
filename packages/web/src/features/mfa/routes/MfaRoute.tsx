import {
  MESSAGE_CODE_LENGTH,
  RESEND_COUNTDOWN_INITIAL_SECONDS,
  TOTP_CODE_LENGTH,
} from '@vestibule/contract/constants';
import { mfaMethodKindSchema } from '@vestibule/contract/schemas/mfa';
import { useId, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import styles from '../../../components/CodeCard.module.css';
import { useToast } from '../../../components/Toasts';
import { KeptValues } from '../../../i18n/KeptValues';
import { useTranslation } from '../../../i18n/react';
import { destinationAfterLogin, startSession } from '../../../lib/afterLogin';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { queryClient } from '../../../lib/queryClient';
import { useCodeForm } from '../../../lib/useCodeForm';
import { resendAtFrom } from '../../../lib/useCountdown';
import { fetchUser } from '../../../lib/user';
import { decideAfterSuccess } from '../afterSuccess';
import { useResendCode } from '../api/resendCode';
import { useVerifyCode } from '../api/verifyCode';
import { type ChallengeState, clearChallenge, readChallenge, writeChallenge } from '../challengeState';
import { MfaCodeField, type MfaCodeMessage, mfaCodeSchema } from '../components/CodeField';
import { ResendLink } from '../components/ResendLink';

/** The challenge of this screen: handed over in the URL (payload + method), else the stored one. */
function challengeFromUrl(params: URLSearchParams): ChallengeState | undefined {
  const payload = params.get('payload');
  const method = mfaMethodKindSchema.safeParse(params.get('method'));
  if (payload && method.success)
    return {
      payload,
      mfaId: Number(params.get('mfaId') ?? 0),
      method: method.data,
      target: null,
      codeLength:
        method.data === 'totp'
          ? TOTP_CODE_LENGTH
          : method.data === 'totpRecovery'
            ? null
            : MESSAGE_CODE_LENGTH,
      resendAt:
        method.data === 'sms' || method.data === 'email'
          ? Date.now() + RESEND_COUNTDOWN_INITIAL_SECONDS * 1000
          : null,
    };
  return readChallenge();
}

/** mfa-methods with the same query, to choose again. */
function methodsUrl(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  for (const key of ['mfaId', 'method', 'payload']) next.delete(key);
  return `${PATHS.mfaMethods}?${next}`;
}

/** /mfa: code validation (SPEC §2, §4 "MFA validation entry modes" and "After a successful code"). */
export function MfaRoute() {
  const [params] = useSearchParams();
  const [initial] = useState(() => challengeFromUrl(params));
  if (!initial)
    return <Navigate to={params.get('isLogin') === 'true' ? PATHS.loginEmail : methodsUrl(params)} replace />;
  return <CodeScreen initial={initial} payloadGiven={params.has('payload')} />;
}

function CodeScreen({ initial, payloadGiven }: { initial: ChallengeState; payloadGiven: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const [params] = useSearchParams();
  const isLogin = params.get('isLogin') === 'true';
  const [state, setState] = useState(initial);
  const [trust, setTrust] = useState(false);
  const [resent, setResent] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const verify = useVerifyCode(isLogin);
  const resend = useResendCode(isLogin);
  const method = state.method;
  const length = state.codeLength;
  const hasResend = method === 'sms' || method === 'email';
  const { code, handleSubmit, setError, clearErrors, formState } = useCodeForm(
    mfaCodeSchema(method, length),
    {
      onChange: () => {
        if (verify.error) verify.reset();
      },
    },
  );

  const update = (next: ChallengeState) => {
    if (!payloadGiven) writeChallenge(next);
    setState(next);
  };

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      const answer = await verify.mutateAsync({
        payload: state.payload,
        code,
        ...(isLogin ? { isTrustedDevice: trust } : {}),
      });
      setFinishing(true);
      clearChallenge();
      const user = answer.access_token
        ? await startSession(answer.access_token, answer.weak_password)
        : undefined;
      if (!isLogin) await queryClient.invalidateQueries({ queryKey: ['mfa'] });
      // No keys left is no success: the recovery screen that follows says it as a warning.
      if (method === 'totpRecovery' && answer.recovery_keys_remaining !== undefined) {
        if (answer.recovery_keys_remaining > 0)
          toast.show('success', t('mfa.code.recoveryRemaining', { count: answer.recovery_keys_remaining }));
      } else if (!isLogin) toast.show('success', t('mfa.code.verified'));
      const step = decideAfterSuccess(
        method,
        answer,
        {
          isLogin,
          payloadGiven,
          redirect: params.get('redirect'),
          scope: params.get('scope'),
          action: params.get('action'),
          targetMfaId: params.get('targetMfaId'),
          weakPassword: params.get('weakPassword') === 'true',
        },
        window.location.origin,
      );
      if (step.kind === 'fullPage') window.location.assign(step.href);
      else if (step.kind === 'navigate') navigate(step.to, { replace: true });
      else if (step.kind === 'target')
        navigate(await destinationAfterLogin(user ?? (await fetchUser())), { replace: true });
      else navigate(-2);
    } catch (error) {
      setFinishing(false);
      // SPEC §4: a wrong code shows inline until the user types again.
      if (error instanceof ApiError && error.code === 'invalid_code')
        setError('code', { message: 'errors.invalid_code' });
    }
  });

  const onResend = async () => {
    setResent(false);
    try {
      const answer = await resend.mutateAsync(state.payload);
      update({ ...state, resendAt: resendAtFrom(answer.resend_in) });
      // A new code: what was said about the last one no longer applies.
      verify.reset();
      clearErrors('code');
      setResent(true);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'resend_too_soon' && error.retryAfterSeconds)
        update({ ...state, resendAt: Date.now() + error.retryAfterSeconds * 1000 });
    }
  };

  const formError =
    verify.error instanceof ApiError && verify.error.code === 'invalid_code' ? null : verify.error;
  const resendError =
    resend.error instanceof ApiError && resend.error.code === 'resend_too_soon' ? null : resend.error;
  const dead = [formError, resendError].some((e) => e instanceof ApiError && e.code === 'challenge_expired');
  // The number's SMS budget is spent: no resend, the other methods instead.
  const smsSpent = resendError instanceof ApiError && resendError.code === 'sms_limit_reached';
  const busy = verify.isPending || finishing;
  const target = state.target;
  const intro =
    method === 'totp' ? (
      t('mfa.code.totp')
    ) : method === 'totpRecovery' ? (
      t('mfa.code.totpRecovery')
    ) : target ? (
      <>
        <KeptValues
          text={method === 'sms' ? 'mfa.code.toTargetSms' : 'mfa.code.toTargetEmail'}
          values={{ length: length ?? MESSAGE_CODE_LENGTH, target }}
          keep={['target']}
        />{' '}
        {t('mfa.code.validity')}
      </>
    ) : (
      t('mfa.code.validity')
    );

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t('mfa.code.title')}</h1>
        <p className={styles.intro}>{intro}</p>

        <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy}>
          <MfaCodeField
            id={`${id}-code`}
            method={method}
            length={length}
            error={formState.errors.code?.message as MfaCodeMessage | undefined}
            {...code}
          />

          {isLogin && (
            <div className={styles.field}>
              <label className={styles.checkbox}>
                <input
                  type="checkbox"
                  checked={trust}
                  onChange={(event) => setTrust(event.target.checked)}
                  aria-describedby={`${id}-trust-hint`}
                />
                <span>{t('mfa.code.trustDevice')}</span>
              </label>
              <p id={`${id}-trust-hint`} className={styles.hint}>
                {t('mfa.code.trustDeviceHint')}
              </p>
            </div>
          )}

          {(formError || resendError) && (
            <div role="alert" className={styles.formError}>
              <p>{errorMessage(t, formError ?? resendError)}</p>
              {(dead || smsSpent) && <Link to={methodsUrl(params)}>{t('mfa.code.chooseAgain')}</Link>}
            </div>
          )}

          <button type="submit" className={styles.submit} disabled={busy}>
            {busy && <span className={styles.spinner} aria-hidden="true" />}
            {t(busy ? 'mfa.code.submitting' : 'mfa.code.submit')}
          </button>
        </form>

        {hasResend && (
          <ResendLink
            resendAt={state.resendAt}
            pending={resend.isPending}
            spent={smsSpent}
            resent={resent}
            onResend={() => void onResend()}
          />
        )}

        <ul className={styles.links}>
          <li>
            {isLogin ? (
              <Link to={PATHS.loginEmail}>{t('mfa.code.backToLogin')}</Link>
            ) : (
              <button type="button" className={styles.linkButton} onClick={() => navigate(-2)}>
                {t('mfa.code.back')}
              </button>
            )}
          </li>
          <li>
            <Link to={methodsUrl(params)} className={styles.linkButton}>
              {t('mfa.code.changeMethod')}
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
