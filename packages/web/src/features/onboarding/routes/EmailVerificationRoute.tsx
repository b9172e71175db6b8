import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import card from '../../../components/Card.module.css';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { contactInputError } from '../../../lib/contactInput';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { useSendEmailCode } from '../api/sendEmailCode';
import { withResendAt } from '../components/challenge';
import { FormError, SubmitButton } from '../components/FormError';
import { OnboardingPage } from '../components/OnboardingPage';
import { type Flow, RequireFlow } from '../components/useFlow';

/** /onboarding/email-verification: continue with the current e-mail, or use another one. */
export function EmailVerificationRoute() {
  return <RequireFlow step="email" render={(flow) => <EmailForm flow={flow} />} />;
}

function EmailForm({ flow }: { flow: Flow }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const send = useSendEmailCode(flow.state.id);
  const [other, setOther] = useState(false);
  const [address, setAddress] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { state } = flow;
  const invited = state.invitation_email !== null && state.invitation_email === state.email;

  const go = async (email?: string) => {
    try {
      const answer = await send.mutateAsync(email === undefined ? {} : { email });
      flow.save({
        state: answer.state,
        challenge: answer.challenge ? withResendAt(answer.challenge) : undefined,
      });
      navigate(answer.challenge ? PATHS.onboardingMfa : PATHS.onboardingPhoneVerification);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'onboarding_invalid_email')
        setFieldError(errorMessage(t, error));
    }
  };

  const formError =
    send.error instanceof ApiError && send.error.code === 'onboarding_invalid_email' && other
      ? null
      : send.error;
  return (
    <OnboardingPage step={4} title={t('onboarding.email.title')} intro={t('onboarding.email.intro')}>
      <div className={card.valueBox}>
        <span className={card.valueLabel}>{t('onboarding.email.current')}</span>
        <span className={card.value}>{state.email}</span>
        {invited && <span className={card.hint}>{t('onboarding.email.invited')}</span>}
      </div>
      {!other && <FormError error={formError} />}
      {!other && (
        <div className={card.actions}>
          <button type="button" className={card.submit} disabled={send.isPending} onClick={() => void go()}>
            {send.isPending && <span className={card.spinner} aria-hidden="true" />}
            {send.isPending ? t('onboarding.submitting') : t('onboarding.email.continueWith')}
          </button>
          <button type="button" className={card.secondary} onClick={() => setOther(true)}>
            {t('onboarding.email.other')}
          </button>
        </div>
      )}
      {other && (
        <form
          className={card.form}
          noValidate
          aria-busy={send.isPending}
          onSubmit={(event) => {
            event.preventDefault();
            if (!address.trim()) return setFieldError(t('onboarding.email.required'));
            // The contract's rule, as the server applies it: a malformed address is not sent.
            if (contactInputError('email', address))
              return setFieldError(t('onboarding.create.invalidEmail'));
            void go(address.trim());
          }}
        >
          <div className={card.field}>
            <label htmlFor={`${id}-email`} className={card.label}>
              {t('onboarding.email.otherLabel')}
            </label>
            <input
              id={`${id}-email`}
              className={card.input}
              type="email"
              autoComplete="email"
              value={address}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${id}-error` : undefined}
              onChange={(event) => {
                setAddress(event.target.value);
                setFieldError(null);
              }}
            />
            {fieldError && (
              <p id={`${id}-error`} className={card.fieldError}>
                {fieldError}
              </p>
            )}
          </div>
          <FormError error={formError} />
          <SubmitButton busy={send.isPending} label={t('onboarding.email.sendTo')} />
        </form>
      )}
      <Link to={PATHS.onboardingCreate} className={card.backLink}>
        {t('onboarding.back')}
      </Link>
    </OnboardingPage>
  );
}
