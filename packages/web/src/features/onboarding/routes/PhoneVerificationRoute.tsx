import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import card from '../../../components/Card.module.css';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { contactInputError } from '../../../lib/contactInput';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { useSendPhoneCode } from '../api/sendPhoneCode';
import { withResendAt } from '../components/challenge';
import { FormError, SubmitButton } from '../components/FormError';
import { OnboardingPage } from '../components/OnboardingPage';
import { type Flow, RequireFlow } from '../components/useFlow';

/** /onboarding/phone-verification: the mobile number, which gets an SMS code. */
export function PhoneVerificationRoute() {
  return <RequireFlow step="phone" render={(flow) => <PhoneForm flow={flow} />} />;
}

function PhoneForm({ flow }: { flow: Flow }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const send = useSendPhoneCode(flow.state.id);
  const [phone, setPhone] = useState(flow.state.phone ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!phone.trim()) return setFieldError(t('onboarding.phone.required'));
    // A malformed number is told here, not sent (the server would answer the same 422).
    if (contactInputError('phone', phone)) return setFieldError(t('errors.onboarding_invalid_phone'));
    try {
      const answer = await send.mutateAsync({ phone });
      flow.save({
        state: answer.state,
        challenge: answer.challenge ? withResendAt(answer.challenge) : undefined,
      });
      navigate(PATHS.onboardingMfa);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'onboarding_invalid_phone')
        setFieldError(errorMessage(t, error));
    }
  };

  const formError =
    send.error instanceof ApiError && send.error.code === 'onboarding_invalid_phone' ? null : send.error;
  return (
    <OnboardingPage step={5} title={t('onboarding.phone.title')} intro={t('onboarding.phone.intro')}>
      <form className={card.form} onSubmit={onSubmit} noValidate aria-busy={send.isPending}>
        <div className={card.field}>
          <label htmlFor={`${id}-phone`} className={card.label}>
            {t('onboarding.phone.label')}
          </label>
          <p id={`${id}-hint`} className={card.hint}>
            {t('onboarding.phone.hint')}
          </p>
          <input
            id={`${id}-phone`}
            className={card.input}
            type="tel"
            autoComplete="tel"
            value={phone}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${id}-hint${fieldError ? ` ${id}-error` : ''}`}
            onChange={(event) => {
              setPhone(event.target.value);
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
        <SubmitButton busy={send.isPending} label={t('onboarding.phone.submit')} />
      </form>
      <Link to={PATHS.onboardingEmailVerification} className={card.backLink}>
        {t('onboarding.back')}
      </Link>
    </OnboardingPage>
  );
}
