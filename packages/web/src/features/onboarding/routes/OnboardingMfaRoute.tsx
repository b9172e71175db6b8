import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import card from '../../../components/Card.module.css';
import { CodeField } from '../../../components/CodeField';
import { KeptValues } from '../../../i18n/KeptValues';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { PATHS } from '../../../lib/paths';
import { useCodeForm } from '../../../lib/useCodeForm';
import { useCountdown } from '../../../lib/useCountdown';
import { useResendCode } from '../api/resendCode';
import { useVerifyCode } from '../api/verifyCode';
import { withResendAt } from '../components/challenge';
import { FormError, SubmitButton } from '../components/FormError';
import { OnboardingPage } from '../components/OnboardingPage';
import { type Flow, RequireFlow } from '../components/useFlow';

// Messages are translation keys; the code is sent without its spaces.
const schema = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/\s/g, ''))
    .refine((digits) => digits !== '', 'onboarding.mfa.required')
    .refine((digits) => /^\d{8}$/.test(digits), 'onboarding.mfa.format'),
});
type FieldKey = 'onboarding.mfa.required' | 'onboarding.mfa.format' | 'errors.invalid_code';

/** /onboarding-mfa: the 8-digit code sent to the e-mail or the phone of the sign-up. */
export function OnboardingMfaRoute() {
  return <RequireFlow step="email" needChallenge render={(flow) => <CodeForm flow={flow} />} />;
}

function CodeForm({ flow }: { flow: Flow }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const verify = useVerifyCode(flow.state.id);
  const resend = useResendCode(flow.state.id);
  // Kept after a right code clears it from the store, while the screen navigates on.
  const [first] = useState(flow.stored.challenge as NonNullable<Flow['stored']['challenge']>);
  const challenge = flow.stored.challenge ?? first;
  const { code, handleSubmit, setError, clearErrors, formState } = useCodeForm(schema);
  const [resent, setResent] = useState(false);
  const secondsLeft = useCountdown(challenge.resendAt);
  const byEmail = challenge.channel === 'email';

  const onSubmit = handleSubmit(async ({ code: digits }) => {
    try {
      const next = await verify.mutateAsync({ payload: challenge.payload, code: digits });
      flow.save({ state: next, challenge: undefined });
      // The code proved an address or number another account uses: the duplicate-found screen.
      if (next.duplicate?.method === challenge.channel) navigate(PATHS.onboardingDuplicate);
      else navigate(byEmail ? PATHS.onboardingPhoneVerification : PATHS.onboardingPassword);
    } catch (error) {
      // SPEC §4: a wrong code shows inline until the user types again.
      if (error instanceof ApiError && error.code === 'invalid_code')
        setError('code', { message: 'errors.invalid_code' });
    }
  });

  const onResend = async () => {
    setResent(false);
    try {
      const answer = await resend.mutateAsync(challenge.payload);
      if (answer.challenge) flow.save({ challenge: withResendAt(answer.challenge) });
      // A new code: the error about the last one is gone with it.
      clearErrors('code');
      verify.reset();
      setResent(true);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'resend_too_soon' && error.retryAfterSeconds)
        flow.save({ challenge: { ...challenge, resendAt: Date.now() + error.retryAfterSeconds * 1000 } });
    }
  };

  const fieldError = formState.errors.code?.message as FieldKey | undefined;
  const formError =
    verify.error instanceof ApiError && verify.error.code === 'invalid_code' ? null : verify.error;
  const resendError =
    resend.error instanceof ApiError && resend.error.code === 'resend_too_soon' ? null : resend.error;
  const change = byEmail ? PATHS.onboardingEmailVerification : PATHS.onboardingPhoneVerification;

  return (
    <OnboardingPage
      step={byEmail ? 4 : 5}
      title={t(byEmail ? 'onboarding.mfa.titleEmail' : 'onboarding.mfa.titleSms')}
      intro={
        <KeptValues
          text="onboarding.mfa.sent"
          values={{ recipient: challenge.recipient }}
          keep={['recipient']}
        />
      }
    >
      <form className={card.form} onSubmit={onSubmit} noValidate aria-busy={verify.isPending}>
        <CodeField
          id={`${id}-code`}
          label={t('onboarding.mfa.label')}
          hint={t('onboarding.mfa.hint')}
          error={fieldError && t(fieldError)}
          inputMode="numeric"
          maxLength={12}
          {...code}
        />
        <FormError error={formError ?? resendError} />
        <SubmitButton busy={verify.isPending} label={t('onboarding.mfa.submit')} />
      </form>
      <div className={card.resend}>
        <p className={card.resendTitle}>{t('onboarding.mfa.notReceived')}</p>
        <div className={card.resendLinks}>
          <button
            type="button"
            className={card.linkButton}
            disabled={secondsLeft > 0 || resend.isPending}
            onClick={() => void onResend()}
          >
            {t('onboarding.mfa.resend')}
          </button>
          <Link to={change} className={card.linkButton}>
            {t(byEmail ? 'onboarding.mfa.changeEmail' : 'onboarding.mfa.changePhone')}
          </Link>
        </div>
        {secondsLeft > 0 && (
          <p className={card.countdown}>{t('onboarding.mfa.countdown', { seconds: secondsLeft })}</p>
        )}
        <p role="status" className={card.status}>
          {resent ? t('onboarding.mfa.resent') : ''}
        </p>
      </div>
    </OnboardingPage>
  );
}
